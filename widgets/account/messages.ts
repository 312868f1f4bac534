/**
 * Texts of the sign-in widget. The spec words the failures (spec 000 §8: a 429 reads "Please try
 * again in a few seconds.", any other failure the server's message, such as "Invalid email or
 * password."); the labels are ours. The page overrides any key through `strings` in the props.
 */
import { createMessages, type Messages } from '../../src/messages/format.js';

export const ACCOUNT_MESSAGES = {
  formLabel: 'Sign in',
  email: 'Email',
  password: 'Password',
  rememberMe: 'Keep me signed in',
  signIn: 'Sign in',
  signingIn: 'Signing in…',
  missing: 'Enter your email and password.',
  signInFailedTitle: 'Unable to Sign In',
  signedInAs: 'Signed in as {email}',
  signOut: 'Sign out',
  signingOut: 'Signing out…',
  signOutFailedTitle: 'Unable to Sign Out',
  signedOut: 'You are signed out.',
  createAccount: 'Create an account',
} as const;

export type AccountMessageKey = keyof typeof ACCOUNT_MESSAGES;
export type AccountMessages = Messages<AccountMessageKey>;

export function accountMessages(strings?: Readonly<Record<string, string>> | null): AccountMessages {
  return createMessages(strings ?? null, ACCOUNT_MESSAGES);
}
