/**
 * `dist/loader.js`: the one script tag a site pastes. Classic script (IIFE), no framework.
 * Widget chunks are resolved next to this script's own URL, so the whole dist/ folder can be
 * served from any path or CDN. Where `window.Storefront` is already defined (another script, or
 * this loader loaded twice) it leaves the value alone, mounts nothing and says so.
 */
import { GLOBAL_NAME } from '../src/contract.js';
import { createLoader, type Runtime, type StorefrontGlobal } from './loader.js';

declare global {
  interface Window {
    /** The page contract's global (GLOBAL_NAME), defined by the loader. */
    [GLOBAL_NAME]?: StorefrontGlobal;
  }
}

declare const __SF_VERSION__: string;
declare const __SF_WIDGETS__: readonly string[];
declare const __SF_STYLED__: readonly string[];
declare const __SF_HOMES__: Readonly<Record<string, string>>;
declare const __SF_CART_CODE__: readonly string[];

if (typeof document !== 'undefined' && typeof window !== 'undefined') {
  const script = document.currentScript as HTMLScriptElement | null;
  const base = script?.src || document.baseURI;
  const importModule = (url: string) => import(/* @vite-ignore */ url);
  // A property of the window's own, as a script's `var`, function or assignment makes one: an
  // element whose id is the name is reachable as `window.Storefront` too (`in` sees it), and a
  // theme's `<div id="Storefront">` must not switch the loader off.
  // eslint-disable-next-line no-prototype-builtins -- the window inherits it from Object.prototype
  if (window.hasOwnProperty(GLOBAL_NAME)) {
    // Someone else's value, or a copy of this loader already running: never overwrite it, and
    // never mount next to whatever owns it. The runtime chunk says so (console and sf:error).
    importModule(new URL('widgets/runtime.js', base).href).then(
      (rt: Runtime) => rt.globalTaken(),
      () => undefined,
    );
  } else {
    window[GLOBAL_NAME] = createLoader({
      doc: document,
      base,
      version: __SF_VERSION__,
      widgets: __SF_WIDGETS__,
      styled: __SF_STYLED__,
      homes: __SF_HOMES__,
      cartCode: __SF_CART_CODE__,
      importModule,
    });
  }
}
