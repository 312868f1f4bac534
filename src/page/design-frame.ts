/**
 * The page's side of the editor's design frame, beyond navigation (./navigate.ts): the editor
 * re-themes the page by message, `{ type: 'sf:set-theme', tokens }`. A chunk of its own, loaded
 * only when the site context says `designFrame` (./runtime.ts): a published page's shoppers never
 * fetch it, and their themes come from the site's stylesheet through the same tokens.
 */
import {
  THEME_MESSAGE_TYPE,
  THEME_READY_MESSAGE_TYPE,
  THEME_TOKENS,
  THEME_VALUE_MAX_LENGTH,
  type ThemeToken,
} from '../contract.js';
import { isRecord, readStringEntries } from '../result.js';

/**
 * What a token value may not hold: anything that loads something (`url(`, `image-set(`,
 * `@import`), the old IE script hook (`expression`), or anything that ends the declaration or
 * escapes it (`;`, braces, angle brackets, backslashes, control characters).
 */
// eslint-disable-next-line no-control-regex -- control characters are among what it refuses
const UNSAFE_VALUE = /url\(|image-set\(|expression|@import|[;{}<>\\\u0000-\u001f\u007f]/i;

const known = (name: string): name is ThemeToken => (THEME_TOKENS as readonly string[]).includes(name);

/** A theme message read: the tokens the frame takes, and why each other one was refused. */
export interface ThemeMessage {
  readonly tokens: Partial<Record<ThemeToken, string>>;
  readonly issues: readonly string[];
}

/**
 * Reads a theme message: its known tokens with values the frame takes, and the refused ones named
 * in the issues (a message may have both). Null for what is no theme message at all.
 */
export function readThemeMessage(data: unknown): ThemeMessage | null {
  if (!isRecord(data) || data.type !== THEME_MESSAGE_TYPE) return null;
  const entries = readStringEntries(data.tokens);
  if (!entries) return { tokens: {}, issues: ['tokens is not an object of strings'] };
  const tokens: Partial<Record<ThemeToken, string>> = {};
  const issues: string[] = [];
  for (const [name, value] of Object.entries(entries)) {
    if (!known(name)) issues.push(`${name} is not a theme token`);
    else if (value.length > THEME_VALUE_MAX_LENGTH)
      issues.push(`${name} is longer than ${THEME_VALUE_MAX_LENGTH} characters`);
    else if (UNSAFE_VALUE.test(value)) issues.push(`${name} holds a value the frame refuses`);
    else tokens[name] = value.trim();
  }
  return { tokens, issues };
}

/**
 * Sets tokens on the page's root (`""` removes one). A CSSOM write, allowed under a CSP without
 * 'unsafe-inline'; the widgets' stylesheets read the tokens, so they change with no render.
 */
export function applyTheme(root: HTMLElement, tokens: Partial<Record<ThemeToken, string>>): void {
  for (const [name, value] of Object.entries(tokens)) {
    if (value) root.style.setProperty(name, value);
    else root.style.removeProperty(name);
  }
}

/**
 * Follows the editor's theme messages: only those from the parent window on this page's own
 * origin, as the editor takes `sf:set-frame-url` only from its frame (demo/assets/editor.js).
 * Then tells the editor, on this origin only, that it listens. Returns the stop.
 */
export function followEditor(win: Window): () => void {
  const onMessage = (event: MessageEvent) => {
    if (win.parent === win || event.source !== win.parent) return;
    if (event.origin !== win.location.origin) return;
    const read = readThemeMessage(event.data);
    if (!read) return;
    applyTheme(win.document.documentElement, read.tokens);
    if (read.issues.length) console.warn(`[storefront] sf:set-theme: ${read.issues.join('; ')}`);
  };
  win.addEventListener('message', onMessage);
  if (win.parent !== win) win.parent.postMessage({ type: THEME_READY_MESSAGE_TYPE }, win.location.origin);
  return () => win.removeEventListener('message', onMessage);
}
