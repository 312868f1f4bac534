/**
 * The failure texts of the calls (spec 000 §8): what any call may end with, whatever widget made
 * it. The page runtime and the api need only these.
 */
export const STOREFRONT_MESSAGES = {
  // Failures every call shares (spec 000 §8 "Add to cart", the rule for calls without their own)
  crumbExpired: 'Your session has expired. Please reload the page and try again.',
  crumbCookiesOff: 'Please enable cookies in your browser, reload the page, and try again.',
  tooManyRequests: 'Please try again in a few seconds.',
  checkConnection: 'Please check your internet connection',
  tryAgain: 'Please try again',
} as const;

export type StorefrontMessageKey = keyof typeof STOREFRONT_MESSAGES;
