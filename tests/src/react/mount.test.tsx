import { act, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONTEXT } from '../../../src/page/context.js';
import { mountWidget } from '../../../src/react/mount.js';

afterEach(() => {
  document.body.innerHTML = '';
});

const block = () => {
  const el = document.createElement('div');
  el.setAttribute('data-sf-widget', 'demo');
  el.innerHTML = '<p>Server fallback</p><a href="/cart">Cart</a>';
  document.body.appendChild(el);
  return el;
};
const env = () => ({ context: DEFAULT_CONTEXT, report: vi.fn() });

function Throws({ when }: { when: 'render' | 'effect' }): null {
  useEffect(() => {
    if (when === 'effect') throw new Error('effect failed');
  }, [when]);
  if (when === 'render') throw new Error('render failed');
  return null;
}

function Later() {
  const [broken, setBroken] = useState(false);
  if (broken) throw new Error('failed after a click');
  return <button onClick={() => setBroken(true)}>Break</button>;
}

describe('mountWidget', () => {
  it('shows the widget and drops the server fallback once the widget has rendered', async () => {
    const el = block();
    await act(async () => {
      mountWidget(el, <button>Live</button>, env());
    });
    expect(screen.getByRole('button', { name: 'Live' })).toBeInstanceOf(HTMLElement);
    expect(screen.queryByText('Server fallback')).toBeNull();
  });

  it.each(['render', 'effect'] as const)(
    'keeps the fallback and reports once when the widget throws in %s; nothing reaches the page',
    async (when) => {
      const el = block();
      const e = env();
      const pageErrors = vi.fn();
      window.addEventListener('error', pageErrors);
      const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      try {
        await act(async () => {
          mountWidget(el, <Throws when={when} />, e);
        });
      } finally {
        window.removeEventListener('error', pageErrors);
      }
      expect(screen.getByText('Server fallback')).toBeInstanceOf(HTMLElement);
      expect(screen.getByRole('link', { name: 'Cart' })).toBeInstanceOf(HTMLElement);
      expect(e.report).toHaveBeenCalledTimes(1);
      expect(e.report.mock.calls[0]?.[0]).toMatchObject({ message: `${when} failed` });
      expect(e.report.mock.calls[0]?.[1]).toMatchObject({ widget: 'demo', code: 'RENDER_FAILED' });
      expect(pageErrors).not.toHaveBeenCalled();
      consoleError.mockRestore();
    },
  );

  it('is no longer marked mounted while it shows its fallback, and draws corrected props anew', async () => {
    const el = block();
    el.setAttribute('data-sf-mounted', '');
    const e = env();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let widget: ReturnType<typeof mountWidget> | undefined;
    await act(async () => {
      widget = mountWidget(el, <Throws when="render" />, e);
    });
    expect(el.hasAttribute('data-sf-mounted')).toBe(false);
    expect(screen.getByText('Server fallback')).toBeInstanceOf(HTMLElement);
    await act(async () => widget?.render(<button>Fixed</button>));
    expect(screen.getByRole('button', { name: 'Fixed' })).toBeInstanceOf(HTMLElement);
    expect(screen.queryByText('Server fallback')).toBeNull();
    expect(el.hasAttribute('data-sf-mounted')).toBe(true);
    expect(e.report).toHaveBeenCalledTimes(1);
  });

  it('puts the fallback back when the widget breaks after it was shown', async () => {
    const el = block();
    const e = env();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await act(async () => {
      mountWidget(el, <Later />, e);
    });
    expect(screen.queryByText('Server fallback')).toBeNull();
    await act(async () => {
      screen.getByRole('button', { name: 'Break' }).click();
    });
    expect(screen.getByText('Server fallback')).toBeInstanceOf(HTMLElement);
    expect(screen.queryByRole('button')).toBeNull();
    expect(e.report).toHaveBeenCalledTimes(1);
  });

  it('unmounting removes the widget and restores the fallback; a second unmount does nothing', async () => {
    const el = block();
    let unmount: () => void = () => undefined;
    await act(async () => {
      unmount = mountWidget(el, <button>Live</button>, env());
    });
    act(() => unmount());
    act(() => unmount());
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getAllByText('Server fallback')).toHaveLength(1);
    expect(el.querySelector('.sf-root')).toBeNull();
  });

  it('gives each root its own id prefix so labels do not collide across widgets', async () => {
    const { useWidgetId } = await import('../../../src/react/provider.js');
    function Field() {
      const id = useWidgetId();
      return (
        <>
          <label htmlFor={id}>Email</label>
          <input id={id} />
        </>
      );
    }
    await act(async () => {
      mountWidget(block(), <Field />, env());
      mountWidget(block(), <Field />, env());
    });
    const inputs = screen.getAllByRole('textbox', { name: 'Email' });
    expect(inputs).toHaveLength(2);
    expect(inputs[0]?.id).not.toBe(inputs[1]?.id);
  });
});
