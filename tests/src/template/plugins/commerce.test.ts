import { describe, expect, it } from 'vitest';
import { PROPS_ATTR, WIDGET_ATTR } from '../../../../src/contract';
import type { TemplateContext, TemplateErrorType } from '../../../../src/template/plugins/api';
import { commerceFormatters } from '../../../../src/template/plugins/commerce-formatters';
import { commercePredicates } from '../../../../src/template/plugins/commerce-predicates';
import { escapeAttributeLoose, escapeHtml } from '../../../../src/template/plugins/commerce/html';
import { toMinorUnits } from '../../../../src/template/plugins/commerce/money';
import { render } from '../../../../src/template/index';

interface FakeContext extends TemplateContext {
  readonly errors: { type: TemplateErrorType; message: string }[];
}

function lookupPath(value: unknown, path: string): unknown {
  let node = value;
  for (const key of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** A render in progress whose scope is the root JSON, with `node` as the current value. */
function fakeContext(
  root: unknown,
  options: { node?: unknown; locale?: string | null | undefined } = {},
): FakeContext {
  const errors: { type: TemplateErrorType; message: string }[] = [];
  return {
    node: options.node ?? root,
    root,
    locale: options.locale === undefined ? 'en-US' : options.locale,
    now: 0,
    timeZone: 'America/New_York',
    resolve: (ref) => (ref === '@' ? (options.node ?? root) : lookupPath(root, ref)),
    resolveIn: (node, ref) => lookupPath(node, ref) ?? lookupPath(root, ref),
    arg: (raw) => (/^["'].*["']$/.test(raw) ? raw.slice(1, -1) : lookupPath(root, raw)),
    applyTemplate: () => undefined,
    renderSource: () => '',
    error: (type, message) => {
      errors.push({ type, message });
    },
    errors,
  };
}

/** Runs `{value|name args}` with `root` as the JSON of the render. */
function format(
  name: string,
  value: unknown,
  root: unknown = {},
  args: string[] = [],
  locale?: string | null,
) {
  const fn = commerceFormatters[name];
  if (fn === undefined) throw new Error(`no formatter ${name}`);
  const ctx = fakeContext(root, { node: value, locale });
  return { out: fn(value, args, ctx, [value]), ctx };
}

const html = (
  name: string,
  value: unknown,
  root: unknown = {},
  args: string[] = [],
  locale?: string | null,
) => String(format(name, value, root, args, locale).out ?? '');

/** Parses markup into a detached element so tests read attributes as a browser would. */
function parse(markup: string): HTMLElement {
  const host = document.createElement('div');
  host.innerHTML = markup;
  const first = host.firstElementChild;
  if (!(first instanceof HTMLElement)) throw new Error(`no element in ${markup}`);
  return first;
}

const physical = (variants: unknown[], extra: Record<string, unknown> = {}) => ({
  id: 'p1',
  collectionId: 'c1',
  structuredContent: { productType: 1, variants, ...extra },
});
const digital = (extra: Record<string, unknown> = {}) => ({
  id: 'd1',
  structuredContent: { productType: 2, ...extra },
});

describe('product state (spec 001 §4)', () => {
  const test = (name: string, item: unknown) => {
    const fn = commercePredicates[name];
    if (fn === undefined) throw new Error(`no predicate ${name}`);
    return fn(fakeContext({}, { node: item }), []);
  };

  it.each([
    ['physical product without stock', physical([{ qtyInStock: 0 }]), true],
    ['physical product with stock', physical([{ qtyInStock: 2 }]), false],
    ['physical product with an unlimited variant', physical([{ qtyInStock: 0 }, { unlimited: true }]), false],
    ['service product without variants', { structuredContent: { productType: 3 } }, true],
    ['digital product', digital(), false],
    ['gift card', { structuredContent: { productType: 4, variants: [] } }, false],
  ])('sold-out? of a %s is %s', (_label, item, expected) => {
    expect(test('sold-out?', item)).toBe(expected);
  });

  it.each([
    ['a variant on sale', physical([{ onSale: false }, { onSale: true }]), true],
    ['no variant on sale', physical([{ onSale: false }]), false],
    ['a digital product on sale', digital({ onSale: true }), true],
    ['a digital product off sale', digital({ onSale: false }), false],
    ['an on-sale flag given as text', physical([{ onSale: 'true' }]), true],
    [
      'a gift card variant flagged on sale',
      { structuredContent: { productType: 4, variants: [{ onSale: true }] } },
      false,
    ],
  ])('on-sale? with %s is %s', (_label, item, expected) => {
    expect(test('on-sale?', item)).toBe(expected);
  });

  it.each([
    ['two variants', physical([{}, {}]), true],
    ['one variant', physical([{}]), false],
    ['a digital product with variants', { structuredContent: { productType: 2, variants: [{}, {}] } }, false],
  ])('has-variants? with %s is %s', (_label, item, expected) => {
    expect(test('has-variants?', item)).toBe(expected);
  });

  it.each([
    [
      'different regular prices',
      physical([{ priceMoney: { value: '1' } }, { priceMoney: { value: '2' } }]),
      true,
    ],
    [
      'equal regular prices',
      physical([{ priceMoney: { value: '1.0' } }, { priceMoney: { value: '1' } }]),
      false,
    ],
    ['one variant on sale and one not', physical([{ onSale: true, price: 100 }, { price: 100 }]), true],
    [
      'different sale prices while on sale',
      physical([
        { onSale: true, salePrice: 100, price: 300 },
        { onSale: true, salePrice: 200, price: 300 },
      ]),
      true,
    ],
    ['a single variant', physical([{ price: 100 }]), false],
    ['a digital product', digital({ priceMoney: { value: '5' } }), false],
  ])('varied-prices? with %s is %s', (_label, item, expected) => {
    expect(test('varied-prices?', item)).toBe(expected);
  });
});

describe('price numbers in cents', () => {
  const item = physical([
    { priceMoney: { value: '10.00' } },
    { onSale: true, priceMoney: { value: '12' }, salePriceMoney: { value: '7.5' } },
    { priceMoney: { value: '20' } },
  ]);

  it.each([
    ['from-price', 750],
    ['normal-price', 2000],
    ['sale-price', 750],
  ])('%s gives %i', (name, expected) => {
    expect(format(name, item).out).toBe(expected);
  });

  it.each(['from-price', 'normal-price', 'sale-price'])('%s of a product without prices is 0', (name) => {
    expect(format(name, { structuredContent: { productType: -1 } }).out).toBe(0);
  });

  it.each([
    ['1.00', 100],
    ['.5', 50],
    ['2.005', 201],
    ['-3.1', -310],
    [12, 1200],
    ['abc', undefined],
    ['', undefined],
    [null, undefined],
  ])('reads the decimal amount %j as %j hundredths without floating point', (input, expected) => {
    expect(toMinorUnits(input)).toBe(expected);
  });
});

describe('product-price', () => {
  it('shows one price in a money span without the CLDR setting', () => {
    expect(html('product-price', physical([{ priceMoney: { value: '1234.5' } }]))).toBe(
      '<div class="product-price">\n<span class="sqs-money-native">1,234.50</span>\n</div>',
    );
  });

  it('formats {value, currency} money in the locale with the CLDR setting', () => {
    const item = digital({ priceMoney: { value: '2500', currency: 'EUR' } });
    const root = { website: { useCLDRMoneyFormat: true } };
    expect(html('product-price', item, root, [], 'de-DE')).toBe(
      '<div class="product-price">\n2.500,00\u00a0€\n</div>',
    );
    expect(html('product-price', item, root, [], 'en')).toBe(
      '<div class="product-price">\n€2,500.00\n</div>',
    );
  });

  it('prints no amount without locale data', () => {
    const item = digital({ priceMoney: { value: '25', currency: 'USD' } });
    expect(html('product-price', item, { website: { useCLDRMoneyFormat: true } }, [], null)).toBe(
      '<div class="product-price">\n\n</div>',
    );
  });

  it('reads "from" the lowest price when prices vary', () => {
    const item = physical([{ priceMoney: { value: '5' } }, { priceMoney: { value: '3' } }]);
    expect(html('product-price', item)).toContain('from <span class="sqs-money-native">3.00</span>');
  });

  it('shows the sale and the original price with screen-reader labels', () => {
    const item = physical([{ onSale: true, priceMoney: { value: '10' }, salePriceMoney: { value: '8' } }]);
    const price = parse(html('product-price', item));
    expect(price.textContent).toBe('\nSale Price:8.00 Original Price:10.00\n\n');
    expect(price.querySelector('.original-price')?.textContent).toBe('10.00');
  });

  it.each([
    [{ unit: 'WEEK', value: 1 }, 0, '5.00 every week'],
    [{ unit: 'week', value: 3 }, 0, '5.00 every 3 weeks'],
    [{ unit: 'MONTH', value: 2 }, 4, '5.00 every 2 months for 8 months'],
    [{ unit: 'WEEK', value: 2 }, 26, '5.00 every 2 weeks for 1 year'],
    [{ unit: 'MONTH', value: 1 }, 36, '5.00 every month for 3 years'],
    [{ unit: 'YEAR', value: 1 }, 2, '5.00 every year for 2 years'],
    [{ unit: 'DAY', value: 1 }, 0, 'Unavailable'],
  ])('words a subscription billed %j for %i cycles as "%s"', (billingPeriod, numBillingCycles, expected) => {
    const item = physical([{ priceMoney: { value: '5' } }], {
      isSubscribable: true,
      subscriptionPlan: { billingPeriod, numBillingCycles },
    });
    expect(parse(html('product-price', item)).textContent?.trim()).toBe(expected);
  });

  it('uses the site translation of a subscription wording', () => {
    const item = physical([{ priceMoney: { value: '5' } }], {
      isSubscribable: true,
      subscriptionPlan: { billingPeriod: { unit: 'MONTH', value: 2 }, numBillingCycles: 0 },
    });
    const root = {
      localizedStrings: {
        productPrice__singlePrice__nMonthly__indefinite: '{price} <b>tous les {billingPeriodValue} mois',
      },
    };
    expect(html('product-price', item, root)).toBe(
      '<div class="product-price">\n<span class="sqs-money-native">5.00</span> &lt;b&gt;tous les 2 mois\n</div>',
    );
  });

  it('shows Unavailable for a subscribable product without a plan', () => {
    const item = physical([{ priceMoney: { value: '5' } }], { isSubscribable: true });
    expect(parse(html('product-price', item)).textContent?.trim()).toBe('Unavailable');
  });
});

describe('subscription-price', () => {
  const option = (value: string, sale?: string) => ({
    priceMoney: { value },
    ...(sale === undefined ? {} : { onSale: true, salePriceMoney: { value: sale } }),
  });

  it('uses the first pricing option of each variant', () => {
    const item = physical([
      { pricingOptions: [option('9'), option('1')] },
      { pricingOptions: [option('18')] },
    ]);
    expect(parse(html('subscription-price', item)).textContent?.trim()).toBe('from 9.00');
  });

  it('is empty without pricing options', () => {
    expect(html('subscription-price', physical([{ priceMoney: { value: '5' } }]))).toBe(
      '<div class="subscription-price">\n\n</div>',
    );
  });
});

describe('add-to-cart-btn labels (spec 001 §4)', () => {
  it.each([
    ['Add To Cart', {}, {}],
    ['Subscribe', { isSubscribable: true }, {}],
    ['Buy now', { useCustomAddButtonText: true, customAddButtonText: 'Buy now' }, {}],
    ['Add To Cart', { useCustomAddButtonText: false, customAddButtonText: 'Buy now' }, {}],
    ['Ajouter', {}, { localizedStrings: { productAddToCartText: 'Ajouter' } }],
    ['Abonner', { isSubscribable: 'true' }, { localizedStrings: { productSubscribeText: 'Abonner' } }],
  ])('reads "%s" for %j', (expected, content, root) => {
    const button = parse(html('add-to-cart-btn', physical([], content), root));
    expect(button.querySelector('.sqs-add-to-cart-button-inner')?.textContent).toBe(expected);
    expect(button.querySelector('[data-original-label]')?.getAttribute('data-original-label')).toBe(expected);
  });

  it('keeps a custom label as text', () => {
    const item = physical([], {
      useCustomAddButtonText: true,
      customAddButtonText: '"><img src=x onerror=alert(1)>',
    });
    const button = parse(html('add-to-cart-btn', item));
    expect(button.querySelector('img')).toBeNull();
    expect(button.querySelector('.sqs-add-to-cart-button-inner')?.textContent).toBe(
      '"><img src=x onerror=alert(1)>',
    );
  });

  it('carries the additional-fields form as JSON for the page script', () => {
    const form = { name: 'Engraving "text"', fields: [] };
    const button = parse(
      html('add-to-cart-btn', physical([], { additionalFieldsFormId: 'f1', additionalFieldsForm: form })),
    );
    const inner = button.querySelector('.sqs-add-to-cart-button');
    expect(inner?.classList.contains('use-form')).toBe(true);
    expect(JSON.parse(inner?.getAttribute('data-form') ?? '')).toEqual(form);
  });

  it('names the first subscription option of a subscribable product', () => {
    const item = physical([], {
      isSubscribable: true,
      productSubscriptionOptions: [{ id: 'opt-1' }, { id: 'opt-2' }],
    });
    const inner = parse(html('add-to-cart-btn', item)).querySelector('.sqs-add-to-cart-button');
    expect(inner?.getAttribute('data-is-subscription')).toBe('true');
    expect(inner?.getAttribute('data-subscription-option-id')).toBe('opt-1');
  });
});

describe('quantity-input (spec 001 §5)', () => {
  it('is a number input from 1 to 9999 in steps of 1, starting at 1', () => {
    const block = parse(html('quantity-input', physical([{ qtyInStock: 5 }])));
    const input = block.querySelector('input');
    expect(input?.getAttribute('type')).toBe('number');
    expect([input?.min, input?.max, input?.step, input?.value]).toEqual(['1', '9999', '1', '1']);
    expect(input?.getAttribute('aria-label')).toBe('Quantity');
  });

  it.each([
    ['a physical product with 2 in stock', physical([{ qtyInStock: 2 }]), {}, true],
    ['a physical product with 1 in stock', physical([{ qtyInStock: 1 }]), {}, false],
    ['stock spread over variants', physical([{ qtyInStock: 1 }, { qtyInStock: 1 }]), {}, true],
    ['unlimited stock', physical([{ unlimited: true }]), {}, true],
    ['a subscribable product', physical([{ qtyInStock: 5 }], { isSubscribable: true }), {}, false],
    ['a digital product', digital(), {}, false],
    [
      'a service product',
      { id: 's', structuredContent: { productType: 3, variants: [{ qtyInStock: 5 }] } },
      {},
      true,
    ],
    [
      'a service product when the store allows one per order',
      { id: 's', structuredContent: { productType: 3, variants: [{ qtyInStock: 5 }] } },
      { websiteSettings: { storeSettings: { multipleQuantityAllowedForServices: false } } },
      false,
    ],
  ])('for %s is shown: %s', (_label, item, root, shown) => {
    expect(html('quantity-input', item, root) !== '').toBe(shown);
  });
});

describe('variants-select', () => {
  const shirt = physical(
    [
      { attributes: { Size: 'S', Color: 'Red' } },
      { attributes: { Size: 'M', Color: 'Red' } },
      { attributes: { Size: 'S', Color: 'Blue' } },
    ],
    { variantOptionOrdering: ['Color', 'Size'] },
  );

  it('offers each option in order with its distinct values', () => {
    const picker = parse(html('variants-select', shirt));
    const selects = [...picker.querySelectorAll('select')];
    expect(selects.map((s) => s.getAttribute('aria-label'))).toEqual(['Select Color', 'Select Size']);
    expect(selects.map((s) => [...s.options].map((o) => o.value))).toEqual([
      ['', 'Red', 'Blue'],
      ['', 'S', 'M'],
    ]);
    expect(picker.querySelectorAll('input[type="radio"]')).toHaveLength(4);
  });

  it.each([
    ['one variant', physical([{ attributes: { Size: 'S' } }], { variantOptionOrdering: ['Size'] })],
    ['a digital product', { structuredContent: { productType: 2, variants: [{}, {}] } }],
  ])('is not shown for %s', (_label, item) => {
    expect(html('variants-select', item)).toBe('');
  });

  it('keeps hostile option names and values inside their attributes', () => {
    const item = physical(
      [{ attributes: { '"><b>': 'x" onclick="y' } }, { attributes: { '"><b>': '<i>' } }],
      { variantOptionOrdering: ['"><b>'] },
    );
    const picker = parse(html('variants-select', item));
    expect(picker.querySelector('b, i, [onclick]')).toBeNull();
    expect(picker.querySelector('select')?.getAttribute('aria-label')).toBe('Select "><b>');
    expect([...(picker.querySelector('select')?.options ?? [])].map((o) => o.value)).toEqual([
      '',
      'x" onclick="y',
      '<i>',
    ]);
  });

  it('labels gift card amounts with the gift card strings', () => {
    const card = {
      id: 'g',
      structuredContent: {
        productType: 4,
        variants: [{ attributes: { Value: '25' } }, { attributes: { Value: '50' } }],
        variantOptionOrdering: ['Value'],
      },
    };
    const picker = parse(html('variants-select', card));
    expect(picker.querySelector('select')?.getAttribute('aria-label')).toBe('Select Value');
  });
});

describe('status marks', () => {
  it.each([
    [
      'sold out',
      physical([{ qtyInStock: 0, onSale: true }]),
      '<div class="product-mark sold-out">sold out</div>',
    ],
    ['sale', physical([{ qtyInStock: 1, onSale: true }]), '<div class="product-mark sale">sale</div>'],
    ['nothing', physical([{ qtyInStock: 1 }]), ''],
  ])('shows %s (sold out wins over sale)', (_label, item, expected) => {
    expect(html('product-status', item)).toBe(expected);
  });

  it('escapes the custom sold-out text of the merchandising context', () => {
    const root = { productMerchandisingContext: { p1: { customSoldOutText: '<b>Gone</b>' } } };
    expect(html('product-status', physical([]), root)).toBe(
      '<div class="product-mark sold-out">&lt;b&gt;Gone&lt;/b&gt;</div>',
    );
  });
});

describe('restock form and scarcity', () => {
  const context = (extra: Record<string, unknown>) => ({ productMerchandisingContext: { p1: extra } });

  it('renders one form per variant view, hidden when so configured', () => {
    const root = context({
      restockNotificationViews: [{ variantId: 'v1', hiddenByDefault: true }, { variantId: 'v2' }],
      restockNotificationMessages: { CTAText: 'Tell me', placeholderText: 'Email', buttonText: 'Go' },
      mailingListSignUpEnabled: true,
    });
    const host = document.createElement('div');
    host.innerHTML = html('product-restock-notification', physical([]), root);
    const forms = [...host.querySelectorAll('.product-restock-notification')];
    expect(forms.map((f) => [f.getAttribute('data-variant-id'), f.hasAttribute('hidden')])).toEqual([
      ['v1', true],
      ['v2', false],
    ]);
    expect(host.querySelectorAll('input[name="email"]')).toHaveLength(2);
    expect(host.querySelectorAll('input[name="isJoinMailingList"]:not([checked])')).toHaveLength(2);
    expect(host.querySelector('.captcha-container')).toBeNull();
  });

  it('adds a captcha container only when the site has a captcha key', () => {
    const root = {
      ...context({ restockNotificationViews: [{ variantId: 'v1' }] }),
      website: { captchaSettings: { siteKey: 'k' } },
    };
    expect(html('product-restock-notification', physical([]), root)).toContain(
      '<div class="captcha-container"></div>',
    );
  });

  it('keeps variant scarcity hidden and shows the product-wide text only by default', () => {
    const views = [{ qtyInStock: 3 }, { qtyInStock: 2, attributes: { Color: 'Red' } }];
    const shown = (byDefault: boolean) => {
      const host = document.createElement('div');
      host.innerHTML = html(
        'product-scarcity',
        physical([]),
        context({
          scarcityEnabled: true,
          scarcityText: 'Only {qtyInStock} left <now>',
          scarcityShownByDefault: byDefault,
          scarcityTemplateViews: views,
        }),
      );
      return [...host.querySelectorAll('.product-scarcity')].map((d) => [
        d.textContent?.trim(),
        d.hasAttribute('hidden'),
      ]);
    };
    expect(shown(true)).toEqual([
      ['Only 3 left <now>', false],
      ['Only 2 left <now>', true],
    ]);
    expect(shown(false)).toEqual([
      ['Only 3 left <now>', true],
      ['Only 2 left <now>', true],
    ]);
  });

  it('shows no scarcity when it is switched off', () => {
    expect(
      html(
        'product-scarcity',
        physical([]),
        context({ scarcityEnabled: false, scarcityTemplateViews: [{ qtyInStock: 1 }] }),
      ),
    ).toBe('');
  });
});

describe('small formatters', () => {
  it.each([
    [12345, [], 'en', '$123.45'],
    [12345, ['EUR'], 'en', '€123.45'],
    ['A', [], 'en', '$0.00'],
    [12345, [], null, ''],
  ])('bookkeeper-money-format of %j %j in %s is "%s"', (value, args, locale, expected) => {
    expect(format('bookkeeper-money-format', value, {}, args, locale).out).toBe(expected);
  });

  it.each([
    [123456, [], '123,456.00'],
    [123456, ['trim'], '123,456'],
    [12.5, ['trim'], '12.5'],
    ['A', ['trim'], '0'],
  ])('percentage-format of %j %j is "%s"', (value, args, expected) => {
    expect(format('percentage-format', value, {}, args, 'en').out).toBe(expected);
  });

  it('counts the cart quantity', () => {
    expect(html('cart-quantity', { entries: [{ quantity: 2 }, { quantity: '3' }, {}] })).toBe(
      '<span class="sqs-cart-quantity">5</span>',
    );
  });

  it('links the cart page', () => {
    expect(format('cart-url', {}).out).toBe('/cart');
  });

  it('describes a variant by its option values', () => {
    expect(format('variant-descriptor', { optionValues: [{ value: 'Blue' }, { value: 'L & XL' }] }).out).toBe(
      'Blue / L &amp; XL',
    );
  });

  it('names the quick-view group from a reference or as literal text', () => {
    const fromData = parse(html('product-quick-view', { id: 'p' }, { grp: 'shirts' }, ['grp']));
    expect(fromData.getAttribute('data-group')).toBe('shirts');
    expect(parse(html('product-quick-view', { id: 'p' }, {}, ['literal'])).getAttribute('data-group')).toBe(
      'literal',
    );
  });
});

describe('summary-form-field', () => {
  const answer = (field: unknown, root: unknown = {}) =>
    parse(html('summary-form-field', field, root))
      .textContent?.replace(/\s+/g, ' ')
      .trim();

  it.each([
    [{ type: 'text', rawTitle: 'Note', value: '<b>hi</b>' }, 'Note: <b>hi</b>'],
    [{ type: 'name', rawTitle: 'Name', values: { First: 'Ada', Last: 'Lovelace' } }, 'Name: Ada Lovelace'],
    [
      {
        type: 'phone',
        rawTitle: 'Phone',
        values: { Country: '44', Areacode: '20', Prefix: '7946', Line: '0000' },
      },
      'Phone: +44 20-7946-0000',
    ],
    [{ type: 'time', rawTitle: 'At', values: { Hour: 9, Minute: 5, Ampm: 'pm' } }, 'At: 9:05:00 pm'],
    [{ type: 'date', rawTitle: 'On', values: { Month: '1', Day: '2', Year: '2024' } }, 'On: 1/2/2024'],
    [{ type: 'checkbox', rawTitle: 'Pick', values: ['a', 'b'] }, 'Pick: a, b'],
    [
      { type: 'likert', rawTitle: 'Q', values: { Tasty: '-2', Cheap: '0' } },
      'Q: Tasty: Strongly Disagree Cheap: Neutral',
    ],
    [{ type: 'email', rawTitle: 'Mail' }, 'Mail: N/A'],
  ])('summarises %j', (field, expected) => {
    expect(answer(field)).toBe(expected);
  });

  it('never lets an answer add markup', () => {
    const block = parse(
      html('summary-form-field', { type: 'text', rawTitle: '<i>T</i>', value: '<img src=x>' }),
    );
    expect(block.querySelector('img, i')).toBeNull();
  });
});

describe('sf-block (page contract)', () => {
  const item = physical([{ qtyInStock: 3 }], {
    useCustomAddButtonText: true,
    customAddButtonText: 'Buy "now" & <save>',
  });

  it("mounts the product form with the item as props and the form's boxes as fallback", () => {
    const root = {
      localizedStrings: { productAddToCartText: 'Add' },
      productMerchandisingContext: { p1: { scarcityEnabled: false } },
    };
    const block = parse(html('sf-block', item, root, ['product-form']));
    expect(block.getAttribute(WIDGET_ATTR)).toBe('product-form');
    expect(JSON.parse(block.getAttribute(PROPS_ATTR) ?? '')).toEqual({
      item,
      merchandising: { scarcityEnabled: false },
      strings: { productAddToCartText: 'Add' },
    });
    expect(block.children).toHaveLength(1);
    const button = block.querySelector('.sf-product-form > button.sf-add-button');
    expect(button?.textContent).toBe('Buy "now" & <save>');
    expect(button?.hasAttribute('disabled')).toBe(true);
  });

  it('escapes the props so they cannot leave the attribute', () => {
    const hostile = { id: 'x"><script>alert(1)</script>', structuredContent: { productType: 2 } };
    const markup = html('sf-block', hostile, {}, ['product-form']);
    expect(markup).not.toContain('<script>');
    expect(JSON.parse(parse(markup).getAttribute(PROPS_ATTR) ?? '').item).toEqual(hostile);
  });

  it.each([
    ['its only variant', physical([{ id: 'v9' }]), [], { productId: 'p1', variantId: 'v9' }],
    [
      'a named variant',
      physical([{ id: 'v1' }, { id: 'v2' }]),
      ['"v2"'],
      { productId: 'p1', variantId: 'v2' },
    ],
    ['no variant', physical([{ id: 'v1' }, { id: 'v2' }]), [], { productId: 'p1' }],
  ])('mounts the restock form for %s', (_label, product, extra, props) => {
    const block = parse(html('sf-block', product, {}, ['restock-form', ...extra]));
    expect(block.getAttribute(WIDGET_ATTR)).toBe('restock-form');
    expect(JSON.parse(block.getAttribute(PROPS_ATTR) ?? '')).toEqual(props);
  });

  it('mounts the cart pill without props', () => {
    expect(html('sf-block', {}, {}, ['cart-pill'])).toBe(`<div ${WIDGET_ATTR}="cart-pill"></div>`);
  });

  it.each([
    [['no-such-widget'], {}],
    [[], {}],
    [['restock-form'], { structuredContent: {} }],
  ])('records an error and prints nothing for %j', (args, value) => {
    const { out, ctx } = format('sf-block', value, {}, args);
    expect(out).toBeUndefined();
    expect(ctx.errors).toHaveLength(1);
    expect(ctx.errors[0]?.type).toBe('runtime');
  });
});

describe('HTML escaping', () => {
  it.each([
    ['a & b', 'a &amp; b'],
    ['<"\'>', '&lt;&quot;&#39;&gt;'],
    ['', ''],
    ['plain text, no markup', 'plain text, no markup'],
    ['&&', '&amp;&amp;'],
    ['<b>x</b>', '&lt;b&gt;x&lt;/b&gt;'],
    ['already &amp; escaped', 'already &amp;amp; escaped'],
    ['"><script>alert(1)</script>', '&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;'],
    ['{"a":"é"}', '{&quot;a&quot;:&quot;é&quot;}'],
  ])('escapeHtml(%j) is %j', (input, expected) => {
    expect(escapeHtml(input)).toBe(expected);
  });

  it.each([
    ['color&hue', 'color&hue'],
    ['R&D', 'R&D'],
    ['a &amp; b', 'a &amp;amp; b'],
    ['&copy 2024', '&amp;copy 2024'],
    ['&#39;', '&amp;#39;'],
    ['x"y<z>', 'x&quot;y&lt;z&gt;'],
  ])('escapeAttributeLoose(%j) is %j and reads back unchanged', (input, expected) => {
    expect(escapeAttributeLoose(input)).toBe(expected);
    expect(parse(`<span title="${escapeAttributeLoose(input)}"></span>`).getAttribute('title')).toBe(input);
  });
});

describe('untrusted input', () => {
  const odd: unknown[] = [
    undefined,
    null,
    0,
    Number.NaN,
    'text',
    [],
    [1, 2],
    {},
    { structuredContent: null },
    { structuredContent: { productType: '1', variants: 'nope' } },
    { structuredContent: { productType: 1, variants: [null, 3, { priceMoney: 'x', attributes: [] }] } },
    {
      id: {},
      structuredContent: { productType: 2, priceMoney: { value: {} } },
      entries: 'x',
      optionValues: {},
    },
  ];
  const cases = Object.keys(commerceFormatters).flatMap((name) => odd.map((value) => [name, value] as const));

  it.each(cases)('%s never throws for %j', (name, value) => {
    const args = name === 'sf-block' ? ['product-form'] : [];
    expect(() =>
      format(name, value, { productMerchandisingContext: 'x', localizedStrings: 5 }, args),
    ).not.toThrow();
  });
});

describe('product prices under the CLDR money setting (spec 001 §3)', () => {
  const both = { value: '10.00', currency: 'USD', decimalValue: '99.00', currencyCode: 'EUR' };
  const item = {
    structuredContent: {
      productType: 1,
      variants: [
        { priceMoney: both, qtyInStock: 1 },
        { priceMoney: { ...both, value: '12.00', decimalValue: '9.00' }, qtyInStock: 1 },
      ],
    },
  };
  const template =
    '{item|product-price}|{item|from-price}|{item|normal-price}|{.section item}{.varied-prices?}varied{.end}{.end}';

  it('reads the value form first when the setting is on', () => {
    const json = { website: { useCLDRMoneyFormat: true }, item };
    expect(render(template, json, { locale: 'en' }).output).toBe(
      '<div class="product-price">\nfrom $10.00\n\n</div>|1000|1200|varied',
    );
  });

  it('reads the decimalValue form first without the setting, as before', () => {
    expect(render(template, { item }, { locale: 'en' }).output).toBe(
      '<div class="product-price">\nfrom <span class="sqs-money-native">9.00</span>\n\n</div>|900|9900|varied',
    );
  });
});

describe('bookkeeping formats past exact cents (spec 001 §5)', () => {
  const template = '[{n|bookkeeper-money-format}][{n|percentage-format}]';
  it.each([1e300, -1e300, 2 ** 60])('print nothing for %j', (n) => {
    expect(render(template, { n }, { locale: 'en' }).output).toBe('[][]');
  });

  it('print ordinary amounts', () => {
    expect(render(template, { n: 12345 }, { locale: 'en' }).output).toBe('[$123.45][12,345.00]');
  });
});

describe('prices from hostile text', () => {
  it('prints no price for 100,000 digits followed by a letter', () => {
    // The amount check used to backtrack over every split of the run of digits: seconds a price.
    const value = `${'1'.repeat(100_000)}x`;
    const item = {
      structuredContent: {
        productType: 1,
        variants: [{ priceMoney: { value, currency: 'USD' }, qtyInStock: 1 }],
      },
    };
    expect(render('{item|product-price}|{item|from-price}', { item }, { locale: 'en' }).output).toBe(
      '<div class="product-price">\n<span class="sqs-money-native"></span>\n</div>|0',
    );
  });
});

describe('sf-block in a rendered page', () => {
  it('wraps the server-rendered form in a product-form block the loader can mount', () => {
    const json = { item: physical([{ qtyInStock: 3 }]) };
    const { output, errors } = render(
      '<main>{item|sf-block product-form}{@|sf-block cart-pill}</main>',
      json,
      { locale: 'en' },
    );
    expect(errors).toEqual([]);
    const main = parse(output);
    const blocks = [...main.querySelectorAll(`[${WIDGET_ATTR}]`)];
    expect(blocks.map((b) => b.getAttribute(WIDGET_ATTR))).toEqual(['product-form', 'cart-pill']);
    expect(JSON.parse(blocks[0]?.getAttribute(PROPS_ATTR) ?? '')).toEqual({ item: json.item });
    expect(blocks[0]?.querySelector('button')?.textContent).toBe('Add To Cart');
    expect(blocks[1]?.hasAttribute(PROPS_ATTR)).toBe(false);
  });
});
