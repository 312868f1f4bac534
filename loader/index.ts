/**
 * `dist/loader.js`: the one script tag a site pastes. Classic script (IIFE), no framework.
 * Widget chunks are resolved next to this script's own URL, so the whole dist/ folder can be
 * served from any path or CDN. Loaded twice, the second copy does nothing.
 */
import { GLOBAL_NAME } from '../src/contract.js';
import { createLoader } from './loader.js';

declare const __SF_VERSION__: string;
declare const __SF_WIDGETS__: readonly string[];
declare const __SF_STYLED__: readonly string[];

if (typeof document !== 'undefined' && typeof window !== 'undefined' && !(GLOBAL_NAME in window)) {
  const script = document.currentScript as HTMLScriptElement | null;
  (window as unknown as Record<string, unknown>)[GLOBAL_NAME] = createLoader({
    doc: document,
    base: script?.src || document.baseURI,
    version: __SF_VERSION__,
    widgets: __SF_WIDGETS__,
    styled: __SF_STYLED__,
    importModule: (url) => import(/* @vite-ignore */ url),
  });
}
