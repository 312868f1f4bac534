import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONTEXT } from '../../../src/page/context.js';
import { WidgetPropsError } from '../../../src/react/define.js';
import * as restockAdmin from '../../../widgets/restock-admin/index.js';

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

const block = () => {
  const el = document.createElement('div');
  el.setAttribute('data-sf-widget', 'restock-admin');
  el.innerHTML = '<p>Sign in to manage restock notifications.</p>';
  document.body.appendChild(el);
  return el;
};

describe('restock admin module (the dist/widgets/restock-admin.js contract)', () => {
  it('is named restock-admin and mounts through the shared runtime', () => {
    expect(restockAdmin.name).toBe('restock-admin');
    expect(restockAdmin.mount).toBe(restockAdmin.default.mount);
  });

  it.each([
    ['a list', []],
    ['a string', 'x'],
  ])('refuses %s as props', (_name, raw) => {
    expect(() => restockAdmin.mount(block(), raw, { context: DEFAULT_CONTEXT, report: vi.fn() })).toThrow(
      WidgetPropsError,
    );
  });

  it('takes string overrides only', () => {
    expect(restockAdmin.parseRestockAdminProps({ strings: { title: 'Back in stock', send: 1 } })).toEqual({
      ok: true,
      value: { strings: { title: 'Back in stock' } },
    });
    expect(restockAdmin.parseRestockAdminProps(undefined)).toEqual({ ok: true, value: {} });
  });

  it('mounts with its title and the overrides applied', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ message: 'Sign in' }, { status: 401 })),
    );
    const el = block();
    await act(async () => {
      restockAdmin.mount(
        el,
        { strings: { title: 'Back in stock' } },
        { context: DEFAULT_CONTEXT, report: vi.fn() },
      );
    });
    expect(screen.getByRole('heading', { name: 'Back in stock' })).toBeInstanceOf(HTMLHeadingElement);
  });
});
