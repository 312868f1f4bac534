import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Variant } from '../../../src/commerce/product.js';
import { parseProductItem } from '../../../src/commerce/product-listing.js';
import { setAnalyticsSink, type AnalyticsEvent } from '../../../src/page/analytics.js';
import { useProductChoice } from '../../../src/react/use-product-choice.js';
import type { ApiResult } from '../../../src/api/types.js';
import type { SiteContext } from '../../../src/page/context.js';
import type { ShoppingCart } from '../../../src/store/types.js';
import { ProductForm } from '../../../widgets/product-form/quick-view-button.js';
import { parseProductFormProps } from '../../../widgets/product-form/props.js';
import {
  cart,
  entry,
  failResult,
  fakeApi,
  offline,
  okResult,
  renderWithStorefront,
  type FakeApi,
  type RenderOptions,
} from '../fixtures.js';
import { BOX, EBOOK, ENGRAVED, ENGRAVED_BY_ID, GIFT_CARD, MUG, SOLD_OUT, TEE, usd } from './items.js';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  setAnalyticsSink(null);
});

const added = (itemId = 'tee', sku = 'TEE-S-BLK') =>
  okResult({
    shoppingCart: cart([entry({ itemId, chosenVariant: { sku, attributes: {} }, quantity: 1 })]),
    newlyAdded: entry(),
  });

function setup(
  raw: Record<string, unknown>,
  options: {
    api?: FakeApi;
    context?: Partial<SiteContext>;
    fakeTimers?: boolean;
    onVariantChange?: () => void;
    paths?: RenderOptions['paths'];
    navigate?: RenderOptions['navigate'];
  } = {},
) {
  const parsed = parseProductFormProps(raw);
  if (!parsed.ok) throw new Error(parsed.issues.join('; '));
  const api =
    options.api ??
    fakeApi({
      getStock: async () => okResult({ results: [{ unlimited: true, qtyInStock: 0 }] }),
      addCartEntry: async () => added(),
    });
  return renderWithStorefront(<ProductForm {...parsed.value} onVariantChange={options.onVariantChange} />, {
    api,
    ...(options.context ? { context: options.context } : {}),
    paths: options.paths,
    navigate: options.navigate,
    ...(options.fakeTimers ? { advanceTimers: (ms: number) => vi.advanceTimersByTime(ms) } : {}),
  });
}

/** Lets pending promises (api calls) settle without moving the clock. */
const settle = () =>
  act(async () => {
    for (let i = 0; i < 20; i += 1) await Promise.resolve();
  });

const addButton = () => screen.getByRole('button', { name: /Add To Cart|Adding…|Added!|Subscribe|Purchase/ });

async function choose(user: ReturnType<typeof setup>['user'], choices: Record<string, string>) {
  for (const [label, value] of Object.entries(choices))
    await user.selectOptions(screen.getByRole('combobox', { name: label }), value);
}

describe('variant pickers', () => {
  it('shows one labelled select per option in the merchant order, each starting with Select {option}', () => {
    setup({ item: TEE });
    const selects = screen.getAllByRole('combobox');
    expect(selects.map((s) => s.id && document.querySelector(`label[for="${s.id}"]`)?.textContent)).toEqual([
      'Color',
      'Size',
    ]);
    expect(
      within(screen.getByRole('combobox', { name: 'Size' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select Size', 'S', 'M (sold out)']);
  });

  it.each([
    ['a single-variant product', MUG],
    ['a digital product', EBOOK],
  ])('shows no picker for %s', (_name, item) => {
    setup({ item });
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('shows the price range before a choice and the variant price after it', async () => {
    const { user } = setup({ item: TEE });
    expect(screen.getByText('$20.00 – $25.00')).toBeInstanceOf(HTMLElement);
    await choose(user, { Color: 'Black', Size: 'S' });
    expect(screen.getByText('$25.00')).toBeInstanceOf(HTMLElement);
    expect(screen.queryByText('sale')).toBeNull();
  });

  it('shows the sale price, the struck original and the sale mark for a variant on sale', async () => {
    const { user } = setup({ item: TEE });
    await choose(user, { Color: 'White', Size: 'S' });
    const original = document.querySelector('del');
    expect(original?.textContent).toBe('Original price $30.00');
    expect(document.querySelector('ins')?.textContent).toBe('Price $20.00');
    expect(screen.getByText('sale')).toBeInstanceOf(HTMLElement);
  });

  // Spec 001: a digital product's price and sale sit on the product; a gift card is never on sale.
  it("shows a digital product's own price and sale, not its one variant's", () => {
    const onSaleBook = {
      ...EBOOK,
      structuredContent: {
        ...EBOOK.structuredContent,
        onSale: true,
        salePriceMoney: usd('6.00'),
        variants: [{ id: 'v-book', sku: 'BOOK', attributes: {}, priceMoney: usd('99.00') }],
      },
    };
    setup({ item: onSaleBook });
    expect(document.querySelector('del')?.textContent).toBe('Original price $9.00');
    expect(document.querySelector('ins')?.textContent).toBe('Price $6.00');
    expect(screen.getByText('sale')).toBeInstanceOf(HTMLElement);
  });

  it('shows a gift card denomination at face value, never on sale', async () => {
    const flagged = {
      ...GIFT_CARD,
      structuredContent: {
        ...GIFT_CARD.structuredContent,
        variants: GIFT_CARD.structuredContent.variants.map((v) => ({
          ...v,
          onSale: true,
          salePriceMoney: usd('1.00'),
        })),
      },
    };
    const { user } = setup({ item: flagged });
    await user.selectOptions(screen.getByRole('combobox'), '$50');
    expect(screen.getByText('$50.00')).toBeInstanceOf(HTMLElement);
    expect(screen.queryByText('sale')).toBeNull();
    expect(document.querySelector('del')).toBeNull();
  });

  it('reports each chosen variant, and null while the choice is incomplete', async () => {
    const onVariantChange = vi.fn();
    const { user } = setup({ item: TEE }, { onVariantChange });
    await choose(user, { Color: 'White', Size: 'S' });
    expect(onVariantChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ sku: 'TEE-S-WHT', imageUrl: '/img/tee-white.jpg' }),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Size' }), '');
    expect(onVariantChange).toHaveBeenLastCalledWith(null);
  });

  it('uses the overridden select text', () => {
    setup({ item: TEE, strings: { productVariantSelectText: 'Pick {variantName}' } });
    expect(
      within(screen.getByRole('combobox', { name: 'Color' })).getAllByRole('option')[0]?.textContent,
    ).toBe('Pick Color');
  });
});

describe('quantity input', () => {
  it('is a labelled number input from 1 to 9999 in steps of 1, starting at 1', () => {
    setup({ item: MUG });
    const input = screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Quantity' });
    expect([input.min, input.max, input.step, input.value]).toEqual(['1', '9999', '1', '1']);
  });

  it.each([
    ['a physical product with stock', { item: MUG }, true],
    ['a subscribable product', { item: BOX }, false],
    ['a digital product', { item: EBOOK }, false],
    [
      'a service when multiple quantity is off',
      {
        item: { ...MUG, structuredContent: { ...MUG.structuredContent, productType: 3 } },
        storeSettings: { multipleQuantityAllowedForServices: false },
      },
      false,
    ],
    [
      'a service by default',
      { item: { ...MUG, structuredContent: { ...MUG.structuredContent, productType: 3 } } },
      true,
    ],
    [
      'a product with one unit left',
      {
        item: {
          ...MUG,
          structuredContent: {
            ...MUG.structuredContent,
            variants: [{ ...MUG.structuredContent.variants[0], qtyInStock: 1 }],
          },
        },
      },
      false,
    ],
  ])('for %s: shown %s', (_name, props, shown) => {
    setup(props);
    expect(screen.queryByRole('spinbutton', { name: 'Quantity' }) !== null).toBe(shown);
  });
});

describe('sold out, scarcity and restock', () => {
  it.each([
    ['the default text', {}, 'sold out'],
    ['the custom text', { merchandising: { customSoldOutText: 'All gone' } }, 'All gone'],
  ])('marks a sold-out product with %s, on a disabled add button too', (_n, extra, text) => {
    const { container } = setup({ item: SOLD_OUT, ...extra });
    expect(container.querySelector('.sf-mark--sold-out')?.textContent).toBe(text);
    const button = screen.getByRole('button', { name: text });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getAllByRole('button')).toEqual([button]);
  });

  it('leaves the status to the restock sign-up while the choice is sold out', async () => {
    const { user } = setup({ item: TEE });
    await choose(user, { Color: 'Black', Size: 'M' });
    expect(screen.queryByRole('status')).toBeNull();
    await choose(user, { Color: 'Black', Size: 'S' });
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('puts a restock-form block for the sold-out product in the page', () => {
    const { container } = setup({ item: SOLD_OUT });
    const slot = container.querySelector('[data-sf-widget="restock-form"]');
    expect(JSON.parse(slot?.getAttribute('data-sf-props') ?? '')).toEqual({
      productId: 'cap',
      variantId: 'v-cap',
    });
  });

  it('offers restock for a sold-out variant once it is chosen', async () => {
    const { user, container } = setup({ item: TEE });
    expect(container.querySelector('[data-sf-widget="restock-form"]')).toBeNull();
    await choose(user, { Color: 'Black', Size: 'M' });
    expect((screen.getByRole('button', { name: 'sold out' }) as HTMLButtonElement).disabled).toBe(true);
    const slot = container.querySelector('[data-sf-widget="restock-form"]');
    expect(JSON.parse(slot?.getAttribute('data-sf-props') ?? '')).toEqual({
      productId: 'tee',
      variantId: 'v-m-black',
    });
  });

  const scarcity = {
    scarcityEnabled: true,
    scarcityText: 'Only {quantity} left!',
    scarcityTemplateViews: { 'v-s-black': '<p>Only <b>5</b> left in black!</p>' },
  };
  it.each([
    ['hidden before a choice', {}, {}, null],
    ['shown by default before a choice', { scarcityShownByDefault: true }, {}, 'Only 5 left!'],
    [
      'shown when the chosen variant matches, as text',
      {},
      { Color: 'Black', Size: 'S' },
      'Only 5 left in black!',
    ],
    ['hidden when the chosen variant does not match', {}, { Color: 'White', Size: 'S' }, null],
  ])('scarcity is %s', async (_n, extra, choices, text) => {
    const { user, container } = setup({ item: TEE, merchandising: { ...scarcity, ...extra } });
    await choose(user, choices);
    expect(container.querySelector('.sf-product-form__scarcity')?.textContent ?? null).toBe(text);
  });

  // The platform's shape: a list of views, one per low-stock variant by its option values plus a
  // product-wide one, and the merchant's text with the {qtyInStock} placeholder.
  const platformScarcity = {
    scarcityEnabled: true,
    scarcityText: 'Only {qtyInStock} left!',
    scarcityTemplateViews: [{ attributes: { Size: 'S', Color: 'Black' }, qtyInStock: 5 }, { qtyInStock: 9 }],
  };
  it.each([
    ['hidden before a choice', {}, {}, null],
    ['product-wide by default before a choice', { scarcityShownByDefault: true }, {}, 'Only 9 left!'],
    ['shown for the matching variant', {}, { Color: 'Black', Size: 'S' }, 'Only 5 left!'],
    ['hidden for a variant no view names', {}, { Color: 'White', Size: 'S' }, null],
    // White/S is unlimited: there is no count to fill in ("Only 0 left!").
    [
      'hidden for an unlimited variant, even by default',
      { scarcityShownByDefault: true },
      { Color: 'White', Size: 'S' },
      null,
    ],
  ])("the platform's scarcity views: %s", async (_n, extra, choices, text) => {
    const { user, container } = setup({ item: TEE, merchandising: { ...platformScarcity, ...extra } });
    await choose(user, choices);
    expect(container.querySelector('.sf-product-form__scarcity')?.textContent ?? null).toBe(text);
  });

  it('reads merchandising keyed by product id', () => {
    setup({ item: SOLD_OUT, merchandising: { cap: { customSoldOutText: 'Back soon' } } });
    expect((screen.getByRole('button', { name: 'Back soon' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('sold-out path', () => {
  it('disables the add button on a sold-out choice, with the sold-out text on it', async () => {
    const { user, api } = setup({ item: TEE });
    await choose(user, { Color: 'Black', Size: 'M' });
    const button = screen.getByRole('button', { name: 'sold out' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    await user.click(button);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.getStock).not.toHaveBeenCalled();
    expect(api.addCartEntry).not.toHaveBeenCalled();
  });

  it('says the custom sold-out text on the button and gives it back for a choice in stock', async () => {
    const { user } = setup({ item: TEE, merchandising: { customSoldOutText: 'Back in May' } });
    await choose(user, { Color: 'Black', Size: 'M' });
    expect((screen.getByRole('button', { name: 'Back in May' }) as HTMLButtonElement).disabled).toBe(true);
    await choose(user, { Size: 'S' });
    expect((screen.getByRole('button', { name: 'Add To Cart' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('marks the choices that lead only to sold-out variants, given the other choices', async () => {
    const { user } = setup({ item: TEE });
    const sizes = () =>
      within(screen.getByRole('combobox', { name: 'Size' }))
        .getAllByRole('option')
        .map((o) => o.textContent);
    expect(sizes()).toEqual(['Select Size', 'S', 'M (sold out)']);
    await choose(user, { Color: 'White' });
    // White comes in S only (unlimited); no white M exists to be sold out.
    expect(sizes()).toEqual(['Select Size', 'S', 'M']);
    await choose(user, { Color: 'Black' });
    expect(sizes()).toEqual(['Select Size', 'S', 'M (sold out)']);
  });

  it('adds the quantity typed, never a quantity it made up', async () => {
    const { user, api } = setup({ item: MUG });
    const input = screen.getByRole('spinbutton', { name: 'Quantity' });
    await user.clear(input);
    await user.type(input, '0');
    await user.click(addButton());
    expect(screen.getByRole('alert', { name: 'Unable to Add Item' }).textContent).toContain(
      'Quantity must be between 1 and 9999.',
    );
    expect(api.addCartEntry).not.toHaveBeenCalled();
  });
});

describe('add button label', () => {
  it.each([
    ['Add To Cart', { item: MUG }],
    ['Subscribe', { item: BOX }],
    ['Purchase', { item: MUG, expressCheckout: true }],
    [
      'Buy me',
      {
        item: {
          ...MUG,
          structuredContent: {
            ...MUG.structuredContent,
            useCustomAddButtonText: true,
            customAddButtonText: 'Buy me',
          },
        },
      },
    ],
    ['Add to bag', { item: MUG, strings: { productAddToCartText: 'Add to bag' } }],
  ])('reads %s', (label, props) => {
    setup(props);
    expect(screen.getByRole('button', { name: label })).toBeInstanceOf(HTMLElement);
  });
});

describe("the package's form", () => {
  const itemOf = (raw: unknown) => {
    const parsed = parseProductItem(raw);
    if (!parsed.ok) throw new Error(parsed.issues.join('; '));
    return parsed.value;
  };

  it('buys directly under the store setting alone (storeSettings.expressCheckout)', () => {
    renderWithStorefront(
      <ProductForm
        item={itemOf(MUG)}
        storeSettings={{ multipleQuantityAllowedForServices: true, expressCheckout: true }}
      />,
    );
    expect(screen.getByRole('button', { name: 'Purchase' })).toBeInstanceOf(HTMLElement);
  });

  it("starts afresh on another product: the last one's choice and quantity do not carry over", async () => {
    let show: (raw: unknown) => void = () => undefined;
    function Route() {
      const [raw, setRaw] = useState<unknown>(TEE);
      show = (next) => setRaw(next);
      return <ProductForm item={itemOf(raw)} />;
    }
    const { user } = renderWithStorefront(<Route />);
    await choose(user, { Color: 'White', Size: 'S' });
    const quantity = screen.getByRole('spinbutton', { name: 'Quantity' });
    await user.clear(quantity);
    await user.type(quantity, '4');
    act(() => show({ ...TEE, id: 'tee-2', title: 'Second Tee' }));
    expect((screen.getByRole('combobox', { name: 'Color' }) as HTMLSelectElement).value).toBe('');
    expect((screen.getByRole('spinbutton', { name: 'Quantity' }) as HTMLInputElement).value).toBe('1');
  });
});

describe('page text overrides', () => {
  it.each([
    [
      'productQuantityInputLabel',
      'How many',
      () => screen.getByRole('spinbutton', { name: 'How many' }),
      MUG,
    ],
    ['productSoldOutText', 'Gone', () => screen.getByRole('button', { name: 'Gone' }), SOLD_OUT],
    ['productQuickViewText', 'Peek', () => screen.getByRole('button', { name: 'Peek' }), MUG],
    ['productSubscribeText', 'Join', () => screen.getByRole('button', { name: 'Join' }), BOX],
  ] as const)('%s replaces the default text', (key, text, find, item) => {
    setup({ item, strings: { [key]: text }, quickView: key === 'productQuickViewText' });
    expect(find()).toBeInstanceOf(HTMLElement);
  });

  it.each([
    ['quantityOutOfRange', 'Pick {min} to {max}.', '0', 'Pick 1 to 9999.'],
    ['notEnoughStock', 'Too few left.', '11', 'Too few left.'],
  ])('%s replaces the text the add checks show', async (key, text, quantity, shown) => {
    const { user } = setup({ item: MUG, strings: { [key]: text } });
    const input = screen.getByRole('spinbutton', { name: 'Quantity' });
    await user.clear(input);
    await user.type(input, quantity);
    await user.click(addButton());
    expect(screen.getByRole('alert', { name: 'Unable to Add Item' }).textContent).toBe(
      `Unable to Add Item${shown}`,
    );
  });

  it.each([
    {
      by: 'from likertLabels',
      strings: { likertLabels: { '-2': 'Nope', '2': 'Yes!' } },
      labels: ['Nope', 'Disagree', 'Neutral', 'Agree', 'Yes!'],
    },
    {
      by: 'by their localized-string names and catalogue keys',
      strings: { likertAgreeText: 'Sure', likertStronglyAgreeText: 'Yes!', likertNeutral: 'Meh' },
      labels: ['Strongly Disagree', 'Disagree', 'Meh', 'Sure', 'Yes!'],
    },
  ])('relabels the likert answers $by', async ({ strings, labels }) => {
    const { user } = setup(
      { item: ENGRAVED, strings },
      {
        api: fakeApi({
          getStock: async () => okResult({ results: [{ unlimited: true, qtyInStock: 0 }] }),
        }),
      },
    );
    await user.click(addButton());
    const statement = within(await screen.findByRole('dialog')).getByRole('radiogroup', {
      name: 'I love pens',
    });
    expect(
      within(statement)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(labels);
  });
});

describe('validation before any request', () => {
  it.each([
    ['no option chosen', TEE, {}, null, 'Please select the Color and Size options.'],
    ['one option missing', TEE, { Color: 'White' }, null, 'Please select the Size option.'],
    [
      'a combination that does not exist',
      TEE,
      { Color: 'White', Size: 'M' },
      null,
      'Sorry, that item variant is unavailable. Please select another variant.',
    ],
    ['more than the stock', MUG, {}, '11', 'Sorry, we do not have enough of that item available.'],
    ['a quantity that is not a number', MUG, {}, '', 'Quantity must be a number.'],
    ['a fractional quantity', MUG, {}, '1.5', 'Quantity must be a whole number.'],
    ['a quantity of 0', MUG, {}, '0', 'Quantity must be between 1 and 9999.'],
    ['a negative quantity', MUG, {}, '-3', 'Quantity must be between 1 and 9999.'],
  ])('%s shows the message in the Unable to Add Item alert', async (_n, item, choices, quantity, message) => {
    const { user, api } = setup({ item });
    await choose(user, choices);
    if (quantity !== null) {
      const input = screen.getByRole('spinbutton', { name: 'Quantity' });
      await user.clear(input);
      if (quantity !== '') await user.type(input, quantity);
    }
    await user.click(addButton());
    const alert = screen.getByRole('alert', { name: 'Unable to Add Item' });
    expect(alert.textContent).toBe(`Unable to Add Item${message}`);
    expect(api.getStock).not.toHaveBeenCalled();
    expect(api.addCartEntry).not.toHaveBeenCalled();
    expect(addButton().textContent).toBe('Add To Cart');
  });

  it('marks the selects still to choose invalid and described by the alert that asks for them', async () => {
    const { user } = setup({ item: TEE });
    await choose(user, { Color: 'White' });
    await user.click(addButton());
    const alert = screen.getByRole('alert', { name: 'Unable to Add Item' });
    const size = screen.getByRole('combobox', { name: 'Size' });
    const color = screen.getByRole('combobox', { name: 'Color' });
    expect([size.getAttribute('aria-invalid'), size.getAttribute('aria-describedby')]).toEqual([
      'true',
      alert.id,
    ]);
    expect(color.hasAttribute('aria-invalid')).toBe(false);
    await choose(user, { Size: 'S' });
    expect(size.hasAttribute('aria-invalid')).toBe(false);
  });

  it('marks the quantity field invalid and described by the alert while it holds no quantity', async () => {
    const { user } = setup({ item: MUG });
    const input = screen.getByRole('spinbutton', { name: 'Quantity' });
    await user.clear(input);
    await user.type(input, '1.5');
    await user.click(addButton());
    const alert = screen.getByRole('alert', { name: 'Unable to Add Item' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(alert.id);
    await user.clear(input);
    await user.type(input, '2');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
  });

  // A live region announces what is inserted: the same text left in place would be heard once.
  it('draws a new alert for a second press refused the same way, so it is announced again', async () => {
    const { user } = setup({ item: TEE });
    await user.click(addButton());
    const first = screen.getByRole('alert', { name: 'Unable to Add Item' });
    await user.click(addButton());
    const second = screen.getByRole('alert', { name: 'Unable to Add Item' });
    expect(second.textContent).toBe(first.textContent);
    expect(second).not.toBe(first);
    expect(first.isConnected).toBe(false);
  });

  it("opens a gift card's denomination select on Select Value, the platform markup's text (spec 001 §9)", () => {
    setup({ item: GIFT_CARD });
    const select = screen.getByRole('combobox');
    expect(within(select).getAllByRole('option')[0]?.textContent).toBe('Select Value');
  });

  it('asks for a gift card denomination under its own title', async () => {
    const { user, assign } = setup({ item: GIFT_CARD });
    await user.click(screen.getByRole('button', { name: 'Add To Cart' }));
    expect(screen.getByRole('alert', { name: 'Unable to purchase Gift Card' }).textContent).toContain(
      'Select a denomination for the Gift Card.',
    );
    expect(assign).not.toHaveBeenCalled();
  });

  it('clears the message when the choice changes', async () => {
    const { user } = setup({ item: TEE });
    await user.click(addButton());
    await choose(user, { Color: 'White' });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('add to cart', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // testing-library drains its act() with a setTimeout(0); it advances fake timers only when
    // it sees a `jest` global, so it gets one that drives vitest's clock.
    vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('goes adding -> added 1 s after success -> idle 2 s later', async () => {
    const { user, api } = setup({ item: MUG }, { fakeTimers: true });
    await user.click(addButton());
    await settle();
    expect(api.addCartEntry).toHaveBeenCalledWith({
      itemId: 'mug',
      sku: 'MUG',
      quantity: 1,
      additionalFields: null,
    });
    expect(addButton().textContent).toBe('Adding…');
    await act(async () => vi.advanceTimersByTime(999));
    expect(addButton().textContent).toBe('Adding…');
    await act(async () => vi.advanceTimersByTime(1));
    expect(addButton().textContent).toBe('Added!');
    await act(async () => vi.advanceTimersByTime(1999));
    expect(addButton().textContent).toBe('Added!');
    await act(async () => vi.advanceTimersByTime(1));
    expect(addButton().textContent).toBe('Add To Cart');
  });

  // Spec 001: no picker for a single variant, so nothing to choose, even where the variant names
  // an option.
  it('adds the only variant of a product whose one variant carries an option, with no picker', async () => {
    const oneSize = {
      ...MUG,
      structuredContent: {
        ...MUG.structuredContent,
        variants: [{ ...MUG.structuredContent.variants[0], attributes: { Size: 'One Size' } }],
      },
    };
    const { user, api } = setup({ item: oneSize }, { fakeTimers: true });
    expect(screen.queryByRole('combobox')).toBeNull();
    await user.click(addButton());
    await settle();
    expect(screen.queryByText(/Please select/)).toBeNull();
    expect(api.addCartEntry).toHaveBeenCalledWith({
      itemId: 'mug',
      sku: 'MUG',
      quantity: 1,
      additionalFields: null,
    });
  });

  it('tells screen readers the item was added, from a status region there before the add', async () => {
    const { user } = setup({ item: MUG }, { fakeTimers: true });
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');
    await user.click(addButton());
    await settle();
    expect(status.textContent).toBe('');
    await act(async () => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('status')).toBe(status);
    expect(status.textContent).toBe('Added!');
    await act(async () => vi.advanceTimersByTime(2000));
    expect(status.textContent).toBe('');
  });

  it.each([['adding'], ['added']])('ignores clicks while %s', async (phase) => {
    const { user, api } = setup({ item: MUG }, { fakeTimers: true });
    await user.click(addButton());
    await settle();
    expect(api.addCartEntry).toHaveBeenCalledTimes(1);
    if (phase === 'added') await act(async () => vi.advanceTimersByTime(1000));
    expect(addButton().getAttribute('aria-disabled')).toBe('true');
    await user.click(addButton());
    await act(async () => vi.advanceTimersByTime(10));
    expect(api.addCartEntry).toHaveBeenCalledTimes(1);
  });

  it.each([
    [
      'the server message',
      failResult('Sorry, that item is unavailable.', { status: 404 }),
      'Sorry, that item is unavailable.',
    ],
    [
      'the rate-limit text',
      failResult('Please try again in a few seconds.', { status: 429 }),
      'Please try again in a few seconds.',
    ],
    ['the offline text', offline, 'Please check your internet connection'],
    [
      'the session text',
      failResult('Your session has expired. Please reload the page and try again.', {
        status: 401,
        crumbFail: true,
      }),
      'Your session has expired. Please reload the page and try again.',
    ],
  ])('on failure shows %s and returns to idle after 1 s', async (_n, result, message) => {
    const api = fakeApi({
      getStock: async () => okResult({ results: [{ unlimited: false, qtyInStock: 10 }] }),
      addCartEntry: async () => result,
    });
    const { user } = setup({ item: MUG }, { api, fakeTimers: true });
    await user.click(addButton());
    await settle();
    const alert = screen.getByRole('alert', { name: 'Unable to Add Item' });
    expect(alert.textContent).toContain(message);
    expect(addButton().textContent).toBe('Adding…');
    await act(async () => vi.advanceTimersByTime(1000));
    expect(addButton().textContent).toBe('Add To Cart');
  });

  it('checks the stock against what the cart already holds for that item and variant', async () => {
    const api = fakeApi({
      getCart: async () =>
        okResult(
          cart([entry({ itemId: 'mug', chosenVariant: { sku: 'MUG', attributes: {} }, quantity: 4 })]),
        ),
      getStock: async () => okResult({ results: [{ sku: 'MUG', unlimited: false, qtyInStock: 4 }] }),
    });
    const { user, store } = setup({ item: MUG }, { api, fakeTimers: true });
    await act(async () => {
      await store.getState().load();
    });
    await user.click(addButton());
    await settle();
    // Spec 000 §8: the stock form check shows "out of stock".
    expect(screen.getByRole('alert').textContent).toContain('out of stock');
    expect(screen.getByRole('alert').textContent).not.toContain('Sorry');
    expect(api.getStock).toHaveBeenCalledWith('mug');
    expect(api.addCartEntry).not.toHaveBeenCalled();
  });

  it('updates the shared cart store on success', async () => {
    const { user, store } = setup({ item: MUG }, { fakeTimers: true });
    await user.click(addButton());
    await settle();
    expect(store.getState().cart?.totalQuantity).toBe(1);
  });
});

describe('the cart read of page start (spec 000 §4)', () => {
  const mugInCart = () =>
    cart([entry({ itemId: 'mug', chosenVariant: { sku: 'MUG', attributes: {} }, quantity: 4 })]);

  it('keeps the add button disabled in its loading phase until the read has settled', async () => {
    let answer: (r: ApiResult<ShoppingCart>) => void = () => undefined;
    const api = fakeApi({
      getCart: () => new Promise((resolve) => (answer = resolve)),
      getStock: async () => okResult({ results: [{ unlimited: true, qtyInStock: 0 }] }),
    });
    const { store } = setup({ item: MUG }, { api, context: { authenticatedAccountId: 'shopper-1' } });
    let read: Promise<unknown> = Promise.resolve();
    act(() => {
      read = store.getState().load();
    });
    expect(addButton()).toHaveProperty('disabled', true);
    expect(addButton().getAttribute('aria-busy')).toBe('true');
    expect(addButton().getAttribute('data-sf-phase')).toBe('loading');
    await act(async () => {
      answer(okResult(mugInCart()));
      await read;
    });
    expect(addButton()).toHaveProperty('disabled', false);
    expect(addButton().hasAttribute('aria-busy')).toBe(false);
    expect(addButton().getAttribute('data-sf-phase')).toBe('idle');
  });

  it('lets the button go once the read has failed, and reads the cart again before the stock check', async () => {
    let reads = 0;
    const api = fakeApi({
      getCart: async () => (++reads === 1 ? offline : okResult(mugInCart())),
      getStock: async () => okResult({ results: [{ sku: 'MUG', unlimited: false, qtyInStock: 4 }] }),
    });
    const { user, store } = setup({ item: MUG }, { api, context: { authenticatedAccountId: 'shopper-1' } });
    await act(async () => {
      await store.getState().load();
    });
    expect(addButton()).toHaveProperty('disabled', false);
    await user.click(addButton());
    await settle();
    // The four mugs already in the cart count: the unknown cart was not taken for an empty one.
    expect(reads).toBe(2);
    // The stock call refuses the fifth (spec 000 §8: the stock check shows "out of stock").
    expect(screen.getByRole('alert').textContent).toContain('out of stock');
    expect(api.addCartEntry).not.toHaveBeenCalled();
  });

  it('shows a read that fails again instead of checking the stock against nothing', async () => {
    const api = fakeApi({ getCart: async () => offline });
    const { user, store } = setup({ item: MUG }, { api, context: { authenticatedAccountId: 'shopper-1' } });
    await act(async () => {
      await store.getState().load();
    });
    await user.click(addButton());
    await settle();
    expect(screen.getByRole('alert', { name: 'Unable to Add Item' }).textContent).toContain(
      'Please check your internet connection',
    );
    expect(api.getStock).not.toHaveBeenCalled();
    expect(api.addCartEntry).not.toHaveBeenCalled();
  });
});

describe("purchase flows: the site's paths and the app's router", () => {
  const subscribeApi = () =>
    fakeApi({
      getStock: async () => okResult({ results: [{ unlimited: false, qtyInStock: 100 }] }),
      createSubscriptionCart: async () => okResult({ cartToken: 'tok 1' }),
    });

  it("express checkout goes to the provider's checkout path", async () => {
    const { user, assign } = setup(
      { item: MUG, expressCheckout: true },
      { paths: { checkout: '/pay?via=express' } },
    );
    await user.click(screen.getByRole('button', { name: 'Purchase' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/pay?via=express'));
  });

  it('express checkout goes to a checkout the site hosts on another origin', async () => {
    const { user, assign } = setup(
      { item: MUG, expressCheckout: true },
      { paths: { checkout: 'https://checkout.example/s/42' } },
    );
    await user.click(screen.getByRole('button', { name: 'Purchase' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.example/s/42'));
  });

  it('express checkout with navigate goes through the router, not a page load', async () => {
    const navigate = vi.fn();
    const { user, assign } = setup(
      { item: MUG, expressCheckout: true },
      { paths: { checkout: '/pay' }, navigate },
    );
    await user.click(screen.getByRole('button', { name: 'Purchase' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/pay'));
    expect(assign).not.toHaveBeenCalled();
  });

  it('a refused checkout path goes to /checkout', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user, assign } = setup(
      { item: MUG, expressCheckout: true },
      { paths: { checkout: 'javascript:alert(1)' } },
    );
    await user.click(screen.getByRole('button', { name: 'Purchase' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/checkout'));
  });

  it("a subscription goes to the provider's subscription path with its cart token", async () => {
    const { user, assign } = setup(
      { item: BOX },
      { api: subscribeApi(), paths: { subscription: '/subscribe?plan=1' } },
    );
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/subscribe?plan=1&cartToken=tok+1'));
  });

  it('a subscription with navigate goes through the router', async () => {
    const navigate = vi.fn();
    const { user, assign } = setup({ item: BOX }, { api: subscribeApi(), navigate });
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/checkout/subscription?cartToken=tok+1'));
    expect(assign).not.toHaveBeenCalled();
  });

  it("a gift card goes to the provider's gift card path with the denomination", async () => {
    const { user, assign } = setup({ item: GIFT_CARD }, { paths: { giftCard: '/gift' } });
    await choose(user, { Amount: '$50' });
    await user.click(screen.getByRole('button', { name: 'Add To Cart' }));
    expect(assign).toHaveBeenCalledWith('/gift?itemId=gc&sku=GC-50');
  });

  it('a gift card with navigate goes through the router', async () => {
    const navigate = vi.fn();
    const { user, assign } = setup({ item: GIFT_CARD }, { navigate });
    await choose(user, { Amount: '$50' });
    await user.click(screen.getByRole('button', { name: 'Add To Cart' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/checkout/gift-card?itemId=gc&sku=GC-50'));
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('purchase flows', () => {
  it('express checkout goes to the checkout page after the add', async () => {
    const { user, assign, api } = setup({ item: MUG, expressCheckout: true });
    await user.click(screen.getByRole('button', { name: 'Purchase' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/checkout'));
    expect(api.addCartEntry).toHaveBeenCalled();
  });

  it('takes a press again when the shopper comes back from the checkout (back/forward cache)', async () => {
    const { user, assign, api } = setup({ item: MUG, expressCheckout: true });
    await user.click(screen.getByRole('button', { name: 'Purchase' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/checkout'));
    expect(addButton().textContent).toBe('Adding…');
    act(() => {
      const shown = new Event('pageshow');
      Object.defineProperty(shown, 'persisted', { value: true });
      window.dispatchEvent(shown);
    });
    await user.click(screen.getByRole('button', { name: 'Purchase' }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(2));
    expect(api.addCartEntry).toHaveBeenCalledTimes(2);
  });

  it('express checkout failures are titled Unable to Purchase Item', async () => {
    const api = fakeApi({
      getStock: async () => okResult({ results: [{ unlimited: true, qtyInStock: 0 }] }),
      addCartEntry: async () => offline,
    });
    const { user, assign } = setup({ item: MUG, expressCheckout: true }, { api });
    await user.click(screen.getByRole('button', { name: 'Purchase' }));
    expect((await screen.findByRole('alert', { name: 'Unable to Purchase Item' })).textContent).toContain(
      'Please check your internet connection',
    );
    expect(assign).not.toHaveBeenCalled();
  });

  it('a subscription creates a subscription cart and goes to the subscription page', async () => {
    const api = fakeApi({
      getStock: async () => okResult({ results: [{ unlimited: false, qtyInStock: 100 }] }),
      createSubscriptionCart: async () => okResult({ cartToken: 'tok 1' }),
    });
    const { user, assign } = setup({ item: BOX }, { api });
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/checkout/subscription?cartToken=tok+1'));
    expect(api.createSubscriptionCart).toHaveBeenCalledWith({
      itemId: 'box',
      sku: 'BOX',
      qty: 1,
      additionalFields: null,
    });
    expect(api.addCartEntry).not.toHaveBeenCalled();
  });

  it('a gift card goes to the gift card page with the chosen denomination', async () => {
    const { user, assign, api } = setup({ item: GIFT_CARD });
    await choose(user, { Amount: '$50' });
    await user.click(screen.getByRole('button', { name: 'Add To Cart' }));
    expect(assign).toHaveBeenCalledWith('/checkout/gift-card?itemId=gc&sku=GC-50');
    expect(api.addCartEntry).not.toHaveBeenCalled();
  });

  it('a digital product without variants adds with no sku', async () => {
    const { user, api } = setup({ item: EBOOK });
    expect(screen.getByText('$9.00')).toBeInstanceOf(HTMLElement);
    await user.click(addButton());
    await waitFor(() =>
      expect(api.addCartEntry).toHaveBeenCalledWith({
        itemId: 'ebook',
        sku: null,
        quantity: 1,
        additionalFields: null,
      }),
    );
    expect(api.getStock).not.toHaveBeenCalled();
  });
});

describe('additional-fields form', () => {
  const formApi = (overrides: Parameters<typeof fakeApi>[0] = {}) =>
    fakeApi({
      getStock: async () => okResult({ results: [{ unlimited: false, qtyInStock: 3 }] }),
      addCartEntry: async () => added('pen', 'PEN'),
      validateForm: async () => okResult(null),
      ...overrides,
    });

  it('opens the form in a dialog before anything is added', async () => {
    const api = formApi();
    const { user } = setup({ item: ENGRAVED }, { api });
    await user.click(addButton());
    const dialog = await screen.findByRole('dialog', { name: 'Engraving' });
    expect(within(dialog).getByRole('radiogroup', { name: 'I love pens' })).toBeInstanceOf(HTMLElement);
    expect(api.addCartEntry).not.toHaveBeenCalled();
  });

  it('tracks the form render once, when the form first opens', async () => {
    const events: AnalyticsEvent[] = [];
    setAnalyticsSink((e) => events.push(e));
    const { user } = setup({ item: ENGRAVED }, { api: formApi() });
    await user.click(addButton());
    await screen.findByRole('dialog', { name: 'Engraving' });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(addButton());
    await screen.findByRole('dialog', { name: 'Engraving' });
    expect(events.filter((e) => e.type === 'form-rendered')).toEqual([
      { type: 'form-rendered', formId: 'form-engraving' },
    ]);
  });

  it('validates on the client, then on the server, then adds with the answers', async () => {
    const validateForm = vi
      .fn()
      .mockResolvedValueOnce(
        failResult('One or more fields is invalid, please check your entries.', {
          fieldErrors: { words: 'Too rude' },
        }),
      )
      .mockResolvedValueOnce(okResult(null));
    const api = formApi({ validateForm });
    const { user } = setup({ item: ENGRAVED }, { api });
    await user.click(addButton());
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Add To Cart' }));
    expect(within(dialog).getByText('Required')).toBeInstanceOf(HTMLElement);
    expect(validateForm).not.toHaveBeenCalled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Words' }), 'Hello');
    await user.click(within(dialog).getByRole('button', { name: 'Add To Cart' }));
    expect(await within(dialog).findByText('Too rude')).toBeInstanceOf(HTMLElement);
    expect(validateForm).toHaveBeenCalledWith('form-engraving', { words: 'Hello' });
    expect(api.addCartEntry).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Add To Cart' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(api.addCartEntry).toHaveBeenCalledWith({
        itemId: 'pen',
        sku: 'PEN',
        quantity: 1,
        additionalFields: { words: 'Hello' },
      }),
    );
    expect(document.activeElement).toBe(addButton());
  });

  it("shows the server's message when its refusal names no field of the form, keeping the answers", async () => {
    // `{"message": "Form is closed"}` from the validate call reads as a map of field ids.
    const validateForm = vi
      .fn()
      .mockResolvedValue(failResult('Form is closed', { fieldErrors: { message: 'Form is closed' } }));
    const api = formApi({ validateForm });
    const { user } = setup({ item: ENGRAVED }, { api });
    await user.click(addButton());
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Words' }), 'Hello');
    await user.click(within(dialog).getByRole('button', { name: 'Add To Cart' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Form is closed');
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Words' }).value).toBe('Hello');
    expect(api.addCartEntry).not.toHaveBeenCalled();
  });

  it('keeps typed answers when the dialog is closed and opened again', async () => {
    const { user } = setup({ item: ENGRAVED }, { api: formApi() });
    await user.click(addButton());
    await user.type(
      within(await screen.findByRole('dialog')).getByRole('textbox', { name: 'Words' }),
      'Keep me',
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(addButton());
    expect(
      within(await screen.findByRole('dialog')).getByRole<HTMLInputElement>('textbox', { name: 'Words' })
        .value,
    ).toBe('Keep me');
  });

  it('fetches a form named only by id, once', async () => {
    const api = formApi({
      getFormSchema: async () =>
        okResult({
          id: 'form-engraving',
          name: 'Engraving',
          fields: [
            { id: 'words', type: 'text', title: 'Words', required: true, options: [], statements: [] },
          ],
        } as never),
    });
    const { user } = setup({ item: ENGRAVED_BY_ID }, { api });
    await user.click(addButton());
    expect(await screen.findByRole('dialog', { name: 'Engraving' })).toBeInstanceOf(HTMLElement);
    expect(api.getFormSchema).toHaveBeenCalledWith('form-engraving');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(addButton());
    expect(await screen.findByRole('dialog', { name: 'Engraving' })).toBeInstanceOf(HTMLElement);
    expect(api.getFormSchema).toHaveBeenCalledTimes(1);
  });

  /** The engraved pen whose form carries `settings` (a submission message, a success address). */
  const engravedWith = (settings: Record<string, unknown>) => ({
    ...ENGRAVED,
    structuredContent: {
      ...ENGRAVED.structuredContent,
      additionalFieldsForm: { ...ENGRAVED.structuredContent.additionalFieldsForm, ...settings },
    },
  });

  it("shows the form's submission message in the dialog once the item is added", async () => {
    const api = formApi();
    const { user } = setup(
      { item: engravedWith({ submissionMessage: 'We will engrave it by hand.' }) },
      { api },
    );
    await user.click(addButton());
    const dialog = await screen.findByRole('dialog', { name: 'Engraving' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Words' }), 'Hello');
    await user.click(within(dialog).getByRole('button', { name: 'Add To Cart' }));
    expect((await within(dialog).findByRole('status')).textContent).toBe('We will engrave it by hand.');
    expect(api.addCartEntry).toHaveBeenCalledTimes(1);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("goes to the form's success address once the item is added, never before", async () => {
    const addCartEntry = vi.fn(async () => added('pen', 'PEN'));
    const { user, assign } = setup(
      { item: engravedWith({ successRedirect: '/engraving/thanks' }) },
      { api: formApi({ addCartEntry }) },
    );
    await user.click(addButton());
    const dialog = await screen.findByRole('dialog', { name: 'Engraving' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Words' }), 'Hello');
    await user.click(within(dialog).getByRole('button', { name: 'Add To Cart' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/engraving/thanks'));
    expect(addCartEntry).toHaveBeenCalledTimes(1);
    expect(addCartEntry.mock.invocationCallOrder[0]!).toBeLessThan(assign.mock.invocationCallOrder[0]!);
  });

  it('goes nowhere, and keeps the dialog closed with the alert, when the add fails', async () => {
    const { user, assign } = setup(
      { item: engravedWith({ successRedirect: '/engraving/thanks' }) },
      { api: formApi({ addCartEntry: async () => failResult('Please try again in a few seconds.') }) },
    );
    await user.click(addButton());
    const dialog = await screen.findByRole('dialog', { name: 'Engraving' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Words' }), 'Hello');
    await user.click(within(dialog).getByRole('button', { name: 'Add To Cart' }));
    expect((await screen.findByRole('alert', { name: 'Unable to Add Item' })).textContent).toContain(
      'Please try again in a few seconds.',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(assign).not.toHaveBeenCalled();
  });

  it('says Unable to open form when the form cannot be fetched', async () => {
    const { user } = setup(
      { item: ENGRAVED_BY_ID },
      { api: formApi({ getFormSchema: async () => offline }) },
    );
    await user.click(addButton());
    expect((await screen.findByRole('alert', { name: 'Unable to Add Item' })).textContent).toContain(
      'Unable to open form',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

/** The reviews toggle, once the section's code (loaded with a product that has reviews) is in. */
async function reviewsToggle(name: string): Promise<HTMLElement> {
  await act(async () => {
    await import('../../../widgets/product-form/reviews-gate.js');
  });
  return screen.findByRole('button', { name });
}

describe('reviews', () => {
  const reviews = {
    native: [{ author: 'Ann', rating: 5, title: 'Great', body: 'Soft and warm.' }],
    imported: [{ author: 'Bo', rating: 3, body: 'Fine.' }],
  };
  it.each([
    ['both', { native: true, imported: true }, {}, ['Soft and warm.', 'Fine.']],
    ['only native', { native: true, imported: false }, {}, ['Soft and warm.']],
    ['only imported', { native: false, imported: true }, {}, ['Fine.']],
    [
      'both with both review flags on',
      { native: true, imported: true },
      { native_product_reviews: true, imported_product_reviews: true },
      ['Soft and warm.', 'Fine.'],
    ],
    [
      'only imported with the native flag off',
      { native: true, imported: true },
      { native_product_reviews: false },
      ['Fine.'],
    ],
    [
      'only native with the imported flag off',
      { native: true, imported: true },
      { imported_product_reviews: false },
      ['Soft and warm.'],
    ],
  ])('shows %s when the site settings allow', async (_n, settings, features, bodies) => {
    const { user } = setup({ item: MUG, reviews }, { context: { reviews: settings, features } });
    await user.click(await reviewsToggle(`Reviews (${bodies.length})`));
    for (const body of bodies) expect(await screen.findByText(body)).toBeInstanceOf(HTMLElement);
    expect(screen.queryAllByText(/Soft and warm\.|Fine\./)).toHaveLength(bodies.length);
  });

  it.each([
    ['the kill switch is on', { native: true, imported: true }, { review_rendering_kill_switch: true }],
    ['the site shows no reviews', { native: false, imported: false }, {}],
    [
      'both review flags are off',
      { native: true, imported: true },
      { native_product_reviews: false, imported_product_reviews: false },
    ],
    [
      'the only kind shown has its flag off',
      { native: true, imported: false },
      { native_product_reviews: false },
    ],
  ])('shows nothing when %s', async (_n, settings, features) => {
    setup({ item: MUG, reviews }, { context: { reviews: settings, features } });
    // The toggle's code loads only for reviews to show: once it is in, a toggle would be there.
    await act(async () => {
      await import('../../../widgets/product-form/reviews-gate.js');
    });
    expect(screen.queryByRole('button', { name: /Reviews/ })).toBeNull();
  });

  it.each([
    ['turns the kill switch on', '?sf-flag-review_rendering_kill_switch=true', {}, 0],
    [
      'turns it off',
      '?sf-flag-review_rendering_kill_switch=false',
      { review_rendering_kill_switch: true },
      1,
    ],
  ])('follows an address that %s', async (_n, search, features, toggles) => {
    const before = location.href;
    history.replaceState(null, '', search);
    try {
      setup({ item: MUG, reviews }, { context: { reviews: { native: true, imported: true }, features } });
      await act(async () => {
        await import('../../../widgets/product-form/reviews-gate.js');
      });
      expect(screen.queryAllByRole('button', { name: /Reviews/ })).toHaveLength(toggles);
    } finally {
      history.replaceState(null, '', before);
    }
  });

  it.each([
    ['arriving with', true],
    ['following on the page', false],
  ])('opens and counts a link to #sf-reviews-<item> (%s)', async (_n, atLoad) => {
    const before = location.href;
    const events: AnalyticsEvent[] = [];
    setAnalyticsSink((e) => events.push(e));
    if (atLoad) history.replaceState(null, '', '#sf-reviews-mug');
    try {
      setup({ item: MUG, reviews }, { context: { reviews: { native: true, imported: false } } });
      const toggle = await reviewsToggle('Reviews (1)');
      if (!atLoad) {
        expect(toggle.getAttribute('aria-expanded')).toBe('false');
        act(() => {
          location.hash = 'sf-reviews-mug';
        });
      }
      expect(await screen.findByText('Soft and warm.')).toBeInstanceOf(HTMLElement);
      expect(toggle.getAttribute('aria-expanded')).toBe('true');
      expect(events.filter((e) => e.type.startsWith('reviews-'))).toEqual([
        { type: 'reviews-anchor-link', itemId: 'mug' },
      ]);
    } finally {
      history.replaceState(null, '', before);
    }
  });

  it('reads the reviews a block sent when the section loads: one it cannot show is left out', async () => {
    const sent = {
      native: [
        { author: 'Ann', rating: 9.6, body: 'Soft and warm.' },
        { author: 'No body' },
        'not a review',
        null,
      ],
      imported: [{ body: '   ' }],
    };
    const { user } = setup(
      { item: MUG, reviews: sent },
      { context: { reviews: { native: true, imported: true } } },
    );
    await user.click(await reviewsToggle('Reviews (1)'));
    expect(await screen.findByText('Soft and warm.')).toBeInstanceOf(HTMLElement);
    // The rating is held to the 1 to 5 of the stars.
    expect(screen.getByRole('img', { name: '5 out of 5 stars' })).toBeInstanceOf(HTMLElement);
  });

  it('shows no section when no review the block sent can be shown', async () => {
    setup(
      { item: MUG, reviews: { native: [{ author: 'No body' }], imported: [] } },
      { context: { reviews: { native: true, imported: true } } },
    );
    await act(async () => {
      await import('../../../widgets/product-form/reviews-gate.js');
    });
    expect(screen.queryByRole('button', { name: /Reviews/ })).toBeNull();
    expect(document.querySelector('.sf-reviews')).toBeNull();
  });

  it('gives the rating as text', async () => {
    const { user } = setup(
      { item: MUG, reviews },
      { context: { reviews: { native: true, imported: false } } },
    );
    await user.click(await reviewsToggle('Reviews (1)'));
    expect(await screen.findByRole('img', { name: '5 out of 5 stars' })).toBeInstanceOf(HTMLElement);
  });
});

describe('analytics hooks', () => {
  it('tracks the product view, the add and the reviews tab', async () => {
    const events: AnalyticsEvent[] = [];
    setAnalyticsSink((e) => events.push(e));
    const { user } = setup(
      { item: MUG, reviews: { native: [{ author: 'A', rating: 4, body: 'Nice.' }] } },
      { context: { reviews: { native: true, imported: false } } },
    );
    await user.click(addButton());
    await waitFor(() => expect(events.some((e) => e.type === 'item-added')).toBe(true));
    await user.click(await reviewsToggle('Reviews (1)'));
    expect(events).toEqual([
      { type: 'product-page-viewed', itemId: 'mug' },
      { type: 'button-rendered', itemId: 'mug', button: 'add' },
      { type: 'button-clicked', itemId: 'mug', button: 'add' },
      { type: 'item-added', itemId: 'mug', sku: 'MUG', quantity: 1 },
      { type: 'reviews-tab', itemId: 'mug' },
    ]);
  });

  it('counts the express-checkout button apart from the add button', async () => {
    const events: AnalyticsEvent[] = [];
    setAnalyticsSink((e) => events.push(e));
    const { user } = setup({ item: MUG, expressCheckout: true });
    await user.click(screen.getByRole('button', { name: 'Purchase' }));
    await waitFor(() => expect(events.some((e) => e.type === 'item-added')).toBe(true));
    expect(events.filter((e) => e.type.startsWith('button-'))).toEqual([
      { type: 'button-rendered', itemId: 'mug', button: 'express' },
      { type: 'button-clicked', itemId: 'mug', button: 'express' },
    ]);
  });
});

describe('quick view', () => {
  it('opens the product form in a dialog and tracks the quick view, not a product page view', async () => {
    const events: AnalyticsEvent[] = [];
    setAnalyticsSink((e) => events.push(e));
    const { user } = setup({ item: MUG, quickView: true });
    expect(screen.queryByRole('button', { name: 'Add To Cart' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Quick View' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mug' });
    // The platform layer turns it into the census RecordQuickView call.
    expect(events).toContainEqual({ type: 'quick-view', itemId: 'mug' });
    expect(within(dialog).getByRole('button', { name: 'Add To Cart' })).toBeInstanceOf(HTMLElement);
    expect(within(dialog).getByText('$12.50')).toBeInstanceOf(HTMLElement);
    expect(events.filter((e) => e.type === 'product-page-viewed')).toEqual([]);
  });
});

describe('a product route that parses its item in render', () => {
  /** Past this many renders the route has not settled: it stops drawing the form, so the run ends. */
  const RENDER_LIMIT = 40;

  /**
   * A router's product page: the id comes from the route, the item is parsed on every render, the
   * route follows the choice (`useProductChoice`) and keeps what the form tells it in its own state
   * through inline arrows. Every choice re-renders it with a new parse of the same JSON.
   */
  function productRoute(json: unknown) {
    const seen = { renders: 0, choices: [] as (string | null)[] };
    function ProductRoute({ id }: { id: string }) {
      seen.renders += 1;
      const choice = useProductChoice(id);
      const [told, setTold] = useState<{ variant: Variant | null; quantity: number } | null>(null);
      if (seen.renders > RENDER_LIMIT) return <p>The route did not settle</p>;
      const parsed = parseProductItem(json);
      if (!parsed.ok) return null;
      return (
        <>
          <p>Following {choice?.variant?.sku ?? 'no variant'}</p>
          <p>Told {told?.variant?.sku ?? 'no variant'}</p>
          <ProductForm
            item={parsed.value}
            onChoiceChange={(next) => {
              seen.choices.push(next.variant?.sku ?? null);
              setTold(next);
            }}
            onVariantChange={() => undefined}
          />
        </>
      );
    }
    return { seen, ProductRoute };
  }

  it('settles, and its selects choose the variant, the price and what the callback is told', async () => {
    const { seen, ProductRoute } = productRoute(TEE);
    const { user } = renderWithStorefront(<ProductRoute id="tee" />);
    await choose(user, { Color: 'White', Size: 'S' });
    expect(await screen.findByText('Following TEE-S-WHT')).toBeInstanceOf(HTMLElement);
    expect(screen.getByText('Told TEE-S-WHT')).toBeInstanceOf(HTMLElement);
    expect(document.querySelector('ins')?.textContent).toBe('Price $20.00');
    await choose(user, { Color: 'Black' });
    expect(await screen.findByText('Following TEE-S-BLK')).toBeInstanceOf(HTMLElement);
    expect(screen.getByText('$25.00')).toBeInstanceOf(HTMLElement);
    expect(seen.choices).toEqual([null, 'TEE-S-WHT', 'TEE-S-BLK']);
    // A few renders per choice, not one per frame.
    expect(seen.renders).toBeLessThanOrEqual(10);
  });

  it('settles for a product with a single variant, chosen from the start', async () => {
    const { seen, ProductRoute } = productRoute(MUG);
    renderWithStorefront(<ProductRoute id="mug" />);
    expect(await screen.findByText('Following MUG')).toBeInstanceOf(HTMLElement);
    expect(screen.getByText('Told MUG')).toBeInstanceOf(HTMLElement);
    expect(screen.getByRole('button', { name: 'Add To Cart' })).toBeInstanceOf(HTMLElement);
    expect(seen.choices).toEqual(['MUG']);
    expect(seen.renders).toBeLessThanOrEqual(5);
  });

  it('still follows a real change of the product: a new price shows and is told', async () => {
    const told: (number | undefined)[] = [];
    const withPrice = (decimalValue: string) => ({
      ...MUG,
      structuredContent: {
        ...MUG.structuredContent,
        variants: [
          { ...MUG.structuredContent.variants[0], priceMoney: { decimalValue, currencyCode: 'USD' } },
        ],
      },
    });
    let show: (json: unknown) => void = () => undefined;
    function Route() {
      const [json, setJson] = useState<unknown>(withPrice('12.50'));
      show = setJson;
      const parsed = parseProductItem(json);
      return parsed.ok ? (
        <ProductForm
          item={parsed.value}
          onChoiceChange={({ variant }) => told.push(variant?.price?.amount)}
        />
      ) : null;
    }
    renderWithStorefront(<Route />);
    expect(screen.getByText('$12.50')).toBeInstanceOf(HTMLElement);
    act(() => show(withPrice('12.50')));
    act(() => show(withPrice('14.00')));
    expect(screen.getByText('$14.00')).toBeInstanceOf(HTMLElement);
    expect(told).toEqual([1250, 1400]);
  });
});
