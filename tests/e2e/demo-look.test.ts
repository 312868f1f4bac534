/**
 * What a sighted keyboard user and a phone user meet on every demo page, in Chromium: every
 * control Tab reaches shows a focus outline (computed style, WCAG 2.4.7, which axe does not
 * check), and the floating cart pill never covers the instalment line's end or the page's last
 * content at 320 and 390 px (hit-testing with `document.elementFromPoint`).
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WAIT, startDemo, type Demo } from './harness.js';

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

let demo: Demo;
beforeAll(async () => {
  demo = await startDemo();
});
afterEach(async () => {
  await demo?.reset();
});
afterAll(async () => {
  await demo?.close();
});

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
