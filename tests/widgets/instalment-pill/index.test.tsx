import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguageComplete } from '../../../src/messages/format.js';
import { DEFAULT_CONTEXT } from '../../../src/page/context.js';
import widget from '../../../widgets/instalment-pill/index.js';
import { TEE, US } from './items.js';

/** Work the page left for when it is idle; run by the test when it chooses. */
let idle: (() => void)[] = [];
let unmounts: (() => void)[] = [];

beforeEach(() => {
  idle = [];
  vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
  document.body.innerHTML = `
    <article data-sf-product-block>
      <div data-sf-widget="instalment-pill" id="pill"><p>Pay later</p></div>
    </article>`;
});

afterEach(() => {
  act(() => unmounts.forEach((u) => u()));
  unmounts = [];
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const env = () => ({ context: DEFAULT_CONTEXT, report: vi.fn() });
const pill = () => document.getElementById('pill')!;
const text = () => pill().textContent?.replace(/\s+/g, ' ').trim();
/** The pill's code is a first import in the test's worker: on a busy machine it takes a while. */
const LOADED = { timeout: 10_000 };

async function runIdleWork(): Promise<void> {
  await act(async () => {
    for (const run of idle.splice(0)) run();
  });
}

describe('the instalment pill of the script tag', () => {
  it('keeps the fallback until the page is idle, then mounts over it', async () => {
    unmounts.push(widget.mount(pill(), { item: TEE, instalments: US }, env()));
    expect(text()).toBe('Pay later');
    expect(idle).toHaveLength(1);
    await runIdleWork();
    await vi.waitFor(() => expect(text()).toBe('Available for orders over $20.00 Afterpay'), LOADED);
  });

  it("waits for the page's whole catalogue, where its texts are, before it mounts", async () => {
    let complete = () => undefined as void;
    setLanguageComplete(new Promise<void>((resolve) => (complete = resolve)));
    unmounts.push(widget.mount(pill(), { item: TEE, instalments: US }, env()));
    await runIdleWork();
    await act(async () => {
      await import('../../../widgets/instalment-pill/pill-widget.js');
    });
    expect(text()).toBe('Pay later');
    complete();
    await vi.waitFor(() => expect(text()).toBe('Available for orders over $20.00 Afterpay'), LOADED);
  });

  it('reports props that do not parse as the loader does, and keeps the fallback', async () => {
    const e = env();
    unmounts.push(widget.mount(pill(), { instalments: US }, e));
    await runIdleWork();
    await vi.waitFor(() =>
      expect(e.report).toHaveBeenCalledWith(expect.objectContaining({ name: 'WidgetPropsError' }), {
        widget: 'instalment-pill',
        code: 'BAD_PROPS',
      }),
    );
    expect(text()).toBe('Pay later');
  });

  it('never mounts a block unmounted before the page was idle', async () => {
    const e = env();
    widget.mount(pill(), { item: TEE, instalments: US }, e)();
    await runIdleWork();
    // The module is cached after the first test: give any mount a turn to happen.
    await act(async () => {
      await import('../../../widgets/instalment-pill/pill-widget.js');
    });
    expect(text()).toBe('Pay later');
    expect(e.report).not.toHaveBeenCalled();
  });
});
