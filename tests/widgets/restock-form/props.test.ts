import { describe, expect, it } from 'vitest';
import { parseRestockFormProps, parseVariantChange } from '../../../widgets/restock-form/props.js';
import { restockFormMessages, RESTOCK_FORM_MESSAGES } from '../../../widgets/restock-form/messages.js';

describe('parseRestockFormProps', () => {
  it.each([
    [{ productId: 'tee' }, { productId: 'tee' }],
    [
      { productId: 'tee', variantId: 'tee-s' },
      { productId: 'tee', variantId: 'tee-s' },
    ],
    [
      { productId: 12, variantId: 34 },
      { productId: '12', variantId: '34' },
    ],
    [{ productId: ' tee ', variantId: null }, { productId: 'tee' }],
    [{ productId: 'tee', variantId: { id: 'x' } }, { productId: 'tee' }],
    [
      { productId: 'tee', mailingListSignUpEnabled: true, mailingListOptInByDefault: false },
      { productId: 'tee', mailingListSignUpEnabled: true, mailingListOptInByDefault: false },
    ],
    // The one flag rule (src/result.ts readBoolean), the server-rendered fallback's too.
    [
      { productId: 'tee', mailingListSignUpEnabled: 'true', merchandising: { mailingListOptInByDefault: 'false' } },
      { productId: 'tee', mailingListSignUpEnabled: true, mailingListOptInByDefault: false },
    ],
    [
      {
        productId: 'tee',
        merchandising: {
          mailingListSignUpEnabled: true,
          mailingListOptInByDefault: true,
          restockNotificationMessages: { buttonText: 'Notify me', bad: 3 },
        },
      },
      {
        productId: 'tee',
        mailingListSignUpEnabled: true,
        mailingListOptInByDefault: true,
        strings: { buttonText: 'Notify me' },
      },
    ],
    [
      {
        productId: 'tee',
        mailingListSignUpEnabled: false,
        merchandising: { mailingListSignUpEnabled: true },
      },
      { productId: 'tee', mailingListSignUpEnabled: false },
    ],
    [{ productId: 'tee', mailingListSignUpEnabled: 'yes', strings: 'x' }, { productId: 'tee' }],
  ])('%j reads as %j', (raw, expected) => {
    expect(parseRestockFormProps(raw)).toEqual({ ok: true, value: expected });
  });

  it.each([[undefined], [null], ['tee'], [[]], [{}], [{ productId: '' }], [{ productId: true }]])(
    'refuses %j: a productId is required',
    (raw) => {
      expect(parseRestockFormProps(raw).ok).toBe(false);
    },
  );
});

describe('parseVariantChange', () => {
  it.each([
    [
      { itemId: 'tee', variant: { id: 'a', sku: 'A', qtyInStock: 0, unlimited: false }, quantity: 1 },
      { variant: { variantId: 'a', unlimited: false, qtyInStock: 0 } },
    ],
    [
      { itemId: 'tee', variant: { sku: 'A', qtyInStock: 4 } },
      { variant: { variantId: 'A', unlimited: false, qtyInStock: 4 } },
    ],
    [
      { itemId: 'tee', variant: { id: 'a', unlimited: true, qtyInStock: 'lots' } },
      { variant: { variantId: 'a', unlimited: true, qtyInStock: 0 } },
    ],
    [{ itemId: 'tee', variant: null, quantity: 1 }, { variant: null }],
    [{ itemId: 'tee' }, { variant: null }],
  ])('%j reads as %j', (detail, expected) => {
    expect(parseVariantChange('tee', detail)).toEqual(expected);
  });

  it.each([[null], ['tee'], [{ itemId: 'mug', variant: null }], [{ itemId: 'tee', variant: 'a' }]])(
    'ignores %j',
    (detail) => {
      expect(parseVariantChange('tee', detail)).toBeNull();
    },
  );
});

describe('restock form messages', () => {
  it.each([
    ['emailBlank', 'Email cannot be blank'],
    ['emailInvalid', 'Email is invalid'],
    ['captchaIncomplete', 'Complete CAPTCHA before submitting.'],
    ['submitting', 'Submitting…'],
  ] as const)('%s is "%s" (spec 000 §5)', (key, text) => {
    expect(RESTOCK_FORM_MESSAGES[key]).toBe(text);
  });

  it("takes the platform's restockNotificationMessages names and the catalogue's own keys", () => {
    const m = restockFormMessages({
      CTAText: 'Back soon?',
      placeholderText: 'you@example.com',
      buttonText: 'Notify me',
      mailingListDescription: 'Send me news',
      emailLabel: 'Your email',
    });
    expect([
      m.t('cta'),
      m.t('emailPlaceholder'),
      m.t('submit'),
      m.t('mailingList'),
      m.t('emailLabel'),
    ]).toEqual(['Back soon?', 'you@example.com', 'Notify me', 'Send me news', 'Your email']);
  });
});
