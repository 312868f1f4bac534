/**
 * The shared message catalogue: every user-facing text the specs quote, keyed once, with
 * `{placeholder}` interpolation through `format`. A page may override any key (for translation or
 * wording) through `createMessages`. Widget catalogues build on the same functions.
 *
 * Where a spec describes a text without quoting all of it (instalment range, subscription
 * durations, relative times), the wording here is ours and says so in a comment.
 */

export const MESSAGES = {
  // Product labels and defaults (spec 001 §4, §9; spec 000 §2)
  addToCart: 'Add To Cart',
  subscribe: 'Subscribe',
  purchase: 'Purchase',
  quantity: 'Quantity',
  soldOut: 'sold out',
  sale: 'sale',
  quickView: 'Quick View',
  noAnswer: 'N/A',
  selectValue: 'Select Value',
  selectVariant: 'Select {variantName}',
  /** Ours: the spec names the gift card value label but does not quote its default. */
  giftCardValue: 'Value',
  likertStronglyDisagree: 'Strongly Disagree',
  likertDisagree: 'Disagree',
  likertNeutral: 'Neutral',
  likertAgree: 'Agree',
  likertStronglyAgree: 'Strongly Agree',
  free: 'Free',
  outOfStock: 'out of stock',

  // Add-to-cart button states (spec 000 §4)
  adding: 'Adding…',
  added: 'Added!',

  // Add-to-cart validation (spec 000 §5)
  selectOneOption: 'Please select the {option} option.',
  selectTwoOptions: 'Please select the {option1} and {option2} options.',
  selectManyOptions: 'Please select the {optionsList} and {lastOption} options.',
  variantUnavailable: 'Sorry, that item variant is unavailable. Please select another variant.',
  notEnoughStock: 'Sorry, we do not have enough of that item available.',
  quantityNotNumber: 'Quantity must be a number.',
  quantityNotWhole: 'Quantity must be a whole number.',
  giftCardDenomination: 'Select a denomination for the Gift Card.',

  // Add-to-cart failures (spec 000 §8)
  crumbExpired: 'Your session has expired. Please reload the page and try again.',
  crumbCookiesOff: 'Please enable cookies in your browser, reload the page, and try again.',
  tooManyRequests: 'Please try again in a few seconds.',
  unableToAddItem: 'Unable to Add Item',
  unableToPurchaseItem: 'Unable to Purchase Item',
  unableToPurchaseGiftCard: 'Unable to purchase Gift Card',

  // Cart (spec 000 §2, §8; spec 001 §8, §9)
  cartItem: 'item',
  cartItems: 'items',
  cartCountOverflow: '100+',
  cartBadgeOne: 'One item in cart',
  cartBadgeMany: '{count} items in cart',
  cartBadgeOverflow: 'More than 100 items in cart',
  cartUpdateQuantityFailed: 'Unable to update quantity',
  cartUpdateFormFailed: 'Unable to update form',
  cartOpenFormFailed: 'Unable to open form',
  cartRemoveFailed: 'Unable to remove item',
  checkConnection: 'Please check your internet connection',
  tryAgain: 'Please try again',

  // Instalments (spec 000 §5). The range texts are described, not quoted; wording is ours.
  instalmentUpTo: 'Available for orders up to {amount}',
  instalmentOver: 'Available for orders over {amount}',
  instalmentMinimumSubtotal: 'To check out, your order subtotal must be {subtotal} or more.',
  instalmentPayments: '{count} interest-free payments of {amount}',
  instalmentPaymentsInline: 'or {count} interest-free payments of {amount} with',

  // Additional-fields form (spec 000 §4, §5)
  required: 'Required',
  saving: 'Saving…',

  // Restock sign-up (spec 000 §2, §5)
  signedUp: 'Signed up!',
  emailBlank: 'Email cannot be blank',
  emailInvalid: 'Email is invalid',
  captchaIncomplete: 'Complete CAPTCHA before submitting.',

  // Generic site form (spec 000 §2, §4, §5, §8)
  submitting: 'Submitting…',
  characterCount: '{count} / {max}',
  characterLimitExceeded: 'You have exceeded the character limit.',
  formEmailInvalid: 'Email is not valid. Email addresses should follow the format {email}.',
  formFieldsInvalid: 'One or more fields is invalid, please check your entries.',
  form401: 'Unable to submit form. Please try again later.',
  form404: 'This form has not been configured yet.',
  form429: 'Unable to submit form. Submission rate limit exceeded. Please try again later.',
  form500: 'Unable to send form. Please try again later.',
  formUnknownError: 'Unknown error, please try again later.',
  formProcessingError: 'Error processing form submission. Please reload and try again.',
  formKeyError: 'Could not get a form submission key, please try again later.',
  formParseError: 'Could not parse the form fields, please check your entries.',
  formProblemScrollDown: 'Your form has encountered a problem. Please scroll down to review.',
  formProblemScrollUp: 'Your form has encountered a problem. Please scroll up to review.',

  // Template texts (spec 001 §5)
  commentsNone: 'No Comments',
  commentsOne: '1 Comment',
  commentsMany: '{count} Comments',
  invalidDate: 'Invalid date',

  // Subscription price text (spec 001 §5). The spec quotes the parts; joining them is ours.
  subscriptionEveryWeek: 'every week',
  subscriptionEveryMonth: 'every month',
  subscriptionEveryYear: 'every year',
  subscriptionEveryWeeks: 'every {count} weeks',
  subscriptionEveryMonths: 'every {count} months',
  subscriptionEveryYears: 'every {count} years',
  subscriptionForWeek: 'for 1 week',
  subscriptionForMonth: 'for 1 month',
  subscriptionForYear: 'for 1 year',
  subscriptionForWeeks: 'for {count} weeks',
  subscriptionForMonths: 'for {count} months',
  subscriptionForYears: 'for {count} years',
  subscriptionPrice: '{price} {period}',
  subscriptionPriceWithDuration: '{price} {period} {duration}',
  subscriptionUnavailable: 'Unavailable',

  // Relative times (spec 001 §9 names the units and "about a year ago"; the rest follows it)
  relativeLessThanMinute: 'less than a minute ago',
  relativeMinute: 'about a minute ago',
  relativeHour: 'about an hour ago',
  relativeDay: 'about a day ago',
  relativeWeek: 'about a week ago',
  relativeMonth: 'about a month ago',
  relativeYear: 'about a year ago',
  relativeMinutes: 'about {count} minutes ago',
  relativeHours: 'about {count} hours ago',
  relativeDays: 'about {count} days ago',
  relativeWeeks: 'about {count} weeks ago',
  relativeMonths: 'about {count} months ago',
  relativeYears: 'about {count} years ago',

  // Shared user messages (spec 001 §8)
  somethingWentWrong: 'Something went wrong',
  unableToLoadTryAgain: 'Unable to load. Try again.',
  unableToLoadResults: 'Unable to load results',
  networkError: 'Network error',
  fileUploadIncomplete: 'File upload failed to complete',
  fileProcessingIncomplete: 'File processing failed to complete',
  fileRenameProblem: 'There was a problem while renaming your file.',
  fileUploadProblem: 'There was a problem while uploading your file.',
  unableToConnect: 'Unable to connect. Please try again',
  timezoneLoadFailed: 'Failed to load timezone',
  /** Ours: the spec describes this message without quoting it. */
  videoBasicAccountUnsupported:
    '{provider} basic accounts are not supported. Please share a video from another {provider} account.',
  codeEditingAndroid: 'Code editing is not available on Android.',
  fontsLoadFailed: 'Unable to load fonts',
  collectionsLoadFailed: 'Unable to load collections',

  // Validation messages (spec 001 §8)
  enterValidEmail: 'Please enter a valid email',
  emailFormat: 'Emails must be formatted as {email}',
  /** The spec writes both examples as `{host}`; the second is named apart so they can differ. */
  linkFormat: 'Links must be formatted as {host} or {altHost}',
  invalidPageUrl: '{val} is not a valid page URL',
  unexpectedOption: '{val} is not one of the expected options',
  tagExists: 'This {tagType} already exists',
  editOneTag: 'You may only edit one {tagType} at a time',
  listRequired: 'A List must be selected',
  fileNameRequired: 'Please enter a file name',
  datasetNeedsColumn: 'Your dataset must have at least one column',
  datasetNeedsRow: 'Your dataset must have at least one row',
  enterSomeData: 'Enter some data!',
  rowsMissingData: 'One or more rows was missing data',
  fileTooLarge: 'The file {fileName} is too large. The maximum allowed file size is {maxSize}.',
  fileTypeUnsupported: 'The file {fileName} does not appear to be a supported {fileTypeMessage}file.',
} as const;

export type MessageKey = keyof typeof MESSAGES;

export type MessageParams = Readonly<Record<string, string | number>>;

/**
 * Developer-facing texts of spec 001 §8: logged or reported, never shown to visitors, so they are
 * not overridable. Kept here so logs read the same everywhere.
 */
export const DIAGNOSTICS = {
  trackingHttpStatus: 'Error tracking event: HTTP Status {code}',
  performanceUnexpectedStatus: 'XHR request DONE with unexpected status',
  performanceSettingsTimeout: 'Metric settings request timeout',
  performanceNoPageLoadId: 'Unable to resolve pageLoadId',
  performanceEmptyRecord: 'Data is empty',
  storageWriteFailed: 'Unable to store analyticsId',
  storageUnavailable: 'Unable access local/session storage',
  captchaNotSetUp: 'ReCaptcha has not been set up!',
  experimentNotLoaded: 'the underlying configuration is not loaded',
  experimentUnknownFeature: 'the specified feature does not exist',
  experimentTypeMismatch: 'the specified feature is not a {type}',
  experimentInvalidDefinition: 'the specified feature has an invalid server-side definition',
  imageSizeInvalidSource: "Invalid source parameter. Pass in 'originalSize'",
  formatterNotImplemented: 'formatter is not yet implemented',
  cssChunkLoadFailed: 'CSS_CHUNK_LOAD_FAILED',
} as const;

const PLACEHOLDER_RE = /\{([A-Za-z0-9_]+)\}/g;
const hasOwn = (o: object, k: PropertyKey): boolean => Object.prototype.hasOwnProperty.call(o, k);

/**
 * The one interpolation function: replaces `{name}` with `params[name]`. Unknown placeholders stay
 * as written so a missing parameter is visible rather than silently blank. Values are inserted as
 * text; escaping is the renderer's job (React escapes).
 */
export function format(template: string, params?: MessageParams): string {
  if (!params) return template;
  return template.replace(PLACEHOLDER_RE, (whole, name: string) => {
    if (!hasOwn(params, name)) return whole;
    const value = params[name];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : whole;
  });
}

export interface Messages<K extends string = MessageKey> {
  /** The text for a key, with overrides applied and placeholders filled. */
  t(key: K, params?: MessageParams): string;
}

/**
 * Builds a lookup over a catalogue (the shared one by default) with page overrides applied.
 * Overrides come from page JSON, so anything that is not a string, or names a key the catalogue
 * does not have, is ignored.
 */
export function createMessages<C extends Readonly<Record<string, string>> = typeof MESSAGES>(
  overrides?: Partial<Record<keyof C & string, string>> | Readonly<Record<string, unknown>> | null,
  catalogue: C = MESSAGES as unknown as C,
): Messages<keyof C & string> {
  const table: Record<string, string> = { ...catalogue };
  if (overrides && typeof overrides === 'object' && !Array.isArray(overrides)) {
    for (const key of Object.keys(overrides)) {
      const value = (overrides as Record<string, unknown>)[key];
      if (hasOwn(catalogue, key) && typeof value === 'string') table[key] = value;
    }
  }
  return {
    t(key, params) {
      const template = hasOwn(table, key) ? table[key] : undefined;
      return format(template ?? key, params);
    },
  };
}

/** The shared catalogue without overrides. */
export const defaultMessages: Messages = createMessages();

/** Comment count text of spec 001 §5: No Comments, 1 Comment, N Comments. */
export function commentCountText(count: number, messages: Messages = defaultMessages): string {
  if (count === 1) return messages.t('commentsOne');
  if (!Number.isFinite(count) || count <= 0) return messages.t('commentsNone');
  return messages.t('commentsMany', { count });
}
