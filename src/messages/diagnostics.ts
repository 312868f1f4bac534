/**
 * Developer-facing texts of spec 001 §8: logged or reported, never shown to visitors, so they are
 * not overridable. Kept here so logs read the same everywhere, and in a module of their own so a
 * framework-free module (the captcha) carries these few strings, not the whole joined catalogue of
 * ./index.ts (which re-exports them).
 *
 * `DIAGNOSTICS` is the namespace of ./diagnostic-texts.ts, one export per text: a chunk carries
 * only the texts its code names, where an object's unused keys would all travel with it.
 */
export * as DIAGNOSTICS from './diagnostic-texts.js';
