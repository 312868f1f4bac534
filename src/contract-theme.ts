/**
 * The page contract's theme tokens and the editor's theme message. They belong with
 * src/contract.ts but live apart: the contract travels in every page's start-up chunk, and only a
 * page in the design frame reads these (src/page/design-frame.ts). A published page sets the same
 * tokens in its own stylesheet (docs/page-contract.md#theme-tokens). Pinned by
 * tests/src/contract.test.ts.
 */

/** Every custom property the widgets' stylesheets read a theme from, by what it sets. */
export const THEME_TOKENS = [
  // colours
  '--sf-theme-text',
  '--sf-theme-muted',
  '--sf-theme-accent',
  '--sf-theme-accent-text',
  '--sf-theme-error',
  '--sf-theme-sale',
  '--sf-theme-surface',
  '--sf-theme-border',
  '--sf-theme-backdrop',
  // fonts
  '--sf-theme-font',
  '--sf-theme-heading-font',
  // buttons: shape and style
  '--sf-theme-button-radius',
  '--sf-theme-button-padding',
  '--sf-theme-button-case',
  '--sf-theme-button-weight',
  '--sf-theme-button-border',
  // shape and spacing
  '--sf-theme-radius',
  '--sf-theme-gap',
  // entrance animations
  '--sf-theme-animation-duration',
  '--sf-theme-animation-offset',
] as const;

export type ThemeToken = (typeof THEME_TOKENS)[number];

/**
 * Posted by the editor to its design frame: sets theme tokens on the page's root, so the widgets
 * change at once. A value of `""` takes the token back to the stylesheet's own.
 */
export const THEME_MESSAGE_TYPE = 'sf:set-theme';
export interface ThemeMessage {
  type: typeof THEME_MESSAGE_TYPE;
  tokens: Partial<Record<ThemeToken, string>>;
}

/**
 * Posted by the design frame to its editor (`{ type: 'sf:theme-ready' }`, to the page's own
 * origin only) once it follows theme messages: the editor then sends the tokens it holds, so a
 * reloaded frame shows the unsaved theme again.
 */
export const THEME_READY_MESSAGE_TYPE = 'sf:theme-ready';

/** The longest token value the frame takes, in characters (a font stack fits easily). */
export const THEME_VALUE_MAX_LENGTH = 200;
