// @vitest-environment node
/**
 * Journeys through the demo store's own pages (demo/templates/, rendered by the template engine)
 * with fault mode on: the contact form's success and each failure spec 000 §8 catalogues for a
 * form submission, and the editor's design frame following the cart page's Continue Shopping.
 * Every page is watched for CSP violations and errors from before its first script runs.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, WAIT, type WatchedPage } from './harness.js';
import { demoForThisFile } from './demo-suite.js';

const SAVE_PATH = '/api/form/SaveFormSubmission';
const KEY_PATH = '/api/form/FormSubmissionKey';

const THANKS = 'Thanks! We will get back to you within two working days.';
const FIELDS_INVALID = 'One or more fields is invalid, please check your entries.';
const SCROLL_DOWN = 'Your form has encountered a problem. Please scroll down to review.';
const SCROLL_UP = 'Your form has encountered a problem. Please scroll up to review.';

const demo = demoForThisFile();

/** What the shopper types into the contact form, by the field's accessible name. */
const TYPED = {
  'First Name': 'Ada',
  'Last Name': 'Lovelace',
  'Email address (required)': 'ada@example.com',
  'Message (required)': 'Where is my order #1042?',
  'Your website': 'https://ada.example',
} as const;
const TOPIC = 'Order';

const contactForm = (page: Page): Locator => page.getByRole('form', { name: 'Contact us' });
const submitButton = (page: Page): Locator => contactForm(page).getByRole('button', { name: 'Submit' });

async function openContact(): Promise<WatchedPage> {
  const watched = await demo.open('/contact');
  await submitButton(watched.page).waitFor(WAIT);
  return watched;
}

async function fillContact(page: Page): Promise<void> {
  for (const [name, value] of Object.entries(TYPED)) {
    await contactForm(page).getByRole('textbox', { name, exact: true }).fill(value);
  }
  await contactForm(page).getByRole('combobox', { name: 'Topic' }).selectOption(TOPIC);
}

/** Every answer as the form shows it now. */
async function shownAnswers(page: Page): Promise<Record<string, string>> {
  const shown: Record<string, string> = {};
  for (const name of Object.keys(TYPED)) {
    shown[name] = await contactForm(page).getByRole('textbox', { name, exact: true }).inputValue();
  }
  shown['Topic'] = await contactForm(page).getByRole('combobox', { name: 'Topic' }).inputValue();
  return shown;
}

const TYPED_AND_CHOSEN = { ...TYPED, Topic: TOPIC };

/** The text of the elements that describe `field` (its description, error and counter). */
const descriptionOf = (field: Locator): Promise<string> =>
  field.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim(),
  );

interface Stored {
  data_json: string;
  page_path: string | null;
}

const contactSubmissions = (): Stored[] =>
  demo.server.db
    .prepare(
      "SELECT data_json, page_path FROM form_submissions WHERE form_id = 'form-contact' ORDER BY created",
    )
    .all() as Stored[];

/** What the server stores for {@link TYPED}: the name field keeps its two parts. */
async function expectStoredOnce(before: number): Promise<void> {
  const stored = contactSubmissions();
  expect(stored).toHaveLength(before + 1);
  const last = stored.at(-1);
  expect(last?.page_path).toBe('/contact');
  expect(JSON.parse(last?.data_json ?? '{}')).toMatchObject({
    email: 'ada@example.com',
    topic: TOPIC,
    message: 'Where is my order #1042?',
    website: 'https://ada.example',
  });
  expect(last?.data_json).toContain('Lovelace');
}

/** Submits again once the fault is gone: the same answers go through. */
async function retrySucceeds(page: Page, before: number): Promise<void> {
  await submitButton(page).click();
  await page.getByRole('status').filter({ hasText: THANKS }).waitFor(WAIT);
  await expectStoredOnce(before);
}

interface FormFailure {
  readonly name: string;
  /** The catalogued text the form shows and announces. */
  readonly message: string;
  /** Brings the failure about: a server fault, or the browser going offline. */
  readonly cause: (watched: WatchedPage) => Promise<void>;
  /** Takes it away again. @default clearing the server's faults */
  readonly clear?: (watched: WatchedPage) => Promise<void>;
}

const fault = (body: Record<string, unknown>) => (): Promise<void> => demo.fault(body);

/** Spec 000 §8 "Generic form by status" and the api's own failures, as the shopper meets them. */
const FAILURES: readonly FormFailure[] = [
  {
    name: 'a 401',
    message: 'Unable to submit form. Please try again later.',
    cause: fault({ path: SAVE_PATH, method: 'POST', status: 401 }),
  },
  {
    name: 'a 404',
    message: 'This form has not been configured yet.',
    cause: fault({ path: SAVE_PATH, method: 'POST', status: 404 }),
  },
  {
    name: 'a 429 (rate limit)',
    message: 'Unable to submit form. Submission rate limit exceeded. Please try again later.',
    cause: fault({ path: SAVE_PATH, method: 'POST', status: 429 }),
  },
  {
    name: 'a 500',
    message: 'Unable to send form. Please try again later.',
    cause: fault({ path: SAVE_PATH, method: 'POST', status: 500 }),
  },
  {
    name: "another status with the server's data.error",
    message: 'Submissions are paused while we move house.',
    cause: fault({
      path: SAVE_PATH,
      method: 'POST',
      status: 503,
      body: { error: 'Submissions are paused while we move house.' },
    }),
  },
  {
    name: 'a 400 without field errors or data.error',
    message: 'Unknown error, please try again later.',
    cause: fault({ path: SAVE_PATH, method: 'POST', status: 400 }),
  },
  {
    name: 'a success answer that is not JSON',
    message: 'Error processing form submission. Please reload and try again.',
    cause: fault({ path: SAVE_PATH, method: 'POST', malformed: true }),
  },
  {
    name: 'no submission key',
    message: 'Could not get a form submission key, please try again later.',
    cause: fault({ path: KEY_PATH, method: 'POST', status: 500 }),
  },
  {
    name: 'a dropped connection',
    message: 'Please check your internet connection',
    cause: fault({ path: SAVE_PATH, method: 'POST', drop: true }),
  },
  {
    // The submission key is the first call to fail, so its text is the one shown.
    name: 'the browser offline',
    message: 'Could not get a form submission key, please try again later.',
    cause: ({ context }) => context.setOffline(true),
    clear: ({ context }) => context.setOffline(false),
  },
];

describe('the contact page', () => {
  it('sends the message and shows the submission text', async () => {
    const { page, problems } = await openContact();
    const before = contactSubmissions().length;
    await fillContact(page);
    await submitButton(page).click();
    const done = page.getByRole('status').filter({ hasText: THANKS });
    await done.waitFor(WAIT);
    expect(await done.innerText()).toBe(THANKS);
    await expectStoredOnce(before);
    expect(problems).toEqual([]);
  });

  it('fetches its sending code when the visitor first moves into the form, not with the page', async () => {
    // The schema rides in the block, so nothing at start needs the forms api; the first focus
    // fetches it, before the visitor can have typed anything to send.
    const { page, problems } = await openContact();
    await page.waitForLoadState('load');
    const sendingCode = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((e) => new URL(e.name).pathname)
          .filter((path) => /\/chunks\/forms-[\w-]+\.js$/.test(path)),
      );
    expect(await sendingCode()).toEqual([]);
    await contactForm(page).getByRole('textbox', { name: 'First Name', exact: true }).focus();
    await expect.poll(sendingCode, WAIT).toHaveLength(1);
    expect(problems).toEqual([]);
  });

  it.each(FAILURES.map((f) => [f.name, f] as const))(
    '%s: shows and announces the catalogued text, keeps the answers, and a retry goes through',
    async (_, { message, cause, clear }) => {
      const watched = await openContact();
      const { page, problems } = watched;
      const before = contactSubmissions().length;
      await fillContact(page);
      await cause(watched);
      await submitButton(page).click();

      const alert = contactForm(page).getByRole('alert');
      await alert.filter({ hasText: message }).waitFor(WAIT);
      expect(await alert.innerText()).toBe(message);
      // The pointer above the form leads to the message next to the button.
      expect(await contactForm(page).getByText(SCROLL_DOWN, { exact: true }).isVisible()).toBe(true);
      expect(await submitButton(page).getAttribute('aria-disabled')).toBeNull();
      expect(await shownAnswers(page)).toEqual(TYPED_AND_CHOSEN);
      expect(contactSubmissions()).toHaveLength(before);
      expect(await axeViolations(page)).toEqual([]);

      await (clear ?? (() => demo.clearFaults()))(watched);
      await retrySucceeds(page, before);
      expect(problems).toEqual([]);
    },
  );

  it('a 400 with field errors: shows each on its field, focuses it, keeps the answers, and a retry goes through', async () => {
    const { page, problems } = await openContact();
    const before = contactSubmissions().length;
    await fillContact(page);
    const bounced = 'This address could not receive our last email.';
    await demo.fault({
      path: SAVE_PATH,
      method: 'POST',
      status: 400,
      body: { error: FIELDS_INVALID, errors: { email: bounced } },
    });
    await submitButton(page).click();

    const alert = contactForm(page).getByRole('alert');
    await alert.filter({ hasText: FIELDS_INVALID }).waitFor(WAIT);
    expect(await alert.innerText()).toBe(FIELDS_INVALID);
    expect(await contactForm(page).getByText(SCROLL_UP, { exact: true }).isVisible()).toBe(true);
    const email = contactForm(page).getByRole('textbox', { name: 'Email address (required)' });
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(await descriptionOf(email)).toBe(bounced);
    expect(await email.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await shownAnswers(page)).toEqual(TYPED_AND_CHOSEN);
    expect(contactSubmissions()).toHaveLength(before);
    expect(await axeViolations(page)).toEqual([]);

    await demo.clearFaults();
    await retrySucceeds(page, before);
    expect(problems).toEqual([]);
  });
});

describe('the feedback page (the form with a captcha)', () => {
  it('asks for the captcha, keeps the comments, and goes to its success address once it is done', async () => {
    const { page, problems } = await demo.open('/feedback');
    const form = page.getByRole('form', { name: 'Feedback' });
    const comments = form.getByRole('textbox', { name: 'Comments (required)' });
    await comments.fill('Lovely shop.');
    const captcha = form.getByRole('checkbox', { name: "I'm not a robot" });
    await captcha.waitFor(WAIT);
    await form.getByRole('button', { name: 'Submit' }).click();

    const alert = form.getByRole('alert');
    await alert.filter({ hasText: 'Complete CAPTCHA before submitting.' }).waitFor(WAIT);
    expect(await alert.innerText()).toBe('Complete CAPTCHA before submitting.');
    expect(await comments.inputValue()).toBe('Lovely shop.');
    expect(await axeViolations(page)).toEqual([]);

    await captcha.check();
    await form.getByRole('button', { name: 'Submit' }).click();
    // The feedback form's success address thanks the shopper.
    await page.waitForURL(`${demo.baseUrl}/thanks`, WAIT);
    await page.getByRole('heading', { level: 1, name: 'Thank you' }).waitFor(WAIT);
    await page.getByText('Your feedback has reached us.').waitFor(WAIT);
    expect(problems).toEqual([]);
  });
});

describe('the cart page', () => {
  it('offers Continue Shopping beside Checkout with an item in the cart, inside 320 px, axe-clean', async () => {
    const context = await demo.browser.newContext({
      baseURL: demo.baseUrl,
      viewport: { width: 320, height: 640 },
    });
    try {
      await demo.addToCart(context, { itemId: 'prod-tee', sku: 'TEE-S-BLK', quantity: 1 });
      const { page, problems } = await demo.open('/cart', { context });
      const cartPage = page.locator('[data-sf-widget="cart-page"][data-sf-mounted]');
      await cartPage.getByRole('heading', { name: 'Organic Cotton Tee' }).waitFor(WAIT);
      for (const control of [
        cartPage.getByRole('link', { name: 'Continue Shopping' }),
        cartPage.getByRole('link', { name: 'Checkout' }),
      ]) {
        const box = await control.boundingBox();
        expect(box).not.toBeNull();
        expect(box?.x).toBeGreaterThanOrEqual(0);
        expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(320);
      }
      expect(await axeViolations(page)).toEqual([]);
      await cartPage.getByRole('link', { name: 'Continue Shopping' }).click();
      await page.getByRole('heading', { level: 1, name: 'Shop' }).waitFor(WAIT);
      expect(new URL(page.url()).pathname).toBe('/');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('the editor', () => {
  it.each([
    ['an item in the cart', 'the keyboard'],
    ['an item in the cart', 'a click'],
    ['an empty cart', 'the keyboard'],
  ] as const)(
    "follows the cart page's Continue Shopping with %s, by %s, through sf:set-frame-url",
    async (cart, by) => {
      const context = await demo.browser.newContext({ baseURL: demo.baseUrl });
      try {
        if (cart === 'an item in the cart')
          await demo.addToCart(context, { itemId: 'prod-tee', sku: 'TEE-S-BLK', quantity: 1 });
        const { page, problems } = await demo.open('/editor?url=/cart', { context });
        const frame = page.frameLocator('#demo-design-frame');
        const cartPage = frame.locator('[data-sf-widget="cart-page"][data-sf-mounted]');
        await cartPage.waitFor(WAIT);
        if (cart === 'an item in the cart') {
          await cartPage.getByRole('heading', { name: 'Organic Cotton Tee' }).waitFor(WAIT);
        } else {
          await cartPage.getByText('You have nothing in your shopping cart.').waitFor(WAIT);
        }
        expect(await page.locator('#demo-frame-url').innerText()).toBe('/cart');

        const link = cartPage.getByRole('link', { name: 'Continue Shopping' });
        if (by === 'a click') {
          await link.click();
        } else {
          await link.focus();
          await page.keyboard.press('Enter');
        }
        // The editor moved the frame: a frame that went on its own would leave the address at /cart.
        await expect.poll(() => page.locator('#demo-frame-url').innerText(), WAIT).toBe('/');
        await expect.poll(() => page.locator('#demo-design-frame').getAttribute('src'), WAIT).toBe('/');
        await frame.getByRole('heading', { level: 1, name: 'Shop' }).waitFor(WAIT);
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});
