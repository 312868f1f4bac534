import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FrameLocator, Page } from 'playwright-core';
import { startE2E, WAIT, type E2E } from './harness.js';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

/** The test editor (pages/editor.html) with the trail tee's product page in its design frame. */
async function editorWithProduct(page: Page): Promise<FrameLocator> {
  await page.goto('/editor.html');
  await page.locator('#design-frame').evaluate((f) => f.setAttribute('src', '/design-product.html'));
  const frame = page.frameLocator('#design-frame');
  await frame.getByRole('button', { name: 'Add To Cart', exact: true }).waitFor(WAIT);
  return frame;
}

/** Posts `tokens` to the frame as the editor does: from the parent, on the same origin. */
const postTheme = (page: Page, tokens: Record<string, string>) =>
  page.evaluate((t) => {
    const frame = document.getElementById('design-frame') as HTMLIFrameElement;
    frame.contentWindow?.postMessage({ type: 'sf:set-theme', tokens: t }, location.origin);
  }, tokens);

describe('the design frame in Chromium', () => {
  it("re-themes the add button at once when the editor posts a colour, keeping the shopper's focus", async () => {
    const { page } = await e2e.newPage();
    const frame = await editorWithProduct(page);
    const add = frame.getByRole('button', { name: 'Add To Cart', exact: true });
    const size = frame.getByLabel('Size');
    await size.focus();
    // The same element later proves there was no remount.
    await size.evaluate((el) => el.setAttribute('data-test-kept', ''));
    // The frame listens once its design-frame chunk is in: the editor's later posts land.
    await expect
      .poll(async () => {
        await postTheme(page, { '--sf-theme-accent': 'rgb(200, 0, 0)', '--sf-theme-button-radius': '0px' });
        return add.evaluate((el) => getComputedStyle(el).backgroundColor);
      }, WAIT)
      .toBe('rgb(200, 0, 0)');
    expect(await add.evaluate((el) => getComputedStyle(el).borderTopLeftRadius)).toBe('0px');
    expect(
      await size.evaluate((el) => el === document.activeElement && el.hasAttribute('data-test-kept')),
    ).toBe(true);
  });

  it('refuses a theme posted from another window than its editor, and values that load things', async () => {
    const { page } = await e2e.newPage();
    const frame = await editorWithProduct(page);
    const add = frame.getByRole('button', { name: 'Add To Cart', exact: true });
    const before = await add.evaluate((el) => getComputedStyle(el).backgroundColor);
    // The frame posting to itself is not its editor.
    await frame
      .locator('body')
      .evaluate(() =>
        window.postMessage({ type: 'sf:set-theme', tokens: { '--sf-theme-accent': 'rgb(0, 0, 200)' } }, '*'),
      );
    await postTheme(page, { '--sf-theme-surface': 'url(/demo-assets/tee-black.svg)' });
    // A last, good message: once it shows, the ones before it were handled.
    await expect
      .poll(async () => {
        await postTheme(page, { '--sf-theme-accent-text': 'rgb(1, 2, 3)' });
        return add.evaluate((el) => getComputedStyle(el).color);
      }, WAIT)
      .toBe('rgb(1, 2, 3)');
    expect(await add.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(before);
    expect(
      await frame.locator('html').evaluate((el) => el.style.getPropertyValue('--sf-theme-surface')),
    ).toBe('');
  });

  it.each([
    ['no-preference', 'sf-enter', '0.45s'],
    ['reduce', 'none', '0s'],
  ] as const)(
    'with prefers-reduced-motion: %s, an entrance the editor sets is animation %s',
    async (reducedMotion, name, duration) => {
      const { page } = await e2e.newPage();
      await page.emulateMedia({ reducedMotion });
      const frame = await editorWithProduct(page);
      const form = frame.locator('.sf-product-form');
      await expect
        .poll(async () => {
          await postTheme(page, {
            '--sf-theme-animation-duration': '450ms',
            '--sf-theme-accent': 'rgb(0, 1, 2)',
          });
          return frame
            .getByRole('button', { name: 'Add To Cart', exact: true })
            .evaluate((el) => getComputedStyle(el).backgroundColor);
        }, WAIT)
        .toBe('rgb(0, 1, 2)');
      expect(await form.evaluate((el) => getComputedStyle(el).animationName)).toBe(name);
      expect(await form.evaluate((el) => getComputedStyle(el).animationDuration)).toBe(duration);
    },
  );

  it("draws a block's props edited in place, keeping the shopper's choice, and mounts a block put back once", async () => {
    const { page } = await e2e.newPage();
    const frame = await editorWithProduct(page);
    const size = frame.getByLabel('Size');
    await size.selectOption('S');
    await size.evaluate((el) => el.setAttribute('data-test-kept', ''));
    // The editor changes every price to 77.00 in the block's props.
    await frame.locator('[data-sf-widget="product-form"]').evaluate((block) => {
      const props = JSON.parse(block.getAttribute('data-sf-props') ?? '{}') as {
        item: { structuredContent: { variants: Array<Record<string, unknown>> } };
      };
      for (const variant of props.item.structuredContent.variants) {
        variant['priceMoney'] = { decimalValue: '77.00', currencyCode: 'USD' };
        delete variant['salePriceMoney'];
        variant['onSale'] = false;
      }
      block.setAttribute('data-sf-props', JSON.stringify(props));
    });
    await frame.getByText('$77.00', { exact: true }).first().waitFor(WAIT);
    expect(
      await size.evaluate((el) => (el as HTMLSelectElement).value + el.hasAttribute('data-test-kept')),
    ).toBe('Strue');

    // Taken out, then put back a moment later, as the editor moves a block.
    await frame.locator('main').evaluate(async (main) => {
      const block = main.querySelector('[data-sf-product-block]') as HTMLElement;
      block.remove();
      await new Promise((resolve) => requestAnimationFrame(resolve));
      main.appendChild(block);
    });
    await expect
      .poll(() => frame.locator('[data-sf-widget="product-form"][data-sf-mounted] .sf-root').count(), WAIT)
      .toBe(1);
    await frame.getByRole('button', { name: 'Add To Cart', exact: true }).waitFor(WAIT);
    expect(await frame.getByRole('button', { name: 'Add To Cart', exact: true }).count()).toBe(1);
  });
});
