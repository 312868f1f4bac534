import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createErrorReporter, type JavascriptErrorEvent } from '../../../src/page/reporter.js';

const setup = (send = vi.fn(async (_events: readonly JavascriptErrorEvent[]) => undefined)) => {
  const reporter = createErrorReporter({ send, now: () => 1_700_000_000_000 });
  return { reporter, send };
};

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('error reporter (spec 000 §9)', () => {
  it('waits one quiet second before sending', async () => {
    const { reporter, send } = setup();
    reporter.report(new Error('boom'));
    await vi.advanceTimersByTimeAsync(999);
    expect(send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('batches errors that arrive within the second into one send', async () => {
    const { reporter, send } = setup();
    reporter.report(new Error('one'));
    await vi.advanceTimersByTimeAsync(500);
    reporter.report(new Error('two'));
    await vi.advanceTimersByTimeAsync(999);
    expect(send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]?.[0].map((e) => e.message)).toEqual(['one', 'two']);
  });

  it('queues at most 10 events and drops the rest', async () => {
    const { reporter, send } = setup();
    for (let i = 1; i <= 15; i += 1) reporter.report(new Error(`error ${i}`));
    await vi.advanceTimersByTimeAsync(1000);
    const batch = send.mock.calls[0]?.[0] ?? [];
    expect(batch).toHaveLength(10);
    expect(batch.at(-1)?.message).toBe('error 10');
  });

  it('sends at most 20 times per page', async () => {
    const { reporter, send } = setup();
    for (let i = 1; i <= 25; i += 1) {
      reporter.report(new Error(`error ${i}`));
      await vi.advanceTimersByTimeAsync(1000);
    }
    expect(send).toHaveBeenCalledTimes(20);
    reporter.report(new Error('late'));
    await reporter.flush();
    expect(send).toHaveBeenCalledTimes(20);
  });

  it.each([
    { name: 'at once', gapMs: 0, sends: 1, events: 10 },
    // The debounce restarts with each error until the queue is full; the errors of the quiet
    // second that follows are dropped: batches of 10, 10, 10 and the last 8.
    { name: '200 ms apart', gapMs: 200, sends: 4, events: 38 },
    // Each error gets its own send until the 20 sends are spent.
    { name: '1.5 s apart', gapMs: 1500, sends: 20, events: 20 },
  ])(
    'a burst of 50 errors $name makes $sends sends of $events events in all',
    async ({ gapMs, sends, events }) => {
      const { reporter, send } = setup();
      for (let i = 1; i <= 50; i += 1) {
        reporter.report(new Error(`error ${i}`));
        await vi.advanceTimersByTimeAsync(gapMs);
      }
      await vi.advanceTimersByTimeAsync(1000);
      expect(send).toHaveBeenCalledTimes(sends);
      for (const [batch] of send.mock.calls) expect(batch.length).toBeLessThanOrEqual(10);
      expect(send.mock.calls.reduce((n, [batch]) => n + batch.length, 0)).toBe(events);
    },
  );

  it('truncates stacks at 5000 characters', async () => {
    const { reporter, send } = setup();
    const error = new Error('deep');
    error.stack = 'x'.repeat(12_000);
    reporter.report(error);
    await reporter.flush();
    expect(send.mock.calls[0]?.[0][0]?.stack).toHaveLength(5000);
  });

  it('sends at once on flush', async () => {
    const { reporter, send } = setup();
    reporter.report(new Error('now'), { widget: 'cart-pill' });
    await reporter.flush();
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]?.[0][0]).toMatchObject({
      name: 'Error',
      message: 'now',
      timestamp: 1_700_000_000_000,
      context: { widget: 'cart-pill' },
    });
    await vi.advanceTimersByTimeAsync(2000);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it.each<[string, unknown, string]>([
    ['a string', 'plain text', 'plain text'],
    ['null', null, ''],
    ['a number', 42, '42'],
    ['an object with a message', { message: 'shaped' }, 'shaped'],
    [
      'an object whose getters throw',
      Object.defineProperty({}, 'message', {
        get() {
          throw new Error('hostile');
        },
      }),
      '',
    ],
  ])('accepts %s as the error', async (_name, thrown, message) => {
    const { reporter, send } = setup();
    expect(() => reporter.report(thrown)).not.toThrow();
    await reporter.flush();
    expect(send.mock.calls[0]?.[0][0]?.message).toBe(message);
  });

  it('never throws or rejects when sending fails', async () => {
    const send = vi.fn(async () => {
      throw new Error('offline');
    });
    const { reporter } = setup(send);
    reporter.report(new Error('x'));
    await expect(reporter.flush()).resolves.toBeUndefined();
  });

  it('starts a fresh queue after each send', async () => {
    const { reporter, send } = setup();
    reporter.report(new Error('first'));
    await vi.advanceTimersByTimeAsync(1000);
    reporter.report(new Error('second'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(send.mock.calls.map((call) => call[0].map((e) => e.message))).toEqual([['first'], ['second']]);
  });
});

describe('the page-wide reporter', () => {
  it('posts batches to RecordJavascriptErrors with the crumb', async () => {
    const { getErrorReporter } = await import('../../../src/page/reporter.js');
    const seen: Request[] = [];
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: Request) => {
        seen.push(input);
        bodies.push(await input.json());
        return new Response(null, { status: 204 });
      }),
    );
    document.cookie = 'crumb=page-crumb';
    try {
      expect(getErrorReporter()).toBe(getErrorReporter());
      getErrorReporter().report(new Error('from the page'));
      await getErrorReporter().flush();
      expect(seen).toHaveLength(1);
      expect(new URL(seen[0]?.url ?? '').pathname).toBe('/api/events/RecordJavascriptErrors');
      expect(seen[0]?.headers.get('X-CSRF-Token')).toBe('page-crumb');
      expect(bodies[0]).toMatchObject([{ message: 'from the page' }]);
    } finally {
      vi.unstubAllGlobals();
      document.cookie = 'crumb=; max-age=0';
    }
  });
});
