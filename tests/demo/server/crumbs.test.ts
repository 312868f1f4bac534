// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { createAttemptCounter } from '../../../demo/server/attempts';
import { createCrumbKeeper } from '../../../demo/server/crumbs';
import { openDatabase, type Db } from '../../../demo/server/db';

const DAY_MS = 24 * 60 * 60 * 1000;
let db: Db | undefined;
afterEach(() => db?.close());

describe('signed crumbs', () => {
  it('are 43 url-safe characters, valid for 390 days and no longer', () => {
    db = openDatabase(':memory:');
    let now = Date.UTC(2026, 0, 1);
    const keeper = createCrumbKeeper(db, () => now);
    const crumb = keeper.issue();
    expect(crumb).toMatch(/^[\w-]{43}$/);
    now += 389 * DAY_MS;
    expect(keeper.isValid(crumb)).toBe(true);
    now += 2 * DAY_MS;
    expect(keeper.isValid(crumb)).toBe(false);
  });

  it('refuse a crumb with one character changed, and a revoked one', () => {
    db = openDatabase(':memory:');
    const keeper = createCrumbKeeper(db);
    const crumb = keeper.issue();
    // Inside the signed part and inside the MAC.
    for (const at of [10, 30]) {
      const other = crumb[at] === 'A' ? 'B' : 'A';
      expect(keeper.isValid(`${crumb.slice(0, at)}${other}${crumb.slice(at + 1)}`)).toBe(false);
    }
    keeper.revoke(crumb);
    expect(keeper.isValid(crumb)).toBe(false);
    expect(keeper.isValid(keeper.issue())).toBe(true);
  });

  it('stay valid across a restart of the same database', () => {
    db = openDatabase(':memory:');
    const crumb = createCrumbKeeper(db).issue();
    expect(createCrumbKeeper(db).isValid(crumb)).toBe(true);
  });
});

describe('attempt counting', () => {
  it('refuses past the limit with the seconds left, and starts over after the window', () => {
    let now = 0;
    const counter = createAttemptCounter({ max: 2, timeWindowMs: 60_000 }, 100, () => now);
    counter.add('a');
    counter.add('a');
    now = 15_000;
    expect(counter.check('a')).toEqual({ ok: false, retryAfterS: 45 });
    expect(counter.check('b')).toEqual({ ok: true });
    now = 60_000;
    expect(counter.check('a')).toEqual({ ok: true });
  });

  it('takes back one attempt counted in the current window, never below none', () => {
    const counter = createAttemptCounter({ max: 2, timeWindowMs: 60_000 }, 100, () => 0);
    counter.add('a');
    counter.add('a');
    expect(counter.check('a').ok).toBe(false);
    counter.undo('a');
    expect(counter.check('a')).toEqual({ ok: true });
    counter.undo('a');
    counter.undo('a');
    counter.add('a');
    expect(counter.check('a')).toEqual({ ok: true });
  });

  it('forgets the oldest keys past its size', () => {
    const counter = createAttemptCounter({ max: 1, timeWindowMs: 60_000 }, 2);
    counter.add('a');
    counter.add('b');
    counter.add('c');
    expect(counter.check('a')).toEqual({ ok: true });
    expect(counter.check('c')).toEqual({ ok: false, retryAfterS: 60 });
  });
});
