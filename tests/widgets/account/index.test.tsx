import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONTEXT } from '../../../src/page/context.js';
import { WidgetPropsError } from '../../../src/react/define.js';
import * as account from '../../../widgets/account/index.js';

afterEach(() => {
  document.body.innerHTML = '';
});

const block = () => {
  const el = document.createElement('div');
  el.setAttribute('data-sf-widget', 'account');
  el.innerHTML = '<p>Signing in needs JavaScript.</p>';
  document.body.appendChild(el);
  return el;
};

describe('account module (the dist/widgets/account.js contract)', () => {
  it('is named account and mounts through the shared runtime', () => {
    expect(account.name).toBe('account');
    expect(account.mount).toBe(account.default.mount);
  });

  it.each([
    ['a list', []],
    ['a string', 'x'],
    ['an email that is not a string', { email: 3 }],
  ])('refuses %s as props', (_name, raw) => {
    expect(() => account.mount(block(), raw, { context: DEFAULT_CONTEXT, report: vi.fn() })).toThrow(
      WidgetPropsError,
    );
  });

  it('reads the email and string overrides', () => {
    expect(
      account.parseAccountProps({ email: 'owner@example.com', strings: { signOut: 'Log out', x: 1 } }),
    ).toEqual({
      ok: true,
      value: { email: 'owner@example.com', strings: { signOut: 'Log out' } },
    });
    expect(account.parseAccountProps(undefined)).toEqual({ ok: true, value: {} });
  });

  it('reads where accounts are created, refusing a script address', () => {
    expect(account.parseAccountProps({ createAccountUrl: '/contact' })).toEqual({
      ok: true,
      value: { createAccountUrl: '/contact' },
    });
    expect(account.parseAccountProps({ createAccountUrl: 'javascript:alert(1)' }).ok).toBe(false);
  });

  it('replaces the fallback with the form, and puts it back on unmount', () => {
    const el = block();
    let off = () => undefined as void;
    act(() => {
      off = account.mount(
        el,
        { strings: { formLabel: 'Log in' } },
        { context: DEFAULT_CONTEXT, report: vi.fn() },
      );
    });
    expect(screen.getByRole('form', { name: 'Log in' })).toBeTruthy();
    act(() => off());
    expect(el.innerHTML).toBe('<p>Signing in needs JavaScript.</p>');
  });
});
