import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatMoney } from '../../../src/commerce/money.js';
import { DEFAULT_CONTEXT } from '../../../src/page/context.js';
import { WidgetPropsError } from '../../../src/react/define.js';
import widget, { mount } from '../../../widgets/product-form/index.js';
import { productBlock } from '../fixtures.js';
import { MUG, TEE } from './items.js';

const env = () => ({ context: DEFAULT_CONTEXT, report: vi.fn() });

const page = (props: unknown) => productBlock('product-form', props, '<button>Fallback add</button>');

let unmount: (() => void) | null = null;
afterEach(() => {
  act(() => unmount?.());
  unmount = null;
  document.body.innerHTML = '';
});

describe('product-form widget module', () => {
  it('exports mount as its WidgetModule', () => {
    expect(widget.mount).toBe(mount);
  });

  it('replaces the fallback with the form', async () => {
    const { el } = page({ item: TEE });
    await act(async () => {
      unmount = mount(el, { item: TEE }, env());
    });
    expect(screen.queryByRole('button', { name: 'Fallback add' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Add To Cart' })).toBeInstanceOf(HTMLElement);
  });

  it("draws props changed in place with the shopper's choice kept, and another product afresh", async () => {
    const user = userEvent.setup();
    const { el } = page({ item: TEE });
    let widgetMount: ReturnType<typeof mount> | null = null;
    await act(async () => {
      unmount = widgetMount = mount(el, { item: TEE }, env());
    });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Color' }), 'Black');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Size' }), 'S');
    expect(screen.getByText('$25.00')).toBeInstanceOf(HTMLElement);
    const [first, ...rest] = TEE.structuredContent.variants;
    const repriced = {
      ...TEE,
      structuredContent: {
        ...TEE.structuredContent,
        variants: [{ ...first, priceMoney: { decimalValue: '77.00', currencyCode: 'USD' } }, ...rest],
      },
    };
    await act(async () => widgetMount?.update?.({ item: repriced }));
    expect(await screen.findByText('$77.00')).toBeInstanceOf(HTMLElement);
    expect((screen.getByRole('combobox', { name: 'Size' }) as HTMLSelectElement).value).toBe('S');
    await act(async () => widgetMount?.update?.({ item: MUG }));
    expect(screen.queryByRole('combobox', { name: 'Size' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Add To Cart' })).toBeInstanceOf(HTMLElement);
  });

  it('keeps drawing the old props when new ones do not parse', async () => {
    const { el } = page({ item: TEE });
    let widgetMount: ReturnType<typeof mount> | null = null;
    await act(async () => {
      unmount = widgetMount = mount(el, { item: TEE }, env());
    });
    expect(() => widgetMount?.update?.({ item: null })).toThrow(WidgetPropsError);
    expect(screen.getByRole('combobox', { name: 'Size' })).toBeInstanceOf(HTMLElement);
  });

  it('mounts a product card as its Quick View button, the form opening in the lightbox', async () => {
    const { el } = page({ item: TEE, quickView: true });
    await act(async () => {
      unmount = mount(el, { item: TEE, quickView: true }, env());
    });
    const quickView = await screen.findByRole('button', { name: 'Quick View' });
    expect(screen.queryByRole('button', { name: 'Fallback add' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add To Cart' })).toBeNull();
    await userEvent.click(quickView);
    const dialog = await screen.findByRole('dialog', { name: TEE.title });
    expect(dialog.querySelector('.sf-add-button')?.textContent).toBe('Add To Cart');
  });

  it("shows the card's picture and a link to the full page in the quick view", async () => {
    const item = {
      ...TEE,
      fullUrl: '/products/tee',
      mainImage: { assetUrl: '/img/tee-card.svg', altText: 'Black tee, folded' },
    };
    const { el } = page({ item, quickView: true });
    await act(async () => {
      unmount = mount(el, { item, quickView: true }, env());
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Quick View' }));
    const dialog = await screen.findByRole('dialog', { name: TEE.title });
    const picture = within(dialog).getByRole('img', { name: 'Black tee, folded' });
    expect(picture.getAttribute('src')).toBe('/img/tee-card.svg');
    const link = within(dialog).getByRole('link', { name: `View full details of ${TEE.title}` });
    expect(link.getAttribute('href')).toBe('/products/tee');
    expect(link.textContent).toBe('View full details');
  });

  it('shows no link for an address off the site, nor a picture with an unsafe address', async () => {
    const item = { ...TEE, fullUrl: '//elsewhere.test/tee', mainImage: { assetUrl: 'javascript:alert(1)' } };
    const { el } = page({ item, quickView: true });
    await act(async () => {
      unmount = mount(el, { item, quickView: true }, env());
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Quick View' }));
    const dialog = await screen.findByRole('dialog', { name: TEE.title });
    expect(within(dialog).queryByRole('link')).toBeNull();
    expect(dialog.querySelector('.sf-quick-view__image')).toBeNull();
  });

  it('leaves a card untouched when unmounted before its button loads', async () => {
    const { el } = page({ item: TEE, quickView: true });
    const stop = mount(el, { item: TEE, quickView: true }, env());
    stop();
    await act(async () => {
      await import('../../../widgets/product-form/quick-view-button.js');
    });
    expect(screen.getByRole('button', { name: 'Fallback add' })).toBeInstanceOf(HTMLElement);
    expect(screen.queryByRole('button', { name: 'Quick View' })).toBeNull();
  });

  it.each([
    ['not an object', 'nope'],
    ['an item without an id', { item: { structuredContent: { productType: 1, variants: [] } } }],
  ])('throws for props that are %s and leaves the fallback', (_n, props) => {
    const { el } = page(props);
    expect(() => mount(el, props, env())).toThrow(/product-form: invalid data-sf-props/);
    expect(screen.getByRole('button', { name: 'Fallback add' })).toBeInstanceOf(HTMLElement);
  });

  const withImage = (url: string) => ({
    ...TEE,
    structuredContent: {
      ...TEE.structuredContent,
      variants: TEE.structuredContent.variants.map((v, i) => (i === 0 ? { ...v, imageUrl: url } : v)),
    },
  });

  it.each([
    [
      'a variant image URL with a space',
      { item: withImage('https://img.example/tee black.jpg') },
      'imageUrl',
    ],
    ['a javascript: variant image', { item: withImage('javascript:alert(1)') }, 'imageUrl'],
    ['a wrong flag', { item: TEE, expressCheckout: 'yes' }, 'expressCheckout'],
    ['a bad store setting', { item: TEE, storeSettings: { expressCheckout: 'soon' } }, 'storeSettings'],
  ])('mounts despite %s, reporting the field once', async (_label, props, field) => {
    const { el } = page(props);
    const e = env();
    await act(async () => {
      unmount = mount(el, props, e);
    });
    expect(screen.getByRole('button', { name: 'Add To Cart' })).toBeInstanceOf(HTMLElement);
    expect(e.report).toHaveBeenCalledTimes(1);
    const [error, info] = e.report.mock.calls[0] as [Error, Record<string, string>];
    expect(error.message).toContain(field);
    expect(info).toEqual({ widget: 'product-form', code: 'BAD_PROPS' });
  });

  it('keeps the server image for a variant whose image was left out', async () => {
    const props = { item: withImage('javascript:alert(1)') };
    const { el, img } = page(props);
    await act(async () => {
      unmount = mount(el, props, env());
    });
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Color' }), 'Black');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Size' }), 'S');
    // The variant's own mainImage is still usable and is shown; the script URL never reaches src.
    // The switcher's code loads with the first change, so the image follows a moment later.
    await vi.waitFor(() => expect(img.getAttribute('src')).toBe('/img/tee-black.jpg'));
  });

  it('reports nothing for clean props', async () => {
    const { el } = page({ item: TEE });
    const e = env();
    await act(async () => {
      unmount = mount(el, { item: TEE }, e);
    });
    expect(e.report).not.toHaveBeenCalled();
  });

  it('switches the block image to the chosen variant and back', async () => {
    const { el, img } = page({ item: TEE });
    await act(async () => {
      unmount = mount(el, { item: TEE }, env());
    });
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Color' }), 'Black');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Size' }), 'S');
    // The switcher's code loads with the first change that shows another image.
    await vi.waitFor(() =>
      expect([img.getAttribute('src'), img.getAttribute('srcset'), img.alt]).toEqual([
        '/img/tee-black.jpg',
        null,
        'Black tee',
      ]),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Color' }), 'White');
    expect(img.getAttribute('src')).toBe('/img/tee-white.jpg');
    // The white tee has no alt of its own: the product's, never the black tee's.
    expect(img.alt).toBe('Tee');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Size' }), '');
    expect([img.getAttribute('src'), img.getAttribute('srcset'), img.alt]).toEqual([
      '/img/tee.jpg',
      '/img/tee-2x.jpg 2x',
      'Tee',
    ]);
  });

  it('announces the choice and quantity as sf:variant-change from its product block', async () => {
    const { el } = page({ item: TEE });
    const heard: { target: EventTarget | null; detail: unknown }[] = [];
    const listen = (e: Event) => heard.push({ target: e.target, detail: (e as CustomEvent).detail });
    document.addEventListener('sf:variant-change', listen);
    try {
      await act(async () => {
        unmount = mount(el, { item: TEE }, env());
      });
      expect(heard.at(-1)).toEqual({ target: el, detail: { itemId: 'tee', variant: null, quantity: 1 } });
      const user = userEvent.setup();
      await user.selectOptions(screen.getByRole('combobox', { name: 'Color' }), 'Black');
      await user.selectOptions(screen.getByRole('combobox', { name: 'Size' }), 'S');
      const quantity = screen.getByRole('spinbutton', { name: 'Quantity' });
      await user.clear(quantity);
      await user.type(quantity, '3');
      const last = heard.at(-1)?.detail as {
        itemId: string;
        variant: { sku: string } | null;
        quantity: number;
      };
      expect([last.itemId, last.variant?.sku, last.quantity]).toEqual(['tee', 'TEE-S-BLK', 3]);
      // A listener that changes its copy changes nothing in the form's own variant.
      (last.variant as { sku: string }).sku = 'CHANGED';
      await user.type(quantity, '0');
      const next = heard.at(-1)?.detail as { variant: { sku: string } | null; quantity: number };
      expect([next.variant?.sku, next.quantity]).toEqual(['TEE-S-BLK', 30]);
    } finally {
      document.removeEventListener('sf:variant-change', listen);
    }
  });
});

describe('product-form widget module: the price the page carries', () => {
  afterEach(() => {
    // Unmounted while the page's idle callback is still the test's.
    act(() => unmount?.());
    unmount = null;
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  /** The engine's fallback of a product form: its price line, as `sf-block` writes it. */
  const fallback = (price: string) =>
    `<div class="sf-product-form"><p class="sf-product-form__price">${price}</p></div>`;
  /** The idle callbacks the page asked for, run when the test says the page is idle. */
  const idleMoments = () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    return idle;
  };

  /** Counts the number formatters built, each built as it would be. */
  const countFormatters = () => {
    const Real = Intl.NumberFormat;
    return vi.spyOn(Intl, 'NumberFormat').mockImplementation(function (
      ...args: ConstructorParameters<typeof Real>
    ) {
      return new Real(...args);
    } as unknown as typeof Real);
  };

  it.each([
    {
      product: 'one variant',
      item: MUG,
      price: '<span class="sf-product-form__current">US$12.50</span>',
      shown: ['US$12.50'],
      // Locales no other test formats in: no formatter of theirs is built before the test.
      locale: 'en-GB',
    },
    {
      product: 'a price range',
      item: TEE,
      price: '<span class="sf-product-form__current">US$20.00 – US$25.00</span>',
      shown: ['US$20.00 – US$25.00'],
      locale: 'en-IE',
    },
  ])(
    'shows the price text of its fallback ($product) and builds no NumberFormat before the page is idle',
    async ({ item, price, shown, locale }) => {
      const idle = idleMoments();
      const formatters = countFormatters();
      const context = { ...DEFAULT_CONTEXT, locale };
      const { el } = productBlock('product-form', { item }, fallback(price));
      await act(async () => {
        unmount = mount(el, { item }, { context, report: vi.fn() });
      });
      expect(screen.getByRole('button', { name: 'Add To Cart' })).toBeInstanceOf(HTMLElement);
      for (const text of shown) expect(screen.getByText(text).className).toBe('sf-product-form__current');
      expect(formatters).not.toHaveBeenCalled();
      // Once the page is idle the formatter is built, and it spells the prices as the page did.
      act(() => idle.forEach((run) => run()));
      expect(formatters).toHaveBeenCalled();
      const texts = shown.flatMap((t) => t.split(' – '));
      const amounts = texts.map((t) => Math.round(Number(t.replace(/[^\d.]/g, '')) * 100));
      expect(amounts.map((amount) => formatMoney({ amount, currency: 'USD' }, { locale }))).toEqual(texts);
    },
  );

  it('formats a price no text of the fallback spells', async () => {
    idleMoments();
    const context = { ...DEFAULT_CONTEXT, locale: 'en-NZ' };
    const { el } = productBlock(
      'product-form',
      { item: MUG },
      fallback('<span class="sf-product-form__current">US$99.00</span>'),
    );
    await act(async () => {
      unmount = mount(el, { item: MUG }, { context, report: vi.fn() });
    });
    expect(
      screen.getByText(formatMoney({ amount: 1250, currency: 'USD' }, { locale: 'en-NZ' })).className,
    ).toBe('sf-product-form__current');
    expect(screen.queryByText('US$99.00')).toBeNull();
  });
});
