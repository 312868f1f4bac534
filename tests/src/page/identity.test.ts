import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ANALYTICS_COOKIES,
  RECORDED_ORDER_LIFETIME_MS,
  STORAGE_KEYS,
  analyticsId,
  firstRecordOfOrder,
  resetAnalyticsIdMemory,
  sessionInfo,
  storageGetter,
  visitorIdentity,
  type IdentityEnv,
} from '../../../src/page/identity.js';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 0, 1);

/** A cookie jar that records every write, so lifetimes and removals can be asserted. */
function fakeDoc(initial: Record<string, string> = {}) {
  const jar = new Map(Object.entries(initial));
  const writes: string[] = [];
  let refuse = false;
  const doc = {
    location: { hostname: 'shop.example.com', protocol: 'https:' },
    get cookie() {
      return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    },
    set cookie(line: string) {
      writes.push(line);
      if (refuse) return;
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      if (/Max-Age=0\b/.test(line)) jar.delete(name);
      else jar.set(name, value);
    },
  } as unknown as Document;
  return { doc, jar, writes, refuseWrites: () => (refuse = true) };
}

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  failWrites = false;
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(i: number) {
    return [...this.items.keys()][i] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    if (this.failWrites) throw new Error('QuotaExceededError');
    this.items.set(key, value);
  }
}

function env(doc: Document, overrides: Partial<IdentityEnv> = {}) {
  const local = new MemoryStorage();
  const session = new MemoryStorage();
  const log = vi.fn();
  let n = 0;
  const e: IdentityEnv = {
    doc,
    local: () => local,
    session: () => session,
    now: () => NOW,
    newId: () => `id-${(n += 1)}`,
    log,
    ...overrides,
  };
  return { env: e, local, session, log };
}

const maxAge = (writes: string[], name: string) =>
  Number(/Max-Age=(\d+)/.exec(writes.filter((w) => w.startsWith(`${name}=`)).at(-1) ?? '')?.[1]);

beforeEach(() => resetAnalyticsIdMemory());
afterEach(() => vi.restoreAllMocks());

describe('visitor cookies', () => {
  it('creates a visitor id for 2 years and a visit for 30 minutes', () => {
    const { doc, writes } = fakeDoc();
    const identity = visitorIdentity(env(doc).env, false);
    expect(identity).toEqual({ mode: 'standard', visitorId: 'id-1', visitId: String(NOW) });
    expect(maxAge(writes, 'ss_cvr')).toBe((2 * 365 * DAY) / 1000);
    expect(maxAge(writes, 'ss_cvt')).toBe(30 * 60);
    expect(
      writes.every((w) => w.includes('Path=/') && w.includes('SameSite=Lax') && w.includes('Secure')),
    ).toBe(true);
  });

  it('keeps the ids it finds and renews the visit', () => {
    const { doc, writes } = fakeDoc({ ss_cvr: 'visitor-7', ss_cvt: '123' });
    expect(visitorIdentity(env(doc).env, false)).toEqual({
      mode: 'standard',
      visitorId: 'visitor-7',
      visitId: '123',
    });
    expect(writes.some((w) => w.startsWith('ss_cvt=123;'))).toBe(true);
  });

  it('under a restrictive policy removes all five cookies and sets none', () => {
    const { doc, jar, writes } = fakeDoc({
      ss_cid: 'a',
      ss_cpvisit: 'b',
      ss_cvisit: 'c',
      ss_cvr: 'd',
      ss_cvt: 'e',
      crumb: 'keep',
    });
    const identity = visitorIdentity(env(doc).env, true);
    expect(identity).toEqual({ mode: 'restricted', visitorId: null, visitId: null });
    expect([...jar.keys()]).toEqual(['crumb']);
    expect(writes.every((w) => /Max-Age=0\b/.test(w))).toBe(true);
    // Also on the parent domains a site may have used.
    expect(writes).toContain(
      'ss_cvr=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Domain=example.com',
    );
  });
});

describe('session info', () => {
  it('flags the first landing of the first session and creates a session id cookie', () => {
    const { doc, writes } = fakeDoc();
    const { env: e, local, session } = env(doc);
    expect(sessionInfo(e)).toEqual({ firstLanding: true, firstSession: true, sessionId: 'id-1' });
    expect(session.getItem(STORAGE_KEYS.firstSession)).not.toBeNull();
    expect(local.getItem(STORAGE_KEYS.hasLanded)).toBe('true');
    expect(maxAge(writes, ANALYTICS_COOKIES.sessionId)).toBe((390 * DAY) / 1000);
  });

  it('later pages of that session are the first session but not the first landing', () => {
    const { doc } = fakeDoc();
    const { env: e } = env(doc);
    sessionInfo(e);
    expect(sessionInfo(e)).toMatchObject({ firstLanding: false, firstSession: true, sessionId: 'id-1' });
  });

  it('a new browser session is a landing but no longer the first session', () => {
    const { doc } = fakeDoc();
    const { env: e, session } = env(doc);
    sessionInfo(e);
    session.clear();
    expect(sessionInfo(e)).toMatchObject({ firstLanding: true, firstSession: false });
    expect(sessionInfo(e)).toMatchObject({ firstLanding: false, firstSession: false });
  });

  it('without storage every page counts as a first landing in a first session', () => {
    const { doc } = fakeDoc();
    const { env: e } = env(doc, { local: () => null, session: () => null });
    expect(sessionInfo(e)).toMatchObject({ firstLanding: true, firstSession: true });
  });
});

describe('analytics id', () => {
  it('comes from its cookie first', () => {
    const { doc } = fakeDoc({ sf_aid: 'from-cookie' });
    const { env: e, local } = env(doc);
    local.setItem(STORAGE_KEYS.analyticsId, JSON.stringify({ value: 'from-storage', expires: NOW + DAY }));
    expect(analyticsId(e)).toBe('from-cookie');
  });

  it('then from local storage while unexpired', () => {
    const { doc } = fakeDoc();
    const { env: e, local } = env(doc);
    local.setItem(STORAGE_KEYS.analyticsId, JSON.stringify({ value: 'from-storage', expires: NOW + DAY }));
    expect(analyticsId(e)).toBe('from-storage');
  });

  it('clears an expired copy from local storage and makes a new id', () => {
    const { doc } = fakeDoc();
    const { env: e, local } = env(doc);
    local.setItem(STORAGE_KEYS.analyticsId, JSON.stringify({ value: 'old', expires: NOW - 1 }));
    local.failWrites = true;
    expect(analyticsId(e)).toBe('id-1');
    expect(local.getItem(STORAGE_KEYS.analyticsId)).toBeNull();
  });

  it('then from memory when neither cookie nor storage keeps it', () => {
    const { doc, refuseWrites } = fakeDoc();
    refuseWrites();
    const { env: e } = env(doc, { local: () => null });
    const first = analyticsId(e);
    expect(analyticsId(e)).toBe(first);
  });

  it('is stored for 390 days in the cookie and in local storage', () => {
    const { doc, writes } = fakeDoc();
    const { env: e, local } = env(doc);
    const id = analyticsId(e);
    expect(maxAge(writes, ANALYTICS_COOKIES.analyticsId)).toBe((390 * DAY) / 1000);
    expect(JSON.parse(local.getItem(STORAGE_KEYS.analyticsId)!)).toEqual({
      value: id,
      expires: NOW + 390 * DAY,
    });
  });

  it('logs "Unable to store analyticsId" when a write fails', () => {
    const { doc } = fakeDoc();
    const { env: e, local, log } = env(doc);
    local.failWrites = true;
    analyticsId(e);
    expect(log).toHaveBeenCalledWith('Unable to store analyticsId');
  });
});

describe('storage access', () => {
  it('logs "Unable access local/session storage" once when the browser refuses it', () => {
    const log = vi.fn();
    const win = {
      get localStorage(): Storage {
        throw new DOMException('denied', 'SecurityError');
      },
    } as unknown as Window & typeof globalThis;
    const get = storageGetter('localStorage', log, win);
    expect(get()).toBeNull();
    expect(get()).toBeNull();
    expect(log.mock.calls).toEqual([['Unable access local/session storage']]);
  });

  it('hands out the storage when it is there', () => {
    const storage = new MemoryStorage();
    const win = { sessionStorage: storage } as unknown as Window & typeof globalThis;
    expect(storageGetter('sessionStorage', vi.fn(), win)()).toBe(storage);
  });
});

describe('the recorded orders, session data that expires with its latest order', () => {
  it('remembers an order for its lifetime, then forgets it and removes the record', () => {
    const storage = new Map<string, string>();
    const local = {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => void storage.set(k, v),
      removeItem: (k: string) => void storage.delete(k),
    } as unknown as Storage;
    const start = Date.parse('2026-12-07T12:00:00Z');
    expect(firstRecordOfOrder(local, 'order-1', start)).toBe(true);
    expect(firstRecordOfOrder(local, 'order-1', start + RECORDED_ORDER_LIFETIME_MS - 1)).toBe(false);
    expect(JSON.parse(storage.get(STORAGE_KEYS.recordedOrders) ?? '')).toEqual({
      value: { 'order-1': start + RECORDED_ORDER_LIFETIME_MS },
      expires: start + RECORDED_ORDER_LIFETIME_MS,
    });
    const later = start + RECORDED_ORDER_LIFETIME_MS;
    expect(firstRecordOfOrder(local, 'order-1', later)).toBe(true);
    expect(Object.keys(JSON.parse(storage.get(STORAGE_KEYS.recordedOrders) ?? '').value)).toEqual([
      'order-1',
    ]);
  });
});
