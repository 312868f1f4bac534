import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WidgetModule } from '../../../src/contract.js';
import { DEFAULT_CONTEXT } from '../../../src/page/context.js';
import { deferredWidget } from '../../../src/page/deferred-widget.js';

let idle: (() => void)[] = [];

beforeEach(() => {
  idle = [];
  vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
});
afterEach(() => vi.unstubAllGlobals());

const env = () => ({ context: DEFAULT_CONTEXT, report: vi.fn() });
const block = () => {
  document.body.innerHTML = '<div id="b">fallback</div>';
  return document.getElementById('b')!;
};
/** Runs the idle work and lets the loads it started settle. */
const runIdleWork = async () => {
  for (const run of idle.splice(0)) run();
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
};

describe('a deferred widget', () => {
  it('loads nothing until the page is idle, then mounts with the props and env it was given', async () => {
    const inner = vi.fn((el: HTMLElement) => {
      el.textContent = 'mounted';
      return () => undefined;
    });
    const load = vi.fn(async (): Promise<WidgetModule> => ({ mount: inner }));
    const el = block();
    const e = env();
    deferredWidget('w', load).mount(el, { a: 1 }, e);
    expect(load).not.toHaveBeenCalled();
    expect(el.textContent).toBe('fallback');
    expect(el.hasAttribute('data-sf-deferred')).toBe(true);
    await runIdleWork();
    expect(inner).toHaveBeenCalledWith(el, { a: 1 }, e);
    expect(el.textContent).toBe('mounted');
    expect(el.hasAttribute('data-sf-deferred')).toBe(false);
  });

  it('unmounts what it mounted', async () => {
    const innerUnmount = vi.fn();
    const unmount = deferredWidget('w', async () => ({ mount: () => innerUnmount })).mount(
      block(),
      {},
      env(),
    );
    await runIdleWork();
    unmount();
    expect(innerUnmount).toHaveBeenCalledTimes(1);
  });

  it('neither loads nor mounts a block unmounted before the page was idle', async () => {
    const load = vi.fn(async (): Promise<WidgetModule> => ({ mount: () => () => undefined }));
    const el = block();
    deferredWidget('w', load).mount(el, {}, env())();
    expect(el.hasAttribute('data-sf-deferred')).toBe(false);
    await runIdleWork();
    expect(load).not.toHaveBeenCalled();
  });

  it('does not mount into a block that left the page meanwhile', async () => {
    const inner = vi.fn(() => () => undefined);
    const el = block();
    deferredWidget('w', async () => ({ mount: inner })).mount(el, {}, env());
    el.remove();
    await runIdleWork();
    expect(inner).not.toHaveBeenCalled();
  });

  it.each([
    ['code that does not load', () => Promise.reject(new Error('offline')), 'CHUNK_LOAD_FAILED'],
    [
      'props that do not parse',
      async (): Promise<WidgetModule> => ({
        mount: () => {
          throw Object.assign(new Error('w: invalid data-sf-props'), { name: 'WidgetPropsError' });
        },
      }),
      'BAD_PROPS',
    ],
    [
      'a mount that throws',
      async (): Promise<WidgetModule> => ({
        mount: () => {
          throw new Error('boom');
        },
      }),
      'MOUNT_FAILED',
    ],
  ])('reports %s and keeps the fallback', async (_label, load, code) => {
    const el = block();
    const e = env();
    deferredWidget('w', load).mount(el, {}, e);
    await runIdleWork();
    expect(e.report).toHaveBeenCalledWith(expect.any(Error), { widget: 'w', code });
    expect(el.textContent).toBe('fallback');
    expect(el.hasAttribute('data-sf-deferred')).toBe(false);
  });

  it('is no longer marked mounted after a failure, says so in the console, and mounts with corrected props', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const inner = vi.fn((el: HTMLElement, props: unknown) => {
      if (!(props as { ok?: boolean }).ok) {
        throw Object.assign(new Error('w: invalid data-sf-props'), { name: 'WidgetPropsError' });
      }
      el.textContent = 'mounted';
      return () => undefined;
    });
    const el = block();
    el.setAttribute('data-sf-mounted', '');
    const e = env();
    const mounted = deferredWidget('w', async () => ({ mount: inner })).mount(el, {}, e);
    await runIdleWork();
    expect(el.hasAttribute('data-sf-mounted')).toBe(false);
    expect(warn).toHaveBeenCalledWith('[storefront] block data-sf-widget="w": w: invalid data-sf-props');
    mounted.update?.({ ok: true });
    await runIdleWork();
    expect(el.textContent).toBe('mounted');
    expect(el.hasAttribute('data-sf-mounted')).toBe(true);
    expect(el.hasAttribute('data-sf-deferred')).toBe(false);
    warn.mockRestore();
  });

  it('reports code that fails to load with the chunk name and the failure type', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const el = block();
    const e = env();
    deferredWidget('w', () => Promise.reject(new TypeError('Failed to fetch'))).mount(el, {}, e);
    await runIdleWork();
    expect(e.report).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Chunk "w" failed to load (error)' }),
      { widget: 'w', code: 'CHUNK_LOAD_FAILED' },
    );
    expect(warn).toHaveBeenCalledWith(
      '[storefront] block data-sf-widget="w": Chunk "w" failed to load (error)',
    );
    warn.mockRestore();
  });

  describe('on a clock the test moves', () => {
    beforeEach(() => {
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('gives up on code that has not come after 120 s: a timeout, the fallback kept, data-sf-deferred off', async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      let arrive!: (mod: WidgetModule) => void;
      const inner = vi.fn(() => () => undefined);
      const el = block();
      el.setAttribute('data-sf-mounted', '');
      const e = env();
      deferredWidget('w', () => new Promise<WidgetModule>((resolve) => (arrive = resolve))).mount(el, {}, e);
      await runIdleWork();
      await vi.advanceTimersByTimeAsync(119_999);
      expect(e.report).not.toHaveBeenCalled();
      expect(el.hasAttribute('data-sf-deferred')).toBe(true);
      await vi.advanceTimersByTimeAsync(1);
      expect(e.report).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'Chunk "w" failed to load (timeout)' }),
        { widget: 'w', code: 'CHUNK_LOAD_FAILED' },
      );
      expect(el.hasAttribute('data-sf-deferred')).toBe(false);
      expect(el.hasAttribute('data-sf-mounted')).toBe(false);
      // Code that comes after all is too late: the block keeps its fallback.
      arrive({ mount: inner });
      await vi.advanceTimersByTimeAsync(0);
      expect(inner).not.toHaveBeenCalled();
      expect(el.textContent).toBe('fallback');
      warn.mockRestore();
    });
  });

  it('falls back to a timer where the browser has no idle callback', async () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    const inner = vi.fn(() => () => undefined);
    deferredWidget('w', async () => ({ mount: inner })).mount(block(), {}, env());
    await vi.waitFor(() => expect(inner).toHaveBeenCalledTimes(1));
  });
});
