/**
 * A page's state is its own: two pages in one process (two windows here) each get their own
 * runtime, language, signed-in user, analytics hand-over and flags, and every runtime built on one
 * page carries that page's state.
 */
import { Window } from 'happy-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsEvent } from '../../../src/page/analytics.js';
import { connectPlatform, track } from '../../../src/page/analytics.js';
import { createPageRuntime, getPageRuntime } from '../../../src/page/create-runtime.js';
import { createMessages, setTranslations } from '../../../src/messages/format.js';
import { loginId, pageState, setLoginId } from '../../../src/page/page-state.js';
import { flags } from '../../../src/page/page-flags.js';

/** A page of its own window, with `context` as its `#sf-context` script. */
function newPage(context: object): Document {
  const doc = new Window({ url: 'https://shop.test/' }).document as unknown as Document;
  const script = doc.createElement('script');
  script.type = 'application/json';
  script.id = 'sf-context';
  script.textContent = JSON.stringify(context);
  doc.head.append(script);
  return doc;
}

/** Runs `fn` with `doc` as the current page, as code in that page's window sees it. */
function onPage<T>(doc: Document, fn: () => T): T {
  vi.stubGlobal('document', doc);
  try {
    return fn();
  } finally {
    vi.unstubAllGlobals();
  }
}

const CATALOGUE = { addToCart: 'Add to cart' } as const;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('two pages in one process', () => {
  const french = newPage({ locale: 'fr-FR', features: { giftWrap: true } });
  const german = newPage({ locale: 'de-DE' });

  it('each have a runtime of their own, from their own context', () => {
    const a = onPage(french, getPageRuntime);
    const b = onPage(german, getPageRuntime);
    expect(a.context.locale).toBe('fr-FR');
    expect(b.context.locale).toBe('de-DE');
    expect(b.store).not.toBe(a.store);
    expect(b.state).not.toBe(a.state);
    // Asked again, each page answers with the runtime it built.
    expect(onPage(french, getPageRuntime)).toBe(a);
  });

  it('each read their own language', () => {
    onPage(french, () => setTranslations({ 'Add to cart': 'Ajouter au panier' }));
    expect(onPage(french, () => createMessages(null, CATALOGUE).t('addToCart'))).toBe('Ajouter au panier');
    expect(onPage(german, () => createMessages(null, CATALOGUE).t('addToCart'))).toBe('Add to cart');
  });

  it('each know their own signed-in user', () => {
    onPage(french, () => setLoginId('user-1'));
    expect(onPage(french, loginId)).toBe('user-1');
    expect(onPage(german, loginId)).toBeNull();
  });

  it('each hand their own tracked events to their own platform layer', () => {
    const event: AnalyticsEvent = { type: 'account-created' };
    onPage(french, () => track(event));
    const seenByFrench: AnalyticsEvent[] = [];
    const seenByGerman: AnalyticsEvent[] = [];
    onPage(german, () => connectPlatform((e) => void seenByGerman.push(e)));
    onPage(french, () => connectPlatform((e) => void seenByFrench.push(e)));
    expect(seenByFrench).toEqual([event]);
    expect(seenByGerman).toEqual([]);
  });

  it('each read their own flags', () => {
    expect(onPage(french, () => flags().toggle('giftWrap').value)).toBe(true);
    expect(onPage(german, () => flags().toggle('giftWrap', false).value)).toBe(false);
  });
});

describe('a page state', () => {
  it('is shared by every runtime built on the page, whichever door built it', () => {
    const page = newPage({ locale: 'it-IT' });
    const own = onPage(page, getPageRuntime);
    const provided = onPage(page, () => createPageRuntime({ context: { locale: 'it-IT' } }));
    expect(provided.store).not.toBe(own.store);
    expect(provided.state).toBe(own.state);
    expect(own.state).toBe(pageState(page));
  });

  it("is the global object's where there is no document, as on a server", () => {
    const server = onPage(undefined as unknown as Document, () => pageState());
    expect(server).toBe(pageState(globalThis));
    expect(server).not.toBe(pageState(document));
  });
});
