import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';

afterEach(cleanup);
import { setAnalyticsSink, type AnalyticsEvent } from '../../../../src/page/analytics.js';
import { Lightbox } from '../../../../src/react/ui/lightbox.js';

function Harness({ onClose }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Lightbox
        open={open}
        title="Engraving"
        closeLabel="Close"
        onClose={() => {
          onClose?.();
          setOpen(false);
        }}
      >
        <label htmlFor="a">First</label>
        <input id="a" />
        <label htmlFor="b">Second</label>
        <input id="b" />
      </Lightbox>
    </>
  );
}

const flush = () =>
  act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });

describe('Lightbox', () => {
  it('is not counted by the overlay census: that is for the platform popup overlay alone', async () => {
    const events: AnalyticsEvent[] = [];
    setAnalyticsSink((e) => events.push(e));
    try {
      const user = userEvent.setup();
      render(<Harness />);
      expect(events).toEqual([]);
      await user.click(screen.getByRole('button', { name: 'Open' }));
      await flush();
      expect(screen.getByRole('dialog', { name: 'Engraving' })).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Close' }));
      await user.click(screen.getByRole('button', { name: 'Open' }));
      await flush();
      expect(screen.getByRole('dialog', { name: 'Engraving' })).toBeTruthy();
      expect(events).toEqual([]);
    } finally {
      setAnalyticsSink(null);
    }
  });

  it('renders nothing while closed', () => {
    render(<Harness />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens a modal dialog labelled by its title with focus inside', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await flush();
    const dialog = screen.getByRole('dialog', { name: 'Engraving' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
  });

  it('keeps Tab inside the dialog', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await flush();
    const dialog = screen.getByRole('dialog');
    for (let i = 0; i < 6; i += 1) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
  });

  it.each([
    ['Escape', async (user: ReturnType<typeof userEvent.setup>) => user.keyboard('{Escape}')],
    [
      'the close button',
      async (user: ReturnType<typeof userEvent.setup>) =>
        user.click(screen.getByRole('button', { name: 'Close' })),
    ],
  ])('closes on %s and returns focus to the opener', async (_how, close) => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    await flush();
    await close(user);
    await flush();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});

/** A quick view whose Add opens a nested form; `initialFocus` as the outer lightbox takes it. */
function Nested({ initialFocus }: { initialFocus?: number }) {
  const [outer, setOuter] = useState(true);
  const [inner, setInner] = useState(false);
  return (
    <Lightbox
      open={outer}
      title="Quick view"
      closeLabel="Close"
      onClose={() => setOuter(false)}
      initialFocus={initialFocus}
    >
      <button type="button" onClick={() => setInner(true)}>
        Add
      </button>
      <Lightbox open={inner} title="Engraving" closeLabel="Close form" onClose={() => setInner(false)}>
        <label htmlFor="w">Words</label>
        <input id="w" />
      </Lightbox>
    </Lightbox>
  );
}

describe('Lightbox nesting and first focus', () => {
  it('focuses the first control of the content when asked to', async () => {
    render(<Nested initialFocus={1} />);
    await flush();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add' }));
  });

  it('closes only the inner dialog on Escape and returns focus to its opener', async () => {
    const user = userEvent.setup();
    render(<Nested initialFocus={1} />);
    await flush();
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await flush();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close form' }));
    await user.keyboard('{Escape}');
    await flush();
    expect(screen.queryByRole('dialog', { name: 'Engraving' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Quick view' })).toBeInstanceOf(HTMLElement);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add' }));
  });
});

describe('Lightbox Escape before focus has moved', () => {
  it('closes the inner dialog when Escape comes from a control of the outer one', async () => {
    const user = userEvent.setup();
    render(<Nested />);
    await flush();
    const add = screen.getByRole('button', { name: 'Add' });
    await user.click(add);
    screen.getByRole('dialog', { name: 'Engraving' });
    // A quick keyboard user: the key is pressed where focus still was, inside the quick view.
    act(() => {
      add.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    await flush();
    expect(screen.queryByRole('dialog', { name: 'Engraving' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Quick view' })).toBeInstanceOf(HTMLElement);
  });

  it('closes one dialog per Escape, innermost first', async () => {
    const user = userEvent.setup();
    render(<Nested />);
    await flush();
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await flush();
    await user.keyboard('{Escape}');
    await flush();
    expect(screen.queryByRole('dialog', { name: 'Engraving' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Quick view' })).toBeInstanceOf(HTMLElement);
    await user.keyboard('{Escape}');
    await flush();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
