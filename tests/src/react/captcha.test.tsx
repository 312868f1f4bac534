import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Captcha, type CaptchaHandle } from '../../../src/react/captcha.js';
import { renderWithStorefront } from '../../widgets/fixtures.js';
import { intercept, removeProvider } from '../page/fake-captcha.js';

let urlCount = 0;
const freshUrl = () => `/captcha/react-${++urlCount}.js`;

afterEach(() => {
  cleanup();
  removeProvider();
});

describe('Captcha', () => {
  it('renders nothing and loads nothing without a site key', () => {
    const net = intercept();
    const { container } = renderWithStorefront(<Captcha scriptUrl={freshUrl()} />);
    expect(container.innerHTML).toBe('');
    expect(net.requested).toEqual([]);
  });

  it("loads the script named by the site context and draws the provider's checkbox", async () => {
    const net = intercept();
    const url = freshUrl();
    renderWithStorefront(<Captcha siteKey="site-key" />, { context: { captchaScriptUrl: url } });
    expect(await screen.findByRole('checkbox', { name: "I'm not a robot" })).toBeInstanceOf(HTMLInputElement);
    expect(net.requested).toEqual([new URL(url, document.baseURI).href]);
    expect(net.provider.widgets[0]?.sitekey).toBe('site-key');
  });

  it('gives the token through its handle once completed, and resets', async () => {
    intercept();
    const handle = createRef<CaptchaHandle>();
    const { user } = renderWithStorefront(<Captcha ref={handle} siteKey="k" scriptUrl={freshUrl()} />);
    const box = await screen.findByRole('checkbox', { name: "I'm not a robot" });
    await expect(handle.current?.getToken()).resolves.toBe('');
    await user.click(box);
    await expect(handle.current?.getToken()).resolves.toBe('fake-token-0');
    act(() => handle.current?.reset());
    expect((box as HTMLInputElement).checked).toBe(false);
    await expect(handle.current?.getToken()).resolves.toBe('');
  });

  it('rejects "ReCaptcha has not been set up!" before the provider is ready', async () => {
    intercept();
    const handle = createRef<CaptchaHandle>();
    renderWithStorefront(<Captcha ref={handle} siteKey="k" scriptUrl={freshUrl()} />);
    await expect(handle.current?.getToken()).rejects.toThrow('ReCaptcha has not been set up!');
    await screen.findByRole('checkbox', { name: "I'm not a robot" });
  });

  it('rejects "ReCaptcha has not been set up!" without a site key', async () => {
    const handle = createRef<CaptchaHandle>();
    renderWithStorefront(<Captcha ref={handle} scriptUrl={freshUrl()} />);
    await expect(handle.current?.getToken()).rejects.toThrow('ReCaptcha has not been set up!');
  });

  it('is destroyed on unmount', async () => {
    intercept();
    const { unmount, container } = renderWithStorefront(<Captcha siteKey="k" scriptUrl={freshUrl()} />);
    await screen.findByRole('checkbox', { name: "I'm not a robot" });
    unmount();
    expect(container.innerHTML).toBe('');
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('reports a script that fails to load, and keeps refusing tokens', async () => {
    intercept(['error']);
    const handle = createRef<CaptchaHandle>();
    const url = freshUrl();
    const { env } = renderWithStorefront(
      <Captcha ref={handle} siteKey="k" scriptUrl={url} widget="restock-form" />,
    );
    await waitFor(() => expect(env.report).toHaveBeenCalledTimes(1));
    expect(env.report.mock.calls[0]?.[0]).toEqual(new Error(`The captcha script failed to load: ${url}`));
    expect(env.report.mock.calls[0]?.[1]).toEqual({ code: 'CAPTCHA_LOAD_FAILED', widget: 'restock-form' });
    await expect(handle.current?.getToken()).rejects.toThrow('ReCaptcha has not been set up!');
  });
});
