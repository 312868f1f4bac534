// @vitest-environment node
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { FAKE_CAPTCHA_PATH, verifyCaptchaToken } from '../../../demo/server/captcha';
import { startServer, Visitor } from './visitor';

const SIGN_UP = '/api/site-users/account/notifications/restock';
const CATALOG = [
  {
    id: 'print',
    title: 'Print',
    structuredContent: {
      productType: 1,
      variants: [
        {
          id: 'print-a',
          sku: 'PR-A',
          attributes: { Size: 'A' },
          priceMoney: { value: '10.00', currency: 'USD' },
          qtyInStock: 0,
        },
      ],
    },
  },
];

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('verifyCaptchaToken', () => {
  it.each([
    ['fake-0a1b2c', true],
    ['fake-x', true],
    ['fake-', false],
    ['token', false],
    ['FAKE-abc', false],
    ['', false],
    [`fake-${'a'.repeat(196)}`, false],
    [null, false],
    [42, false],
  ])('%j is %s', (token, accepted) => {
    expect(verifyCaptchaToken(token)).toBe(accepted);
  });
});

describe(`GET ${FAKE_CAPTCHA_PATH}`, () => {
  it('serves the fake provider as a script file the page policy allows', async () => {
    app = await startServer({ catalog: CATALOG });
    const res = await app.inject({ method: 'GET', url: FAKE_CAPTCHA_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    for (const name of ['render', 'execute', 'getResponse', 'reset', 'ready']) {
      expect(res.body).toContain(`${name}: function`);
    }
    expect(res.body).toContain("I'm not a robot");
    // Nothing the strict policy refuses: no eval, no inline style attribute.
    expect(res.body).not.toMatch(/\beval\(|new Function|setAttribute\('style'|\.style\b/);
  });
});

describe('restock sign-up with a captcha', () => {
  const signUp = (v: Visitor, captchaToken?: string) =>
    v.post(SIGN_UP, {
      productId: 'print',
      variantId: 'print-a',
      siteVisitorEmail: 'ada@example.com',
      isJoinMailingList: false,
      ...(captchaToken === undefined ? {} : { captchaToken }),
    });

  it('needs a provider token when the site has a captcha key', async () => {
    app = await startServer({ catalog: CATALOG, captchaSiteKey: 'demo-site-key' });
    const visitor = await new Visitor(app).arrive();
    const missing = await signUp(visitor);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      message: 'Complete CAPTCHA before submitting.',
      errors: { captchaToken: 'Complete CAPTCHA before submitting.' },
    });
    expect((await signUp(visitor, 'forged')).statusCode).toBe(400);
    const ok = await signUp(visitor, 'fake-abc123');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true });
  });

  it('without a captcha key takes sign-ups without a token, and still refuses a forged one', async () => {
    app = await startServer({ catalog: CATALOG });
    const visitor = await new Visitor(app).arrive();
    expect((await signUp(visitor, 'forged')).json().message).toBe('Complete CAPTCHA before submitting.');
    expect((await signUp(visitor)).statusCode).toBe(200);
  });
});

describe('server-rendered pages', () => {
  const contextOf = (html: string): Record<string, unknown> => {
    const json = /<script type="application\/json" id="sf-context">([^<]*)<\/script>/.exec(html)?.[1];
    return JSON.parse(json ?? 'null') as Record<string, unknown>;
  };

  it('point the site context at the fake provider when the server has a captcha key', async () => {
    app = await startServer({ catalog: CATALOG, captchaSiteKey: 'demo-site-key' });
    const res = await app.inject({ method: 'GET', url: '/products/print' });
    expect(res.statusCode).toBe(200);
    expect(contextOf(res.body)).toMatchObject({
      captchaSiteKey: 'demo-site-key',
      captchaScriptUrl: FAKE_CAPTCHA_PATH,
    });
  });

  it('carry no captcha without one', async () => {
    app = await startServer({ catalog: CATALOG });
    const context = contextOf((await app.inject({ method: 'GET', url: '/products/print' })).body);
    expect(context).not.toHaveProperty('captchaSiteKey');
    expect(context).not.toHaveProperty('captchaScriptUrl');
  });
});
