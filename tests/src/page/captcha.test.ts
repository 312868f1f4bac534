import { afterEach, describe, expect, it } from 'vitest';
import {
  captchaSize,
  createCaptcha,
  DEFAULT_CAPTCHA_SCRIPT_URL,
  loadCaptchaScript,
} from '../../../src/page/captcha.js';
import { intercept, removeProvider } from './fake-captcha.js';

let urlCount = 0;
/** Each test its own script URL: loads are cached per URL for the page's lifetime. */
const freshUrl = () => `/captcha/test-${++urlCount}.js`;

const container = (width = 400): HTMLElement => {
  const el = document.createElement('div');
  el.getBoundingClientRect = () => ({ width }) as DOMRect;
  document.body.appendChild(el);
  return el;
};

afterEach(() => {
  removeProvider();
  document.body.replaceChildren();
});

describe('captchaSize', () => {
  it.each([
    [0, 'compact'],
    [319, 'compact'],
    [319.5, 'compact'],
    [320, 'normal'],
    [600, 'normal'],
  ] as const)('a %s px container gives %s', (width, size) => {
    expect(captchaSize(width)).toBe(size);
  });
});

describe('loadCaptchaScript', () => {
  it('defaults to the provider script in explicit render mode', () => {
    expect(DEFAULT_CAPTCHA_SCRIPT_URL).toBe('https://www.google.com/recaptcha/api.js?render=explicit');
  });

  it('appends the script file once however many captchas ask for it', async () => {
    const net = intercept();
    const url = freshUrl();
    const [a, b] = await Promise.all([loadCaptchaScript(url), loadCaptchaScript(url)]);
    await loadCaptchaScript(url);
    expect(net.requested).toEqual([new URL(url, document.baseURI).href]);
    expect(a).toBe(net.provider);
    expect(b).toBe(net.provider);
    expect(net.provider.readyCalls).toBe(1);
  });

  it('forgets a failed load so the next call tries again', async () => {
    const net = intercept(['error', 'load']);
    const url = freshUrl();
    await expect(loadCaptchaScript(url)).rejects.toThrow(`The captcha script failed to load: ${url}`);
    await expect(loadCaptchaScript(url)).resolves.toBe(net.provider);
    expect(net.requested).toHaveLength(2);
  });

  it('waits for the provider to say it is ready before using it', async () => {
    const net = intercept(['load-without-api']);
    const w = window as unknown as { grecaptcha?: unknown };
    // Like reCAPTCHA: `ready` exists when the script has loaded, `render` only a moment later.
    let whenReady: () => void = () => undefined;
    w.grecaptcha = { ready: (callback: () => void) => (whenReady = callback) };
    let settled = false;
    const loading = loadCaptchaScript(freshUrl()).finally(() => (settled = true));
    await new Promise((r) => setTimeout(r, 0));
    expect(net.requested).toHaveLength(1);
    expect(settled).toBe(false);
    w.grecaptcha = net.provider;
    whenReady();
    await expect(loading).resolves.toBe(net.provider);
  });

  it('rejects when the script loads but defines no provider', async () => {
    intercept(['load-without-api']);
    const url = freshUrl();
    await expect(loadCaptchaScript(url)).rejects.toThrow(
      `The captcha script at ${url} did not define grecaptcha`,
    );
  });
});

describe('createCaptcha', () => {
  it('loads and draws nothing until render()', () => {
    const net = intercept();
    const captcha = createCaptcha(container(), { siteKey: 'key', scriptUrl: freshUrl() });
    expect(captcha.state).toBe('idle');
    expect(net.requested).toEqual([]);
  });

  it('renders with the site key into the container: state rendered', async () => {
    const net = intercept();
    const el = container();
    const captcha = createCaptcha(el, { siteKey: 'site-key-1', scriptUrl: freshUrl() });
    await captcha.render();
    expect(captcha.state).toBe('rendered');
    expect(net.provider.widgets).toHaveLength(1);
    expect(net.provider.widgets[0]?.sitekey).toBe('site-key-1');
    expect(el.contains(net.provider.widgets[0]?.container ?? null)).toBe(true);
    expect(el.querySelector('input[type="checkbox"]')).toBeInstanceOf(HTMLInputElement);
  });

  it.each([
    [319, 'compact'],
    [320, 'normal'],
  ] as const)('is %s px wide: size %s', async (width, size) => {
    const net = intercept();
    await createCaptcha(container(width), { siteKey: 'k', scriptUrl: freshUrl() }).render();
    expect(net.provider.widgets[0]?.size).toBe(size);
  });

  it('rejects "ReCaptcha has not been set up!" when a token is asked for before render resolves', async () => {
    intercept();
    const captcha = createCaptcha(container(), { siteKey: 'k', scriptUrl: freshUrl() });
    await expect(captcha.getToken()).rejects.toThrow('ReCaptcha has not been set up!');
    const rendering = captcha.render();
    await expect(captcha.getToken()).rejects.toThrow('ReCaptcha has not been set up!');
    await rendering;
    await expect(captcha.getToken()).resolves.toBe('');
  });

  it('executes right before reading the token: state executed, token once completed', async () => {
    const net = intercept();
    const captcha = createCaptcha(container(), { siteKey: 'k', scriptUrl: freshUrl() });
    await captcha.render();
    expect(await captcha.getToken()).toBe('');
    expect(captcha.state).toBe('executed');
    const widget = net.provider.widgets[0];
    if (!widget) throw new Error('not rendered');
    widget.box.checked = true;
    expect(await captcha.getToken()).toBe('fake-token-0');
    expect(widget.executed).toBe(2);
  });

  it('still reads the response when the provider refuses to execute (a checkbox captcha)', async () => {
    const net = intercept();
    net.provider.execute = () => {
      throw new Error('execute is for invisible captchas');
    };
    const captcha = createCaptcha(container(), { siteKey: 'k', scriptUrl: freshUrl() });
    await captcha.render();
    const widget = net.provider.widgets[0];
    if (!widget) throw new Error('not rendered');
    widget.box.checked = true;
    expect(await captcha.getToken()).toBe('fake-token-0');
    expect(captcha.state).toBe('executed');
  });

  it('reset clears the answer: state reset, token empty again', async () => {
    const net = intercept();
    const captcha = createCaptcha(container(), { siteKey: 'k', scriptUrl: freshUrl() });
    await captcha.render();
    const widget = net.provider.widgets[0];
    if (!widget) throw new Error('not rendered');
    widget.box.checked = true;
    captcha.reset();
    expect(captcha.state).toBe('reset');
    expect(widget.resets).toBe(1);
    expect(await captcha.getToken()).toBe('');
  });

  it('a provider that throws on reset leaves the captcha as it was, and nothing escapes', async () => {
    const net = intercept();
    const captcha = createCaptcha(container(), { siteKey: 'k', scriptUrl: freshUrl() });
    await captcha.render();
    net.provider.reset = () => {
      throw new Error('provider is gone');
    };
    expect(() => captcha.reset()).not.toThrow();
    expect(captcha.state).toBe('rendered');
  });

  it('reset before render does nothing', () => {
    const net = intercept();
    const captcha = createCaptcha(container(), { siteKey: 'k', scriptUrl: freshUrl() });
    captcha.reset();
    expect(captcha.state).toBe('idle');
    expect(net.provider.widgets).toEqual([]);
  });

  it('destroy removes what was drawn: state destroyed, tokens refused', async () => {
    const el = container();
    intercept();
    const captcha = createCaptcha(el, { siteKey: 'k', scriptUrl: freshUrl() });
    await captcha.render();
    captcha.destroy();
    expect(captcha.state).toBe('destroyed');
    expect(el.childNodes).toHaveLength(0);
    await expect(captcha.getToken()).rejects.toThrow('ReCaptcha document has been destroyed');
    captcha.reset();
    expect(captcha.state).toBe('destroyed');
  });

  it('destroyed while the script loads, it never draws', async () => {
    const el = container();
    const net = intercept();
    const captcha = createCaptcha(el, { siteKey: 'k', scriptUrl: freshUrl() });
    const rendering = captcha.render();
    captcha.destroy();
    await rendering;
    expect(net.provider.widgets).toEqual([]);
    expect(el.childNodes).toHaveLength(0);
    expect(captcha.state).toBe('destroyed');
  });

  it('a failed script load rejects render(); the next render() tries again', async () => {
    const net = intercept(['error', 'load']);
    const captcha = createCaptcha(container(), { siteKey: 'k', scriptUrl: freshUrl() });
    await expect(captcha.render()).rejects.toThrow('The captcha script failed to load');
    expect(captcha.state).toBe('idle');
    await captcha.render();
    expect(captcha.state).toBe('rendered');
    expect(net.requested).toHaveLength(2);
  });

  it('uses a provider the page already has without loading the script', async () => {
    const net = intercept();
    (window as unknown as { grecaptcha: unknown }).grecaptcha = net.provider;
    await createCaptcha(container(), { siteKey: 'k', scriptUrl: freshUrl() }).render();
    expect(net.requested).toEqual([]);
    expect(net.provider.widgets).toHaveLength(1);
  });
});
