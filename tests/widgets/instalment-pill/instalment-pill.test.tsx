import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FastifyInstance } from 'fastify';
import { Profiler, useState } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createServer } from '../../../demo/server/app.js';
import { parseInstalmentContext } from '../../../src/commerce/instalments.js';
import { parseProductItem } from '../../../src/commerce/product-listing.js';
import { DEFAULT_CONTEXT } from '../../../src/page/context.js';
import { useProductChoice } from '../../../src/react/use-product-choice.js';
import { mount } from '../../../widgets/instalment-pill/pill-widget.js';
import { InstalmentPill, onDarkBackground } from '../../../widgets/instalment-pill/instalment-pill.js';
import { ProductForm } from '../../../widgets/product-form/quick-view-button.js';
import { renderWithStorefront } from '../fixtures.js';
import { EBOOK, TEE, US, YEN_TEA } from './items.js';

// The info texts come from the reference server's own route, through a fetch that calls it.
let app: FastifyInstance;
const served: string[] = [];
let failNext = false;
beforeAll(async () => {
  app = await createServer({ dbPath: ':memory:' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      served.push(url);
      if (failNext) {
        failNext = false;
        return new Response('down', { status: 503 });
      }
      const r = await app.inject(url);
      return new Response(r.body, { status: r.statusCode, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await app.close();
});

let unmounts: (() => void)[] = [];
afterEach(() => {
  act(() => unmounts.forEach((u) => u()));
  unmounts = [];
  document.body.innerHTML = '';
  served.length = 0;
  vi.restoreAllMocks();
});

const TEXTS_URL = '/instalments/{locale}.json';
/** The page's environment; `textsUrl` null leaves the site context without a texts URL. */
const env = (textsUrl: string | null = TEXTS_URL) => ({
  context: { ...DEFAULT_CONTEXT, ...(textsUrl === null ? {} : { instalmentTextsUrl: textsUrl }) },
  report: vi.fn(),
});

/** A product block with a product form slot and the pill, plus a second block with the same item. */
async function page(props: Record<string, unknown>, e = env()) {
  document.body.innerHTML = `
    <article data-sf-product-block id="main">
      <div data-sf-widget="product-form" id="form"></div>
      <div data-sf-widget="instalment-pill" id="pill"><p>Pay later</p></div>
    </article>
    <article data-sf-product-block id="card">
      <div data-sf-widget="product-form" id="card-form"></div>
    </article>`;
  const el = document.getElementById('pill')!;
  await act(async () => {
    unmounts.push(mount(el, props, e));
  });
  return { el, env: e };
}

const pillText = (el: HTMLElement) => el.textContent?.replace(/\s+/g, ' ').trim();

async function choose(target: EventTarget, detail: unknown) {
  await act(async () => {
    target.dispatchEvent(new CustomEvent('sf:variant-change', { bubbles: true, detail }));
  });
}

const flush = () =>
  act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });

describe('instalment-pill widget module', () => {
  it('refuses props without a usable item and keeps the fallback', () => {
    document.body.innerHTML = '<div id="pill"><p>Pay later</p></div>';
    const el = document.getElementById('pill')!;
    expect(() => mount(el, { instalments: US }, env())).toThrow(/instalment-pill: invalid data-sf-props/);
    expect(el.textContent).toBe('Pay later');
  });
});

describe('the pill follows the product form of its block', () => {
  it('uses the lowest price before a complete choice', async () => {
    // M is on sale at $19.50, below the $20.00 minimum.
    const { el } = await page({ item: TEE, instalments: US });
    expect(pillText(el)).toBe('Available for orders over $20.00 Afterpay');
  });

  it('follows the chosen variant times the quantity', async () => {
    const { el } = await page({ item: TEE, instalments: US });
    const form = document.getElementById('form')!;
    await choose(form, { itemId: 'tee', variant: { id: 'v-s', sku: 'TEE-S' }, quantity: 1 });
    expect(pillText(el)).toBe('or 4 interest-free payments of $6.25 with Afterpay');
    await choose(form, { itemId: 'tee', variant: { sku: 'TEE-S' }, quantity: 3 });
    expect(pillText(el)).toBe('or 4 interest-free payments of $18.75 with Afterpay');
    await choose(form, { itemId: 'tee', variant: { attributes: { Size: 'M' } }, quantity: 2 });
    expect(pillText(el)).toBe('or 4 interest-free payments of $9.75 with Afterpay');
    await choose(form, { itemId: 'tee', variant: { id: 'v-l' }, quantity: 30 });
    expect(pillText(el)).toBe('Available for orders up to $1,000.00 Afterpay');
    await choose(form, { itemId: 'tee', variant: null, quantity: 2 });
    expect(pillText(el)).toBe('or 4 interest-free payments of $9.75 with Afterpay');
  });

  it('takes prices from its own item, never from the event', async () => {
    const { el } = await page({ item: TEE, instalments: US });
    await choose(document.getElementById('form')!, {
      itemId: 'tee',
      variant: { sku: 'TEE-S', price: { amount: 1, currency: 'USD' } },
      quantity: 1,
    });
    expect(pillText(el)).toBe('or 4 interest-free payments of $6.25 with Afterpay');
  });

  it.each([
    ['another product block', 'card-form', { itemId: 'tee', variant: { sku: 'TEE-L' }, quantity: 1 }],
    ['another item', 'form', { itemId: 'mug', variant: { sku: 'TEE-L' }, quantity: 1 }],
    ['a detail that is no detail', 'form', 'TEE-L'],
  ])('ignores a choice from %s', async (_name, from, detail) => {
    const { el } = await page({ item: TEE, instalments: US });
    await choose(document.getElementById(from)!, detail);
    expect(pillText(el)).toBe('Available for orders over $20.00 Afterpay');
  });

  it('hides for a variant without a price and comes back for the next choice', async () => {
    const unpriced = {
      ...TEE,
      structuredContent: {
        ...TEE.structuredContent,
        variants: [
          ...TEE.structuredContent.variants,
          { id: 'v-xl', sku: 'TEE-XL', attributes: { Size: 'XL' }, qtyInStock: 1 },
        ],
      },
    };
    const { el } = await page({ item: unpriced, instalments: US });
    const form = document.getElementById('form')!;
    await choose(form, { itemId: 'tee', variant: { sku: 'TEE-XL' }, quantity: 1 });
    expect(el.textContent).toBe('');
    await choose(form, { itemId: 'tee', variant: { sku: 'TEE-L' }, quantity: 1 });
    expect(pillText(el)).toBe('or 4 interest-free payments of $11.25 with Afterpay');
    await choose(document.getElementById('card-form')!, {
      itemId: 'tee',
      variant: { sku: 'TEE-S' },
      quantity: 1,
    });
    expect(pillText(el)).toBe('or 4 interest-free payments of $11.25 with Afterpay');
  });

  it('hears a theme script that dispatches on document', async () => {
    const { el } = await page({ item: TEE, instalments: US });
    await choose(document, { itemId: 'tee', variant: { sku: 'TEE-L' }, quantity: 1 });
    expect(pillText(el)).toBe('or 4 interest-free payments of $11.25 with Afterpay');
  });

  it.each([
    [0, '$6.25'],
    [-3, '$6.25'],
    [2.5, '$6.25'],
    ['3', '$6.25'],
    [2, '$12.50'],
  ])('counts quantity %j as the right number', async (quantity, each) => {
    const { el } = await page({ item: TEE, instalments: US });
    await choose(document.getElementById('form')!, { itemId: 'tee', variant: { sku: 'TEE-S' }, quantity });
    expect(pillText(el)).toBe(`or 4 interest-free payments of ${each} with Afterpay`);
  });

  it('splits into the count it is given', async () => {
    const { el } = await page({ item: TEE, instalments: US, count: 6 });
    await choose(document.getElementById('form')!, { itemId: 'tee', variant: { sku: 'TEE-L' }, quantity: 1 });
    expect(pillText(el)).toBe('or 6 interest-free payments of $7.50 with Afterpay');
  });

  it('speaks yen without fractions', async () => {
    const { el } = await page({
      item: YEN_TEA,
      instalments: {
        ...US,
        afterPayMin: { value: '5000', currency: 'JPY' },
        afterPayMax: { value: '150000', currency: 'JPY' },
      },
    });
    expect(pillText(el)).toBe('or 4 interest-free payments of ¥1,250 with Afterpay');
  });

  it('takes text overrides', async () => {
    const { el } = await page({
      item: TEE,
      instalments: US,
      strings: { instalmentOver: 'From {amount}', brandAfterpay: 'AP' },
    });
    expect(pillText(el)).toBe('From $20.00 AP');
  });
});

describe('brand and visibility', () => {
  it('shows the second brand in Great Britain', async () => {
    const { el } = await page({
      item: TEE,
      instalments: { ...US, shopperLanguage: 'en-GB', stripeAccountCountry: 'GB' },
    });
    expect(pillText(el)).toBe('Available for orders over $20.00 Clearpay');
    expect(screen.getByRole('button', { name: 'About Clearpay' })).toBeInstanceOf(HTMLButtonElement);
  });

  it.each([
    ['the provider is unavailable', { item: TEE, instalments: { afterPayAvailable: false } }],
    ['the locale is not served', { item: TEE, instalments: { ...US, shopperLanguage: 'de-DE' } }],
    ['the product is digital', { item: EBOOK, instalments: US }],
  ])('shows nothing and reports nothing when %s', async (_name, props) => {
    const { el, env: e } = await page(props);
    expect(el.textContent).toBe('');
    expect(e.report).not.toHaveBeenCalled();
  });

  const GB = { ...US, shopperLanguage: 'en-GB', stripeAccountCountry: 'GB' };
  const withFeatures = (features: Record<string, boolean>) => ({
    context: { ...DEFAULT_CONTEXT, features },
    report: vi.fn(),
  });
  it.each([
    ['Afterpay', { afterpay: true }, US, 'Available for orders over $20.00 Afterpay'],
    ['Afterpay', { clearpay: false }, US, 'Available for orders over $20.00 Afterpay'],
    ['Afterpay', { afterpay: false }, US, ''],
    ['Clearpay', { clearpay: true }, GB, 'Available for orders over $20.00 Clearpay'],
    ['Clearpay', { afterpay: false }, GB, 'Available for orders over $20.00 Clearpay'],
    ['Clearpay', { clearpay: false }, GB, ''],
  ])('gates %s by its flag: %j', async (_brand, features, instalments, text) => {
    const { el, env: e } = await page({ item: TEE, instalments }, withFeatures(features));
    expect(pillText(el)).toBe(text);
    expect(e.report).not.toHaveBeenCalled();
  });

  it.each([
    ['no context', { item: TEE }, 'instalment context is not an object'],
    ['a context without amounts', { item: TEE, instalments: { ...US, afterPayMin: 'cheap' } }, 'afterPayMin'],
    [
      'a range in another currency than the product',
      {
        item: TEE,
        instalments: {
          ...US,
          afterPayMin: { value: '20', currency: 'EUR' },
          afterPayMax: { value: '1000', currency: 'EUR' },
        },
      },
      'the range is in EUR, the product in USD',
    ],
  ])('reports %s once and shows nothing', async (_name, props, reason) => {
    const { el, env: e } = await page(props);
    expect(el.textContent).toBe('');
    expect(e.report).toHaveBeenCalledTimes(1);
    const [error, info] = e.report.mock.calls[0] as [Error, Record<string, string>];
    expect(error.message).toContain(reason);
    expect(info).toEqual({ widget: 'instalment-pill', code: 'INSTALMENT_CONTEXT_INVALID' });
  });
});

describe('the info popup', () => {
  async function inRange() {
    const rendered = await page({ item: TEE, instalments: US });
    await choose(document.getElementById('form')!, { itemId: 'tee', variant: { sku: 'TEE-S' }, quantity: 1 });
    return rendered;
  }

  it('opens on a click on the pill with the order line and the provider texts', async () => {
    const { el } = await inRange();
    const user = userEvent.setup();
    await user.click(within(el).getByText('or 4 interest-free payments of $6.25 with'));
    const dialog = await screen.findByRole('dialog', { name: 'About Afterpay' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    await within(dialog).findByRole('heading', { name: 'Pay in 4 interest-free instalments' });
    expect(within(dialog).getByText('4 interest-free payments of $6.25')).toBeInstanceOf(HTMLElement);
    expect(
      within(dialog).getByText('Add your items to the cart and choose Afterpay at checkout.'),
    ).toBeInstanceOf(HTMLElement);
    expect(served).toEqual(['/instalments/en-US.json']);
  });

  it.each([
    ['Escape', (user: ReturnType<typeof userEvent.setup>) => user.keyboard('{Escape}')],
    [
      'the close button',
      (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Close' })),
    ],
  ])('opens from the info button and closes on %s, focus back on the button', async (_how, close) => {
    await inRange();
    const user = userEvent.setup();
    const info = screen.getByRole('button', { name: 'About Afterpay' });
    expect(info.getAttribute('aria-haspopup')).toBe('dialog');
    await user.click(info);
    await screen.findByRole('dialog', { name: 'About Afterpay' });
    expect(info.getAttribute('aria-expanded')).toBe('true');
    await flush();
    await close(user);
    await flush();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(info);
    expect(info.getAttribute('aria-expanded')).toBe('false');
  });

  // Focus after a click outside is checked in Chromium (tests/e2e/instalment-pill.test.ts):
  // floating-ui returns it only where focus() honours preventScroll, which happy-dom's does not.
  it('closes on a click outside', async () => {
    await inRange();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'About Afterpay' }));
    await screen.findByRole('dialog', { name: 'About Afterpay' });
    await flush();
    await user.click(document.querySelector<HTMLElement>('.sf-lightbox-backdrop')!);
    await flush();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens from the keyboard', async () => {
    await inRange();
    const user = userEvent.setup();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'About Afterpay' }));
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'About Afterpay' });
  });

  const paragraphs = (dialog: HTMLElement) =>
    [...dialog.querySelectorAll('.sf-instalment-info > p')].slice(1).map((p) => p.textContent);
  const termsLink = (dialog: HTMLElement, brand = 'Afterpay') =>
    within(dialog).getByRole('link', { name: `Read the ${brand} terms (opens in a new tab)` });

  it.each([
    ['en-US', 'US', 'Afterpay', 'https://www.afterpay.com/en-US/installment-agreement'],
    ['en-CA', 'CA', 'Afterpay', 'https://www.afterpay.com/en-CA/instalment-agreement'],
    ['fr-CA', 'CA', 'Afterpay', 'https://www.afterpay.com/fr-CA/instalment-agreement'],
    ['en-AU', 'AU', 'Afterpay', 'https://www.afterpay.com/en-AU/terms-of-service'],
    ['en-NZ', 'NZ', 'Afterpay', 'https://www.afterpay.com/en-NZ/terms-of-service'],
    ['en-GB', 'GB', 'Clearpay', 'https://www.clearpay.co.uk/en-GB/terms-of-service'],
  ])(
    'links %s to the provider’s own terms and words none itself when the site names no texts',
    async (language, country, brand, href) => {
      await page(
        { item: TEE, instalments: { ...US, shopperLanguage: language, stripeAccountCountry: country } },
        env(null),
      );
      await userEvent.setup().click(screen.getByRole('button', { name: `About ${brand}` }));
      const dialog = await screen.findByRole('dialog', { name: `About ${brand}` });
      const link = termsLink(dialog, brand);
      expect(link.getAttribute('href')).toBe(href);
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
      expect(within(dialog).queryByRole('heading', { level: 3 })).toBeNull();
      expect(paragraphs(dialog)).toEqual([link.textContent]);
      expect(served).toEqual([]);
    },
  );

  it('shows the merchant’s texts above the provider’s terms link', async () => {
    await inRange();
    await userEvent.setup().click(screen.getByRole('button', { name: 'About Afterpay' }));
    const dialog = await screen.findByRole('dialog', { name: 'About Afterpay' });
    await within(dialog).findByRole('heading', { level: 3, name: 'Pay in 4 interest-free instalments' });
    expect(termsLink(dialog).getAttribute('href')).toBe(
      'https://www.afterpay.com/en-US/installment-agreement',
    );
  });

  it('links to the site’s own terms address when it sets one, the provider locale in place of {locale}', async () => {
    await page(
      { item: TEE, instalments: { ...US, shopperLanguage: 'en-GB', stripeAccountCountry: 'GB' } },
      {
        context: { ...DEFAULT_CONTEXT, instalmentTermsUrl: 'https://shop.example/bnpl/{locale}/terms' },
        report: vi.fn(),
      },
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'About Clearpay' }));
    const dialog = await screen.findByRole('dialog', { name: 'About Clearpay' });
    expect(termsLink(dialog, 'Clearpay').getAttribute('href')).toBe('https://shop.example/bnpl/en-GB/terms');
  });

  it('only warns when the texts do not load, keeps to the terms link, and tries again on the next open', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await page({ item: TEE, instalments: { ...US, shopperLanguage: 'en-AU', stripeAccountCountry: 'AU' } });
    const user = userEvent.setup();
    failNext = true;
    await user.click(screen.getByRole('button', { name: 'About Afterpay' }));
    const dialog = await screen.findByRole('dialog', { name: 'About Afterpay' });
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(1));
    expect(String(warn.mock.calls[0]?.[0])).toContain('/instalments/en-AU.json');
    expect(within(dialog).getByText('Available for orders over $20.00')).toBeInstanceOf(HTMLElement);
    expect(within(dialog).queryByRole('heading', { level: 3 })).toBeNull();
    expect(paragraphs(dialog)).toEqual([termsLink(dialog).textContent]);

    await user.keyboard('{Escape}');
    await flush();
    await user.click(screen.getByRole('button', { name: 'About Afterpay' }));
    const again = await screen.findByRole('dialog', { name: 'About Afterpay' });
    await within(again).findByRole('heading', { name: 'Pay in 4 interest-free instalments' });
    expect(served).toEqual(['/instalments/en-AU.json', '/instalments/en-AU.json']);
  });

  it("reads the texts from the site context's URL, the provider locale in place of {locale}", async () => {
    await page(
      { item: TEE, instalments: { ...US, shopperLanguage: 'fr-CA', stripeAccountCountry: 'CA' } },
      env('http://localhost/instalments/{locale}.json?v=2'),
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'About Afterpay' }));
    const dialog = await screen.findByRole('dialog', { name: 'About Afterpay' });
    await within(dialog).findByRole('heading', { level: 3, name: 'Payez en 4 versements sans intérêts' });
    expect(served).toEqual(['http://localhost/instalments/fr-CA.json?v=2']);
  });
});

describe('colour', () => {
  it.each([
    ['rgb(17, 17, 17)', true],
    ['rgb(40, 60, 90)', true],
    ['rgb(165, 165, 165)', true],
    ['rgb(166, 166, 166)', false],
    ['rgb(255, 255, 255)', false],
    ['rgba(0, 0, 0, 0)', false],
  ])('a block background of %s is dark: %s', (colour, dark) => {
    document.body.innerHTML = '<section id="s"><div id="b"><span id="t"></span></div></section>';
    document.getElementById('s')!.style.backgroundColor = 'rgb(255, 255, 255)';
    document.getElementById('b')!.style.backgroundColor = colour;
    expect(onDarkBackground(document.getElementById('t'))).toBe(dark);
  });

  it('makes the button white on a dark block', async () => {
    document.body.innerHTML = '';
    const block = document.createElement('article');
    block.style.backgroundColor = 'rgb(17, 17, 17)';
    block.innerHTML = '<div id="pill"></div>';
    document.body.append(block);
    await act(async () => {
      unmounts.push(mount(document.getElementById('pill')!, { item: TEE, instalments: US }, env()));
    });
    expect(document.querySelector('.sf-instalment-pill--on-dark')).toBeInstanceOf(HTMLElement);
  });

  it('keeps the dark button on a light page', async () => {
    await page({ item: TEE, instalments: US });
    expect(document.querySelector('.sf-instalment-pill')).toBeInstanceOf(HTMLElement);
    expect(document.querySelector('.sf-instalment-pill--on-dark')).toBeNull();
  });
});

describe('in a product route that parses its props in render', () => {
  /** Past this many renders the route has not settled: it stops drawing, so the run ends. */
  const RENDER_LIMIT = 40;
  const pill = () => document.querySelector<HTMLElement>('.sf-instalment-pill');

  /**
   * A router's product page: the id from the route, the item and the instalment context parsed on
   * every render, the choice followed with `useProductChoice`, callbacks as inline arrows. `form`
   * puts the product form in the route too; without it the form sits outside, its item parsed
   * once, and only the route re-renders with each choice.
   */
  function productRoute({ form }: { form: boolean }) {
    const seen = { renders: 0, pillCommits: 0 };
    function ProductRoute({ id }: { id: string }) {
      seen.renders += 1;
      const choice = useProductChoice(id);
      const [again, setAgain] = useState(0);
      if (seen.renders > RENDER_LIMIT) return <p>The route did not settle</p>;
      const item = parseProductItem(TEE);
      if (!item.ok) return null;
      return (
        <>
          <p>Following {choice?.variant?.sku ?? 'no variant'}</p>
          <button type="button" onClick={() => setAgain(again + 1)}>
            Render the route again
          </button>
          <p>Rendered again {again}</p>
          {form && <ProductForm item={item.value} onChoiceChange={() => undefined} />}
          <Profiler id="pill" onRender={() => (seen.pillCommits += 1)}>
            <InstalmentPill item={item.value} instalments={parseInstalmentContext(US)} />
          </Profiler>
        </>
      );
    }
    return { seen, ProductRoute };
  }

  it('settles with the form beside it, and follows the size chosen in its select', async () => {
    const { seen, ProductRoute } = productRoute({ form: true });
    const { user } = renderWithStorefront(<ProductRoute id="tee" />);
    expect(pillText(pill()!)).toBe('Available for orders over $20.00 Afterpay');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Size' }), 'S');
    expect(await screen.findByText('Following TEE-S')).toBeInstanceOf(HTMLElement);
    expect(pillText(pill()!)).toBe('or 4 interest-free payments of $6.25 with Afterpay');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Size' }), 'L');
    expect(await screen.findByText('Following TEE-L')).toBeInstanceOf(HTMLElement);
    expect(pillText(pill()!)).toBe('or 4 interest-free payments of $11.25 with Afterpay');
    expect(seen.renders).toBeLessThanOrEqual(10);
  });

  it('renders once per render of its route once a size is chosen: a fresh parse changes nothing', async () => {
    const { seen, ProductRoute } = productRoute({ form: false });
    const parsed = parseProductItem(TEE);
    if (!parsed.ok) throw new Error(parsed.issues.join('; '));
    const { user } = renderWithStorefront(
      <>
        <ProductForm item={parsed.value} />
        <ProductRoute id="tee" />
      </>,
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Size' }), 'L');
    expect(await screen.findByText('Following TEE-L')).toBeInstanceOf(HTMLElement);
    expect(pillText(pill()!)).toBe('or 4 interest-free payments of $11.25 with Afterpay');
    const before = { renders: seen.renders, pillCommits: seen.pillCommits };
    for (let i = 1; i <= 3; i += 1) {
      await user.click(screen.getByRole('button', { name: 'Render the route again' }));
      expect(await screen.findByText(`Rendered again ${i}`)).toBeInstanceOf(HTMLElement);
    }
    expect(seen.renders - before.renders).toBe(3);
    expect(seen.pillCommits - before.pillCommits).toBe(3);
    expect(pillText(pill()!)).toBe('or 4 interest-free payments of $11.25 with Afterpay');
  });

  it("prices another product by its own price, not the last product's choice", async () => {
    const item = (raw: unknown) => {
      const parsed = parseProductItem(raw);
      if (!parsed.ok) throw new Error(parsed.issues.join('; '));
      return parsed.value;
    };
    const MUG = {
      id: 'mug',
      collectionId: 'shop',
      structuredContent: {
        productType: 1,
        isSubscribable: false,
        variants: [
          {
            sku: 'MUG',
            attributes: {},
            priceMoney: { decimalValue: '30.00', currencyCode: 'USD' },
            qtyInStock: 5,
          },
        ],
      },
    };
    let show: (raw: unknown) => void = () => undefined;
    function Route() {
      const [raw, setRaw] = useState<unknown>(TEE);
      show = setRaw;
      return <InstalmentPill item={item(raw)} instalments={parseInstalmentContext(US)} />;
    }
    renderWithStorefront(<Route />);
    act(() => {
      document.dispatchEvent(
        new CustomEvent('sf:variant-change', {
          detail: { itemId: 'tee', variant: { sku: 'TEE-L' }, quantity: 3 },
        }),
      );
    });
    expect(pillText(pill()!)).toBe('or 4 interest-free payments of $33.75 with Afterpay');
    act(() => show(MUG));
    expect(pillText(pill()!)).toBe('or 4 interest-free payments of $7.50 with Afterpay');
  });
});
