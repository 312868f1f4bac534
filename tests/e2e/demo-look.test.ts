/**
 * What a sighted keyboard user and a phone user meet on every demo page, in Chromium: every
 * control Tab reaches shows a focus outline (computed style, WCAG 2.4.7, which axe does not
 * check), and the floating cart pill never covers the instalment line's end or the page's last
 * content at 320 and 390 px (hit-testing with `document.elementFromPoint`).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { WAIT } from './harness.js';
import { demoForThisFile } from './demo-suite.js';

/** An instalment pill drawn by its widget, not its fallback (it mounts when the page is idle). */
const PILL_SHOWN = '[data-sf-widget="instalment-pill"][data-sf-mounted]:not([data-sf-deferred])';

const PAGES = [
  '/',
  '/products/prod-tee',
  '/products/prod-field-guide',
  '/products/prod-workshop',
  '/products/prod-gift-card',
  '/products/prod-coffee-club',
  '/products/prod-engraved-mug',
  '/products/prod-poster',
  '/products/prod-linen-apron',
  '/products/prod-sencha',
  '/cart',
  '/checkout',
  '/checkout/subscription',
  '/checkout/gift-card',
  '/contact',
  '/newsletter',
  '/feedback',
  '/admin/restock',
  '/account',
  '/editor',
  '/no-such-page',
];

/** In every test the visitor has an item in the cart, so the cart pill shows. */
const MUG = { itemId: 'prod-tee', sku: 'TEE-M-BLK', quantity: 1 };

const demo = demoForThisFile();

async function openWithCart(path: string, width: number, height: number) {
  const context = await demo.browser.newContext({ baseURL: demo.baseUrl, viewport: { width, height } });
  await demo.addToCart(context, MUG);
  const opened = await demo.open(path, { context });
  if (path !== '/cart') await opened.page.locator('.sf-cart-pill').waitFor(WAIT);
  return { ...opened, close: () => context.close() };
}

interface Stop {
  readonly control: string;
  readonly visible: boolean;
}

/** Tabs through the page once, noting for each control whether its focus outline shows. */
async function tabThrough(page: Page): Promise<Stop[]> {
  const stops: Stop[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < 200; i++) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(() => {
      let el = document.activeElement;
      // A control inside a same-origin frame (the editor's) counts as the frame's page's own.
      while (el instanceof HTMLIFrameElement && el.contentDocument?.activeElement) {
        el = el.contentDocument.activeElement;
      }
      if (!el || el === document.body || el.tagName === 'BODY' || el instanceof HTMLIFrameElement)
        return null;
      const style = getComputedStyle(el);
      const width = parseFloat(style.outlineWidth);
      const outline =
        style.outlineStyle !== 'none' &&
        width > 0 &&
        !/rgba\(\d+, \d+, \d+, 0\)|transparent/.test(style.outlineColor);
      const path: string[] = [];
      for (let n: Element | null = el; n && n.tagName !== 'HTML'; n = n.parentElement) {
        path.unshift(
          `${n.tagName.toLowerCase()}:${n.parentElement ? [...n.parentElement.children].indexOf(n) : 0}`,
        );
      }
      const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40);
      return {
        key: `${el.ownerDocument.location.pathname} ${path.join('/')}`,
        control: `${el.tagName.toLowerCase()} "${name}" on ${el.ownerDocument.location.pathname}`,
        visible: outline || style.boxShadow !== 'none',
      };
    });
    if (stop === null) {
      if (stops.length > 0) break;
      continue;
    }
    if (seen.has(stop.key)) break;
    seen.add(stop.key);
    stops.push({ control: stop.control, visible: stop.visible });
  }
  return stops;
}

describe('focus outline', () => {
  it.each(PAGES)('%s: every control Tab reaches shows its focus', async (path) => {
    const { page, problems, close } = await openWithCart(path, 1024, 800);
    const stops = await tabThrough(page);
    expect(stops.length).toBeGreaterThan(3);
    expect(stops.filter((s) => !s.visible).map((s) => s.control)).toEqual([]);
    expect(problems).toEqual([]);
    await close();
  });
});

/** Whether the pill is the topmost element at the end of the last line of `selector`'s last match. */
function coveredAtEnd(page: Page, selector: string): Promise<string | null> {
  return page.evaluate((sel) => {
    const all = [...document.querySelectorAll(sel)].filter((e) => e.getClientRects().length > 0);
    const target = all.at(-1);
    if (!target) return 'nothing matches';
    const walker = document.createTreeWalker(target, NodeFilter.SHOW_TEXT);
    let last: Text | null = null;
    for (let n = walker.nextNode(); n; n = walker.nextNode()) if (n.textContent?.trim()) last = n as Text;
    const range = document.createRange();
    if (last) range.selectNodeContents(last);
    else range.selectNode(target);
    const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
    const rect = rects.at(-1) ?? target.getBoundingClientRect();
    const x = Math.min(rect.right - 2, window.innerWidth - 1);
    const y = rect.top + rect.height / 2;
    const hit = document.elementFromPoint(x, y);
    const pill = document.querySelector('.sf-cart-pill');
    return hit && pill?.contains(hit) ? `pill covers ${sel} at (${x}, ${y})` : null;
  }, selector);
}

describe.each([
  [320, 640],
  [390, 844],
])('the cart pill at %i px', (width, height) => {
  it.each(PAGES.filter((p) => p !== '/cart'))(
    '%s: covers neither the page end nor the instalment line',
    async (path) => {
      const { page, problems, close } = await openWithCart(path, width, height);
      const covered: string[] = [];
      if ((await page.locator('.sf-instalment-pill__text').count()) > 0) {
        // The pill mounts over its fallback when the page is idle: measure the widget's own line.
        await page.locator(PILL_SHOWN).first().waitFor(WAIT);
        await page.locator('.sf-instalment-pill__text').first().scrollIntoViewIfNeeded();
        covered.push((await coveredAtEnd(page, '.sf-instalment-pill')) ?? '');
      }
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      covered.push((await coveredAtEnd(page, 'footer')) ?? '', (await coveredAtEnd(page, 'main')) ?? '');
      expect(covered.filter(Boolean)).toEqual([]);
      expect(problems).toEqual([]);
      await close();
    },
  );
});

describe('controls that cannot be used, and marks', () => {
  it('dims the sold-out add button, with a not-allowed cursor, before and after the widget mounts', async () => {
    const looks = async (page: Page) =>
      page
        .locator('.sf-add-button')
        .first()
        .evaluate((el) => {
          const style = getComputedStyle(el);
          return {
            disabled: (el as HTMLButtonElement).disabled,
            opacity: style.opacity,
            cursor: style.cursor,
          };
        });
    const context = await demo.browser.newContext({ baseURL: demo.baseUrl, javaScriptEnabled: false });
    const fallback = await context.newPage();
    await fallback.goto('/products/prod-poster');
    await expect(looks(fallback)).resolves.toEqual({
      disabled: true,
      opacity: '0.45',
      cursor: 'not-allowed',
    });
    await context.close();
    const { page, problems } = await demo.open('/products/prod-poster');
    await page.locator('[data-sf-widget="product-form"][data-sf-mounted]').waitFor(WAIT);
    await expect(looks(page)).resolves.toEqual({ disabled: true, opacity: '0.45', cursor: 'not-allowed' });
    expect(problems).toEqual([]);
  });

  it('draws the instalment info mark as a ring, with no character to find in a font', async () => {
    const { page, problems } = await demo.open('/products/prod-tee');
    await page.locator(PILL_SHOWN).first().waitFor(WAIT);
    const mark = await page
      .locator('.sf-instalment-pill__button')
      .first()
      .evaluate((el) => {
        const style = getComputedStyle(el, '::after');
        return {
          content: style.content,
          width: parseFloat(style.width),
          ring: style.borderTopStyle,
          radius: style.borderTopLeftRadius,
        };
      });
    expect(mark.content).not.toMatch(/[^\s"/]/);
    expect(mark.width).toBeGreaterThan(8);
    expect(mark.ring).toBe('solid');
    expect(mark.radius).toBe('50%');
    expect(problems).toEqual([]);
  });
});

describe('one of each, and the slips', () => {
  it('prints one price on a product page, and offers no instalments for a sold-out choice', async () => {
    const { page, problems } = await demo.open('/products/prod-tee');
    const main = page.locator('main');
    await expect(main.locator('.demo-product__price').count()).resolves.toBe(0);
    await page.getByRole('combobox', { name: 'Size' }).selectOption('M');
    await page.getByRole('combobox', { name: 'Color' }).selectOption('Black');
    await page.getByText(/or 4 interest-free payments of \$6\.25/).waitFor(WAIT);
    const prices = (await main.innerText()).match(/\$\d+\.\d\d/g) ?? [];
    // The form's price and the instalment line's payment: no second copy of the price.
    expect(prices).toEqual(['$25.00', '$6.25']);
    await page.getByRole('combobox', { name: 'Size' }).selectOption('L');
    await expect.poll(() => page.locator('main .sf-add-button').first().isDisabled(), WAIT).toBe(true);
    await expect.poll(() => page.getByText(/interest-free/).count(), WAIT).toBe(0);
    expect(problems).toEqual([]);
  });

  it('names the cart and the restock page once each', async () => {
    const context = await demo.browser.newContext({ baseURL: demo.baseUrl });
    await demo.addToCart(context, MUG);
    const { page, problems } = await demo.open('/cart', { context });
    const cartPage = page.locator('[data-sf-widget="cart-page"][data-sf-mounted]');
    await cartPage.getByRole('heading', { name: 'Organic Cotton Tee' }).waitFor(WAIT);
    await expect(page.getByRole('heading', { level: 1 }).allInnerTexts()).resolves.toEqual(['Shopping Cart']);
    await expect(page.getByRole('heading', { name: /^Cart$/ }).count()).resolves.toBe(0);
    // A unit price on the line, and Checkout a link that may open in a new tab.
    await cartPage.getByText('$25.00 each').waitFor(WAIT);
    await expect(cartPage.getByRole('link', { name: 'Checkout' }).getAttribute('href')).resolves.toBe(
      '/checkout',
    );
    const restock = await demo.open('/admin/restock');
    await restock.page.getByText('Sign in as a store manager to manage restock notifications.').waitFor(WAIT);
    await expect(restock.page.getByRole('heading', { name: 'Restock notifications' }).count()).resolves.toBe(
      1,
    );
    expect(problems).toEqual([]);
    expect(restock.problems).toEqual([]);
    await context.close();
  });

  it("keeps the editor's frame address on the page an ordinary link opened in the frame", async () => {
    const { page, problems } = await demo.open('/editor?url=/products/prod-tee');
    const frame = page.frameLocator('#demo-design-frame');
    await frame.getByRole('link', { name: 'Contact' }).click();
    await frame.getByRole('heading', { level: 1, name: 'Contact us' }).waitFor(WAIT);
    await expect.poll(() => page.locator('#demo-frame-url').innerText(), WAIT).toBe('/contact');
    expect(problems).toEqual([]);
  });

  it('shows the picture and a link to the full page in Quick View', async () => {
    const { page, problems } = await demo.open('/');
    await page.getByRole('button', { name: 'Quick View' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor(WAIT);
    const title = await dialog.getByRole('heading').first().innerText();
    const link = dialog.getByRole('link', { name: `View full details of ${title}` });
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/products\/prod-/);
    const picture = dialog.locator('img.sf-quick-view__image');
    await expect(picture.evaluate((img) => (img as HTMLImageElement).naturalWidth > 0)).resolves.toBe(true);
    await link.click();
    await page.waitForURL(`${demo.baseUrl}${href}`, WAIT);
    expect(problems).toEqual([]);
  });
});

/** A fresh visitor's window `width` px wide, with `items` in the cart. */
async function visitor(width: number, items: readonly (typeof MUG)[] = []) {
  const context = await demo.browser.newContext({ baseURL: demo.baseUrl, viewport: { width, height: 640 } });
  for (const item of items) await demo.addToCart(context, item);
  return context;
}

describe.each([320, 1280])('what a shopper sees at %i px', (width) => {
  it('writes sold out in one case on the mark and on the button', async () => {
    const context = await visitor(width);
    const { page, problems } = await demo.open('/products/prod-poster', { context });
    await page.locator('[data-sf-widget="product-form"][data-sf-mounted]').waitFor(WAIT);
    const mark = await page.locator('main .sf-mark--sold-out').innerText();
    const button = await page.locator('main .sf-add-button').first().innerText();
    expect(mark).toBe('sold out');
    expect(button).toBe(mark);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("shows the contact form's Topic select on the text fields' surface, with the form's prompt", async () => {
    const context = await visitor(width);
    const { page, problems } = await demo.open('/contact', { context });
    const topic = page.getByRole('combobox', { name: 'Topic' });
    await topic.waitFor(WAIT);
    const surface = (locator: typeof topic) => locator.evaluate((el) => getComputedStyle(el).backgroundColor);
    await expect(surface(topic)).resolves.toBe(
      await surface(page.getByRole('textbox', { name: 'Email address' })),
    );
    await expect(topic.evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.text)).resolves.toBe(
      'Choose a topic',
    );
    expect(await topic.isDisabled()).toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows cart pictures at least 96 px wide', async () => {
    const context = await visitor(width, [MUG]);
    const { page, problems } = await demo.open('/cart', { context });
    const picture = page.locator('.sf-cart-entry__image').first();
    await picture.waitFor(WAIT);
    await expect(
      picture.evaluate((img) => img.getBoundingClientRect().width),
    ).resolves.toBeGreaterThanOrEqual(96);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the cart pill after an add at 320 px', () => {
  it('overlaps no focusable element, where the add left the page and scrolled to its end', async () => {
    const context = await visitor(320);
    const { page, problems } = await demo.open('/products/prod-tee', { context });
    await page.getByRole('combobox', { name: 'Size' }).selectOption('M');
    await page.getByRole('combobox', { name: 'Color' }).selectOption('Black');
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    await expect.poll(() => page.locator('.sf-cart-pill__count').textContent(), WAIT).toBe('1');
    // The instalment line mounts when the page is idle: measure with its button in place.
    await page.locator(PILL_SHOWN).first().waitFor(WAIT);
    const covered = () =>
      page.evaluate(() => {
        const pill = document.querySelector('.sf-cart-pill');
        if (!pill) return ['no pill'];
        const p = pill.getBoundingClientRect();
        const focusable = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';
        return [...document.querySelectorAll(focusable)]
          .filter((el) => !pill.contains(el) && el.getClientRects().length > 0)
          .filter((el) => {
            const r = el.getBoundingClientRect();
            return r.left < p.right && p.left < r.right && r.top < p.bottom && p.top < r.bottom;
          })
          .map((el) => `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 30)}"`);
      });
    await expect(covered()).resolves.toEqual([]);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(covered()).resolves.toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
