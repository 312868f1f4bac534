import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  DIAGNOSTICS,
  MESSAGES,
  commentCountText,
  createMessages,
  defaultMessages,
  format,
  type MessageKey,
} from '../../../src/messages/index';
import { hasSharedFiles, sharedPath } from '../../shared-folder';

const SPEC = ['spec/000_c3f0b60b2df6fc6d.txt', 'spec/001_992dd22c412dd233.txt'];
const hasSpec = hasSharedFiles("the checks of the catalogue's texts against the spec", SPEC);
const specText = hasSpec ? SPEC.map((name) => readFileSync(sharedPath(name), 'utf8')).join('\n') : '';

// Key, exact text, and whether the text appears word for word in the spec. Texts the spec
// paraphrases ("N items in cart", "for N units") carry our placeholder form and `false`.
const CATALOGUE: readonly [MessageKey, string, boolean][] = [
  ['addToCart', 'Add To Cart', true],
  ['subscribe', 'Subscribe', true],
  ['purchase', 'Purchase', true],
  ['quantity', 'Quantity', true],
  ['soldOut', 'sold out', true],
  ['sale', 'sale', true],
  ['quickView', 'Quick View', true],
  ['noAnswer', 'N/A', true],
  ['selectValue', 'Select Value', true],
  ['selectVariant', 'Select {variantName}', true],
  ['giftCardSelect', 'Select Value', true],
  ['giftCardValue', 'Value', false],
  ['likertStronglyDisagree', 'Strongly Disagree', true],
  ['likertDisagree', 'Disagree', true],
  ['likertNeutral', 'Neutral', true],
  ['likertAgree', 'Agree', true],
  ['likertStronglyAgree', 'Strongly Agree', true],
  ['free', 'Free', true],
  ['outOfStock', 'out of stock', true],
  ['adding', 'Adding…', true],
  ['added', 'Added!', true],
  ['selectOneOption', 'Please select the {option} option.', true],
  ['selectTwoOptions', 'Please select the {option1} and {option2} options.', true],
  ['selectManyOptions', 'Please select the {optionsList} and {lastOption} options.', true],
  ['variantUnavailable', 'Sorry, that item variant is unavailable. Please select another variant.', true],
  ['notEnoughStock', 'Sorry, we do not have enough of that item available.', true],
  ['quantityNotNumber', 'Quantity must be a number.', true],
  ['quantityNotWhole', 'Quantity must be a whole number.', true],
  ['quantityOutOfRange', 'Quantity must be between {min} and {max}.', false],
  ['giftCardDenomination', 'Select a denomination for the Gift Card.', true],
  ['crumbExpired', 'Your session has expired. Please reload the page and try again.', true],
  ['crumbCookiesOff', 'Please enable cookies in your browser, reload the page, and try again.', true],
  ['tooManyRequests', 'Please try again in a few seconds.', true],
  ['unableToAddItem', 'Unable to Add Item', true],
  ['unableToPurchaseItem', 'Unable to Purchase Item', true],
  ['unableToPurchaseGiftCard', 'Unable to purchase Gift Card', true],
  ['cartItem', 'item', true],
  ['cartItems', 'items', true],
  ['cartCountOverflow', '100+', true],
  ['cartBadgeOne', 'One item in cart', true],
  ['cartBadgeMany', '{count} items in cart', false],
  ['cartBadgeOverflow', 'More than 100 items in cart', true],
  ['cartUpdateQuantityFailed', 'Unable to update quantity', true],
  ['cartUpdateFormFailed', 'Unable to update form', true],
  ['cartOpenFormFailed', 'Unable to open form', true],
  ['cartRemoveFailed', 'Unable to remove item', true],
  ['checkConnection', 'Please check your internet connection', true],
  ['tryAgain', 'Please try again', true],
  ['instalmentUpTo', 'Available for orders up to {amount}', false],
  ['instalmentOver', 'Available for orders over {amount}', false],
  ['instalmentMinimumSubtotal', 'To check out, your order subtotal must be {subtotal} or more.', true],
  ['instalmentPayments', '{count} interest-free payments of {amount}', false],
  ['instalmentPaymentsInline', 'or {count} interest-free payments of {amount} with', false],
  ['required', 'Required', true],
  ['saving', 'Saving…', true],
  ['signedUp', 'Signed up!', true],
  ['emailBlank', 'Email cannot be blank', true],
  ['emailInvalid', 'Email is invalid', true],
  ['captchaIncomplete', 'Complete CAPTCHA before submitting.', true],
  ['submitting', 'Submitting…', true],
  ['characterCount', '{count} / {max}', false],
  ['characterLimitExceeded', 'You have exceeded the character limit.', true],
  ['formEmailInvalid', 'Email is not valid. Email addresses should follow the format {email}.', true],
  ['formFieldsInvalid', 'One or more fields is invalid, please check your entries.', true],
  ['form401', 'Unable to submit form. Please try again later.', true],
  ['form404', 'This form has not been configured yet.', true],
  ['form429', 'Unable to submit form. Submission rate limit exceeded. Please try again later.', true],
  ['form500', 'Unable to send form. Please try again later.', true],
  ['formUnknownError', 'Unknown error, please try again later.', true],
  ['formProcessingError', 'Error processing form submission. Please reload and try again.', true],
  ['formKeyError', 'Could not get a form submission key, please try again later.', true],
  ['formParseError', 'Could not parse the form fields, please check your entries.', true],
  ['formProblemScrollDown', 'Your form has encountered a problem. Please scroll down to review.', true],
  ['formProblemScrollUp', 'Your form has encountered a problem. Please scroll up to review.', false],
  ['commentsNone', 'No Comments', true],
  ['commentsOne', '1 Comment', true],
  ['commentsMany', '{count} Comments', false],
  ['invalidDate', 'Invalid date.', true],
  ['subscriptionEveryWeek', 'every week', false],
  ['subscriptionEveryMonth', 'every month', false],
  ['subscriptionEveryYear', 'every year', false],
  ['subscriptionEveryWeeks', 'every {count} weeks', false],
  ['subscriptionEveryMonths', 'every {count} months', false],
  ['subscriptionEveryYears', 'every {count} years', false],
  ['subscriptionForWeek', 'for 1 week', false],
  ['subscriptionForMonth', 'for 1 month', false],
  ['subscriptionForYear', 'for 1 year', false],
  ['subscriptionForWeeks', 'for {count} weeks', false],
  ['subscriptionForMonths', 'for {count} months', false],
  ['subscriptionForYears', 'for {count} years', false],
  ['subscriptionPrice', '{price} {period}', false],
  ['subscriptionPriceWithDuration', '{price} {period} {duration}', false],
  ['subscriptionUnavailable', 'Unavailable', true],
  ['relativeLessThanMinute', 'less than a minute ago', true],
  ['relativeMinute', 'about a minute ago', false],
  ['relativeHour', 'about an hour ago', false],
  ['relativeDay', 'about a day ago', false],
  ['relativeWeek', 'about a week ago', false],
  ['relativeMonth', 'about a month ago', false],
  ['relativeYear', 'about a year ago', true],
  ['relativeMinutes', 'about {count} minutes ago', false],
  ['relativeHours', 'about {count} hours ago', false],
  ['relativeDays', 'about {count} days ago', false],
  ['relativeWeeks', 'about {count} weeks ago', false],
  ['relativeMonths', 'about {count} months ago', false],
  ['relativeYears', 'about {count} years ago', false],
  ['somethingWentWrong', 'Something went wrong', true],
  ['unableToLoadTryAgain', 'Unable to load. Try again.', true],
  ['unableToLoadResults', 'Unable to load results', true],
  ['networkError', 'Network error', true],
  ['fileUploadIncomplete', 'File upload failed to complete', true],
  ['fileProcessingIncomplete', 'File processing failed to complete', true],
  ['fileRenameProblem', 'There was a problem while renaming your file.', true],
  ['fileUploadProblem', 'There was a problem while uploading your file.', true],
  ['unableToConnect', 'Unable to connect. Please try again', true],
  ['timezoneLoadFailed', 'Failed to load timezone', true],
  [
    'videoBasicAccountUnsupported',
    '{provider} basic accounts are not supported. Please share a video from another {provider} account.',
    false,
  ],
  ['codeEditingAndroid', 'Code editing is not available on Android.', true],
  ['fontsLoadFailed', 'Unable to load fonts', true],
  ['collectionsLoadFailed', 'Unable to load collections', true],
  ['enterValidEmail', 'Please enter a valid email', true],
  ['emailFormat', 'Emails must be formatted as {email}', true],
  ['linkFormat', 'Links must be formatted as {host} or {altHost}', false],
  ['invalidPageUrl', '{val} is not a valid page URL', true],
  ['unexpectedOption', '{val} is not one of the expected options', true],
  ['tagExists', 'This {tagType} already exists', true],
  ['editOneTag', 'You may only edit one {tagType} at a time', true],
  ['listRequired', 'A List must be selected', true],
  ['fileNameRequired', 'Please enter a file name', true],
  ['datasetNeedsColumn', 'Your dataset must have at least one column', true],
  ['datasetNeedsRow', 'Your dataset must have at least one row', true],
  ['enterSomeData', 'Enter some data!', true],
  ['rowsMissingData', 'One or more rows was missing data', true],
  ['fileTooLarge', 'The file {fileName} is too large. The maximum allowed file size is {maxSize}.', true],
  [
    'fileTypeUnsupported',
    'The file {fileName} does not appear to be a supported {fileTypeMessage}file.',
    true,
  ],
];

// The diagnostics of the spec the SDK logs, word for word.
const DIAGNOSTIC_TEXTS = [
  ['trackingHttpStatus', 'Error tracking event: HTTP Status {code}'],
  ['performanceUnexpectedStatus', 'XHR request DONE with unexpected status'],
  ['performanceSettingsTimeout', 'Metric settings request timeout'],
  ['performanceNoPageLoadId', 'Unable to resolve pageLoadId'],
  ['performanceEmptyRecord', 'Data is empty'],
  ['storageWriteFailed', 'Unable to store analyticsId'],
  ['storageUnavailable', 'Unable access local/session storage'],
  ['captchaNotSetUp', 'ReCaptcha has not been set up!'],
  ['experimentNotLoaded', 'the underlying configuration is not loaded'],
  ['experimentUnknownFeature', 'the specified feature does not exist'],
  ['experimentTypeMismatch', 'the specified feature is not a {type}'],
  ['experimentInvalidDefinition', 'the specified feature has an invalid server-side definition'],
  ['imageSizeInvalidSource', "Invalid source parameter. Pass in 'originalSize'"],
  ['formatterNotImplemented', 'formatter is not yet implemented'],
  ['cssChunkLoadFailed', 'CSS_CHUNK_LOAD_FAILED'],
] as const;

describe('the message catalogue', () => {
  it.each(CATALOGUE)('%s reads %j', (key, text) => {
    expect(MESSAGES[key]).toBe(text);
  });

  it('has exactly the keys in the table above', () => {
    expect(Object.keys(MESSAGES).sort()).toEqual(CATALOGUE.map(([key]) => key).sort());
  });

  it('keeps the ellipsis character, not three dots', () => {
    expect(MESSAGES.adding.endsWith('\u2026')).toBe(true);
    expect(MESSAGES.saving.endsWith('\u2026')).toBe(true);
    expect(MESSAGES.submitting.endsWith('\u2026')).toBe(true);
  });

  // Spec 001 §8 names "a document-destroyed message" without its words: these are ours.
  it('has a destroyed-document text of its own beside the not-set-up one', () => {
    expect(DIAGNOSTICS.captchaDestroyed).toBe('ReCaptcha document has been destroyed');
  });

  it.each(DIAGNOSTIC_TEXTS)('diagnostic %s reads %j', (key, text) => {
    expect(DIAGNOSTICS[key]).toBe(text);
  });
});

describe.skipIf(!hasSpec)("the catalogue's texts in the spec", () => {
  it.each(CATALOGUE.filter(([, , verbatim]) => verbatim))(
    '%s is quoted word for word from the spec',
    (_key, text) => {
      expect(specText).toContain(text);
    },
  );

  it.each(DIAGNOSTIC_TEXTS)('diagnostic %s reads %j as in the spec', (_key, text) => {
    expect(specText).toContain(text);
  });
});

describe('format', () => {
  it.each([
    ['Please select the {option} option.', { option: 'Size' }, 'Please select the Size option.'],
    ['{count} items in cart', { count: 7 }, '7 items in cart'],
    ['{a}{a}{b}', { a: 'x', b: 0 }, 'xx0'],
    ['Select {variantName}', {}, 'Select {variantName}'],
    ['Select {variantName}', { other: 'x' }, 'Select {variantName}'],
    ['{toString} and {__proto__}', {}, '{toString} and {__proto__}'],
    ['no placeholders', { a: 1 }, 'no placeholders'],
    ['{ spaced } stays', { spaced: 'x' }, '{ spaced } stays'],
    ['{html}', { html: '<b>&</b>' }, '<b>&</b>'],
    ['{price}', { price: '$1.00 {count}' }, '$1.00 {count}'],
  ])('format(%j, %j) is %j', (template, params, expected) => {
    expect(format(template, params)).toBe(expected);
  });

  it('returns the template untouched without params', () => {
    expect(format('Select {variantName}')).toBe('Select {variantName}');
  });
});

describe('createMessages', () => {
  it('uses the catalogue by default', () => {
    expect(createMessages().t('addToCart')).toBe('Add To Cart');
    expect(defaultMessages.t('cartBadgeMany', { count: 3 })).toBe('3 items in cart');
  });

  it('lets a page override any key and interpolates the override', () => {
    const m = createMessages({ addToCart: 'In den Warenkorb', cartBadgeMany: '{count} Artikel' });
    expect(m.t('addToCart')).toBe('In den Warenkorb');
    expect(m.t('cartBadgeMany', { count: 2 })).toBe('2 Artikel');
    expect(m.t('subscribe')).toBe('Subscribe');
  });

  it.each([
    ['a number', { addToCart: 5 }],
    ['null', { addToCart: null }],
    ['an object', { addToCart: { text: 'x' } }],
    ['an unknown key', { notAKey: 'x' }],
    ['an inherited key', Object.create({ addToCart: 'inherited' }) as Record<string, unknown>],
  ])('ignores %s as an override', (_label, overrides) => {
    const m = createMessages(overrides);
    expect(m.t('addToCart')).toBe('Add To Cart');
  });

  it.each([
    ['a string', 'x'],
    ['an array', ['x']],
    ['null', null],
  ])('ignores %s as the overrides object', (_l, raw) => {
    expect(createMessages(raw as never).t('added')).toBe('Added!');
  });

  it.each([
    ['productAddToCartText', 'addToCart', 'Buy'],
    ['likertAgreeText', 'likertAgree', "D'accord"],
    ['productSoldOutText', 'soldOut', 'Gone'],
  ] as const)('takes the localized-string name %s as an override of %s', (name, key, text) => {
    expect(createMessages({ [name]: text }).t(key)).toBe(text);
  });

  it('lets the catalogue key win over its localized-string name, whatever their order', () => {
    expect(createMessages({ addToCart: 'Key', productAddToCartText: 'Name' }).t('addToCart')).toBe('Key');
    expect(createMessages({ productAddToCartText: 'Name', addToCart: 'Key' }).t('addToCart')).toBe('Key');
  });

  it('serves a widget catalogue through the same lookup', () => {
    const m = createMessages({ hello: 'Hi {name}' }, { hello: 'Hello {name}', bye: 'Bye' });
    expect(m.t('hello', { name: 'Ana' })).toBe('Hi Ana');
    expect(m.t('bye')).toBe('Bye');
  });
});

describe('commentCountText', () => {
  it.each([
    [0, 'No Comments'],
    [1, '1 Comment'],
    [2, '2 Comments'],
    [120, '120 Comments'],
    [-1, 'No Comments'],
    [Number.NaN, 'No Comments'],
  ])('%d comments read %j', (count, text) => {
    expect(commentCountText(count)).toBe(text);
  });
});
