/**
 * The demo's editor in Chromium, driven as the site owner: a panel's change re-themes the design
 * frame at once, survives a reload of the frame unsaved, saves (a PUT, or a PATCH of the dirty
 * paths behind the flag) and shows on the published page; the header and footer screen saves for
 * the owner; a stranger can do neither.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COOKIES, CSRF_HEADER } from '../../src/contract.js';
import { startE2E, WAIT, type E2E } from './harness.js';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E({ testPages: false });
});
afterAll(async () => {
  await e2e?.close();
});

async function crumbOf(context: BrowserContext): Promise<string> {
  await context.request.get(`${e2e.baseUrl}/api/commerce/shopping-cart`);
  return (await context.cookies(e2e.baseUrl)).find((c) => c.name === COOKIES.crumb)?.value ?? '';
}

async function signInAsOwner(context: BrowserContext): Promise<void> {
  const login = await context.request.post(`${e2e.baseUrl}/api/site-users/account/session`, {
    headers: { [CSRF_HEADER]: await crumbOf(context) },
    data: { email: 'owner@example.com', password: 'owner-password' },
  });
  expect(login.status()).toBe(200);
}

const addButtonColour = (page: Page, inFrame: boolean) =>
  (inFrame ? page.frameLocator('#demo-design-frame') : page)
    .getByRole('button', { name: 'Add To Cart', exact: true })
    .evaluate((el) => getComputedStyle(el).backgroundColor);

async function openEditor(page: Page, query = ''): Promise<void> {
  await page.goto(`/editor?url=/products/prod-tee${query}`);
  await page
    .frameLocator('#demo-design-frame')
    .getByRole('button', { name: 'Add To Cart', exact: true })
    .waitFor(WAIT);
}

const status = (page: Page) => page.locator('#demo-design-status');

describe('the editor in Chromium', () => {
  it('re-themes the frame live, keeps the change across a frame reload, saves it, and the published page shows it', async () => {
    const { page, context } = await e2e.newPage();
    await signInAsOwner(context);
    await openEditor(page);
    const frame = page.locator('#demo-design-frame');
    await frame.evaluate(
      (f) => (((f as HTMLIFrameElement).contentWindow as unknown as { kept: boolean }).kept = true),
    );
    await page.getByLabel('accent', { exact: true }).fill('c00000');
    await expect.poll(() => addButtonColour(page, true), WAIT).toBe('rgb(192, 0, 0)');
    // No reload: the frame's window is the same one.
    expect(
      await frame.evaluate(
        (f) => ((f as HTMLIFrameElement).contentWindow as unknown as { kept?: boolean }).kept,
      ),
    ).toBe(true);
    expect(await status(page).textContent()).toBe('Unsaved changes');
    // The buttons and fonts panels reach the frame the same way.
    await page.getByLabel('Shape').selectOption('0px');
    await expect
      .poll(
        () =>
          page
            .frameLocator('#demo-design-frame')
            .getByRole('button', { name: 'Add To Cart', exact: true })
            .evaluate((el) => getComputedStyle(el).borderTopLeftRadius),
        WAIT,
      )
      .toBe('0px');

    await frame.evaluate((f) => (f as HTMLIFrameElement).contentWindow?.location.reload());
    await expect.poll(() => addButtonColour(page, true).catch(() => ''), WAIT).toBe('rgb(192, 0, 0)');
    expect(await status(page).textContent()).toBe('Unsaved changes');

    const saved = page.waitForRequest((r) => r.url().endsWith('/api/aesthetics'));
    await page.getByRole('button', { name: 'Save design' }).click();
    expect((await saved).method()).toBe('PUT');
    await expect.poll(() => status(page).textContent(), WAIT).toBe('Saved');

    const { page: shopper } = await e2e.newPage();
    await shopper.goto('/products/prod-tee');
    await shopper.getByRole('button', { name: 'Add To Cart', exact: true }).waitFor(WAIT);
    expect(await addButtonColour(shopper, false)).toBe('rgb(192, 0, 0)');
  });

  it('saves only the dirty paths, as a PATCH, when the aesthetics patch flag is on', async () => {
    const { page, context } = await e2e.newPage();
    await signInAsOwner(context);
    await openEditor(page, '&sf-flag-aesthetics_patch_save=true');
    await page.getByLabel('Body font').selectOption({ label: 'Serif' });
    const saved = page.waitForRequest((r) => r.url().endsWith('/api/aesthetics'));
    await page.getByRole('button', { name: 'Save design' }).click();
    const request = await saved;
    expect(request.method()).toBe('PATCH');
    expect(Object.keys((request.postDataJSON() as { changes: object }).changes)).toEqual(['fonts.theme']);
    await expect.poll(() => status(page).textContent(), WAIT).toBe('Saved');
  });

  it('does not save for a stranger, who is told to sign in', async () => {
    const { page } = await e2e.newPage();
    await openEditor(page);
    await page.getByLabel('accent', { exact: true }).fill('#00ff00');
    await page.getByRole('button', { name: 'Save design' }).click();
    await expect.poll(() => status(page).textContent(), WAIT).toBe('Sign in to edit the site design.');
  });

  it("saves the site's header and footer for the owner, and refuses anyone else", async () => {
    const { page, context } = await e2e.newPage();
    await signInAsOwner(context);
    await page.goto('/editor/header-footer');
    await page.getByLabel('Header').fill('Free shipping this week');
    await page.getByLabel('Footer').fill('Woven in Lyon');
    await page.getByRole('button', { name: 'Save header and footer' }).click();
    await expect.poll(() => page.locator('#demo-header-footer-status').textContent(), WAIT).toBe('Saved');
    await page.goto('/');
    expect(await page.locator('.demo-site-header').textContent()).toBe('Free shipping this week');
    expect(await page.locator('.demo-site-footer').textContent()).toBe('Woven in Lyon');

    const { page: strangerPage, context: stranger } = await e2e.newPage();
    await strangerPage.goto('/editor/header-footer');
    expect(await strangerPage.getByRole('button', { name: 'Save header and footer' }).count()).toBe(0);
    const put = await stranger.request.put(`${e2e.baseUrl}/api/site-header-footer`, {
      headers: { [CSRF_HEADER]: await crumbOf(stranger) },
      data: { header: 'Taken over', footer: '' },
    });
    expect(put.status()).toBe(401);
  });
});
