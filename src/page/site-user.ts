/**
 * The site user signed in on this page through `login` (./session.ts), until `logout`. Apart from
 * the session calls so the platform layer can name the user in its events without loading them:
 * a page that never signs anyone in never fetches the session code. Kept in the page's state
 * (./page-state.ts).
 */
import { pageState } from './page-state.js';

/** The site user signed in on this page through `login`, until `logout`. */
export const loginId = (): string | null => pageState().loginId ?? null;

/** Set by the session calls only. */
export const setLoginId = (id: string | null): void => {
  pageState().loginId = id;
};
