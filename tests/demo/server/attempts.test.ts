// @vitest-environment node
/**
 * The login throttle's memory: growing delays per key, and a bounded map that a flood of failures
 * on other keys cannot empty of a key that has earned a delay.
 */
import { describe, expect, it } from 'vitest';
import { createFailureThrottle } from '../../../demo/server/attempts';

function throttle(maxKeys: number) {
  let t = 0;
  const clock = {
    advance: (ms: number) => (t += ms),
  };
  const th = createFailureThrottle({
    freeFailures: 5,
    baseDelayMs: 30_000,
    maxDelayMs: 900_000,
    forgetAfterMs: 86_400_000,
    maxKeys,
    now: () => t,
  });
  return { th, clock };
}

describe('failure throttle', () => {
  it('lets five failures pass, then asks 30 s, 60 s, 120 s', () => {
    const { th, clock } = throttle(10);
    const waits = [];
    for (let i = 0; i < 8; i++) {
      const check = th.check('owner\n198.51.100.7');
      waits.push(check.ok ? 0 : check.retryAfterS);
      if (!check.ok) clock.advance(check.retryAfterS * 1000);
      th.fail('owner\n198.51.100.7');
    }
    const check = th.check('owner\n198.51.100.7');
    expect([...waits, check.ok ? 0 : check.retryAfterS]).toEqual([0, 0, 0, 0, 0, 30, 60, 120, 240]);
  });

  it('keeps a hammered key delayed however many other keys fail once', () => {
    const { th } = throttle(100);
    for (let i = 0; i < 6; i++) th.fail('owner\n198.51.100.7');
    for (let i = 0; i < 10_000; i++) th.fail(`user${i}@example.com\n203.0.113.${i % 250}`);
    expect(th.size).toBe(100);
    expect(th.check('owner\n198.51.100.7')).toEqual({ ok: false, retryAfterS: 60 });
  });

  it('evicts the key with the fewest failures first, the oldest of those', () => {
    const { th } = throttle(3);
    for (let i = 0; i < 5; i++) th.fail('a');
    th.fail('b');
    th.fail('c');
    th.fail('c');
    th.fail('d');
    // b (one failure) went; c (two) and a (five, now waiting) stay.
    for (let i = 0; i < 5; i++) th.fail('d');
    expect(th.check('a').ok).toBe(false);
    expect(th.check('d').ok).toBe(false);
    th.fail('b');
    expect(th.check('a').ok).toBe(false);
    expect(th.size).toBe(3);
  });

  it('forgets a key a day after its last failure, and at once when cleared', () => {
    const { th, clock } = throttle(10);
    for (let i = 0; i < 6; i++) th.fail('k');
    expect(th.check('k').ok).toBe(false);
    clock.advance(86_400_000);
    expect(th.check('k')).toEqual({ ok: true });
    for (let i = 0; i < 6; i++) th.fail('k');
    th.clear('k');
    expect(th.check('k')).toEqual({ ok: true });
  });
});
