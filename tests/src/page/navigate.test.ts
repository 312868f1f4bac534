import { describe, expect, it, vi } from 'vitest';
import { DESIGN_FRAME_MESSAGE_TYPE } from '../../../src/contract.js';
import { navigateTo, redirectTo } from '../../../src/page/navigate.js';

const base = { href: 'https://shop.example.com/products/mug', origin: 'https://shop.example.com' };

describe('navigateTo', () => {
  const fakeWindow = () => {
    const parent = { postMessage: vi.fn() };
    const location = { ...base, assign: vi.fn() };
    return { parent, location } as unknown as Window & {
      parent: { postMessage: ReturnType<typeof vi.fn> };
      location: { assign: ReturnType<typeof vi.fn> };
    };
  };

  it('goes to a same-origin path outside the design frame', () => {
    const win = fakeWindow();
    expect(navigateTo('/cart', false, win)).toBe(true);
    expect(win.location.assign).toHaveBeenCalledWith('/cart');
    expect(win.parent.postMessage).not.toHaveBeenCalled();
  });

  it('asks the editor to set the frame address inside the design frame, without navigating', () => {
    const win = fakeWindow();
    expect(navigateTo('/cart', true, win)).toBe(true);
    expect(win.parent.postMessage).toHaveBeenCalledWith(
      { type: DESIGN_FRAME_MESSAGE_TYPE, url: '/cart' },
      '*',
    );
    expect(win.location.assign).not.toHaveBeenCalled();
  });

  it('navigates normally when the context claims a design frame but the page is not framed', () => {
    const assign = vi.fn();
    const win = { location: { ...base, assign } } as unknown as Window;
    (win as unknown as { parent: unknown }).parent = win;
    navigateTo('/cart', true, win);
    expect(assign).toHaveBeenCalledWith('/cart');
  });

  it('follows a form success address on another site outside the design frame', () => {
    const win = fakeWindow();
    expect(redirectTo('https://shop.example.org/thanks', false, win)).toBe(true);
    expect(win.location.assign).toHaveBeenCalledWith('https://shop.example.org/thanks');
  });

  it.each([
    ['/products/mug#thanks', false],
    ['#thanks', false],
    ['https://shop.example.com/products/mug#thanks', false],
    ['/products/mug', true],
    ['/products/mug?sent=1#thanks', true],
    ['/thanks#top', true],
  ])('goes to %s, leaving the page: %s', (url, leaves) => {
    const win = fakeWindow();
    expect(redirectTo(url, false, win)).toBe(leaves);
    expect(win.location.assign).toHaveBeenCalledTimes(1);
  });

  it('does not leave the design frame for another site', () => {
    const win = fakeWindow();
    expect(redirectTo('https://shop.example.org/thanks', true, win)).toBe(false);
    expect(win.location.assign).not.toHaveBeenCalled();
    expect(win.parent.postMessage).not.toHaveBeenCalled();
  });

  it('sends a same-origin success path through the editor in the design frame', () => {
    const win = fakeWindow();
    expect(redirectTo('/thanks', true, win)).toBe(true);
    expect(win.parent.postMessage).toHaveBeenCalledWith(
      { type: DESIGN_FRAME_MESSAGE_TYPE, url: '/thanks' },
      '*',
    );
  });

  it.each(['javascript:alert(1)', 'data:text/html,x', 'ftp://files.example/'])(
    'never follows %s as a success address',
    (url) => {
      const win = fakeWindow();
      expect(redirectTo(url, false, win)).toBe(false);
      expect(win.location.assign).not.toHaveBeenCalled();
    },
  );

  it.each([true, false])('refuses a javascript: URL (design frame %s)', (designFrame) => {
    const win = fakeWindow();
    expect(navigateTo('javascript:alert(1)', designFrame, win)).toBe(false);
    expect(win.location.assign).not.toHaveBeenCalled();
    expect(win.parent.postMessage).not.toHaveBeenCalled();
  });
});
