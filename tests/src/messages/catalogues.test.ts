/// <reference types="vite/client" />
/**
 * Every translated catalogue against the English texts: complete (no English text missing, none
 * that no catalogue holds), the same placeholders, typographic apostrophes. The English set is
 * read from the catalogue modules themselves (every `*_MESSAGES` export), so a text added to a
 * widget's catalogue fails here until each language has it.
 */
import { describe, expect, it } from 'vitest';
import { OPTION_NAME_MESSAGES } from '../../../src/messages/option-names.js';
import { CART_PILL_MESSAGES } from '../../../widgets/cart-pill/messages.js';
import { INSTALMENT_PILL_MESSAGES } from '../../../widgets/instalment-pill/messages.js';
import { PRODUCT_FORM_MESSAGES } from '../../../widgets/product-form/messages.js';

const CATALOGUE_MODULES = {
  ...import.meta.glob('../../../src/messages/*.ts', { eager: true }),
  ...import.meta.glob('../../../src/react/ui/messages.ts', { eager: true }),
  ...import.meta.glob('../../../widgets/*/messages.ts', { eager: true }),
  ...import.meta.glob('../../../widgets/*/*-messages.ts', { eager: true }),
  ...import.meta.glob('../../../widgets/product-form/reviews.tsx', { eager: true }),
} as Record<string, Record<string, unknown>>;

/** Every English text a catalogue holds. */
const english = new Set<string>();
for (const module of Object.values(CATALOGUE_MODULES)) {
  for (const [name, table] of Object.entries(module)) {
    if (!name.endsWith('_MESSAGES') || typeof table !== 'object' || table === null) continue;
    for (const text of Object.values(table)) if (typeof text === 'string') english.add(text);
  }
}

/** The providers' brand names stay as they are in every language. */
const BRAND_NAMES = new Set(['Afterpay', 'Clearpay']);

/** A text with no letter outside its placeholders (`{min} – {max}`, `★`) reads the same everywhere. */
const languageNeutral = (text: string): boolean =>
  BRAND_NAMES.has(text) || !/\p{L}/u.test(text.replace(/\{\w+\}/g, ''));

const placeholders = (text: string): string[] =>
  [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '').sort();

type Table = Readonly<Record<string, string>>;
const LANGUAGES = ['fr', 'de', 'es', 'it', 'nl', 'pt-BR', 'ja'] as const;

/** Each language's two parts (src/messages/locale.ts): the product page's and the rest. */
const CATALOGUES = await Promise.all(
  LANGUAGES.map(async (language) => {
    const first = ((await import(`../../../src/messages/languages/${language}.json`)) as { default: Table })
      .default;
    const rest = ((await import(`../../../src/messages/languages/${language}-more.json`)) as { default: Table })
      .default;
    return { language, first, rest, table: { ...first, ...rest } as Table };
  }),
);

/**
 * The product form's texts shown only once the shopper presses its button, or by code it loads
 * later (a card's Quick View button, the reviews toggle): in the second part, which is fetched as
 * soon as the first arrives and which that code waits for.
 */
const AFTER_AN_ACTION: readonly string[] = [
  PRODUCT_FORM_MESSAGES.quickView,
  PRODUCT_FORM_MESSAGES.close,
  PRODUCT_FORM_MESSAGES.reviewsCount,
  PRODUCT_FORM_MESSAGES.adding,
  PRODUCT_FORM_MESSAGES.added,
  PRODUCT_FORM_MESSAGES.unableToAddItem,
  PRODUCT_FORM_MESSAGES.unableToPurchaseItem,
  PRODUCT_FORM_MESSAGES.unableToPurchaseGiftCard,
  PRODUCT_FORM_MESSAGES.checkConnection,
];

/**
 * What the product page's widgets show as they mount: the first part of every catalogue. The
 * instalment pill mounts when the page is idle, once the whole catalogue is in.
 */
const PRODUCT_PAGE_TEXTS = [PRODUCT_FORM_MESSAGES, CART_PILL_MESSAGES, OPTION_NAME_MESSAGES]
  .flatMap((catalogue) => Object.values(catalogue) as string[])
  .filter((text) => !AFTER_AN_ACTION.includes(text));

describe('the English texts', () => {
  it('are read from the catalogues, the spec texts and the option names among them', () => {
    expect(english.size).toBeGreaterThan(250);
    for (const text of ['Add To Cart', 'Unable to Add Item', 'Available for orders over {amount}', 'Size'])
      expect(english).toContain(text);
  });
});

describe.each(CATALOGUES)('the $language catalogue', ({ table, first, rest }) => {
  it('holds in its first part every text a product page shows as it mounts, and only those', () => {
    const wanted = PRODUCT_PAGE_TEXTS.filter((text) => !languageNeutral(text));
    expect(wanted.filter((text) => !Object.hasOwn(first, text))).toEqual([]);
    expect(Object.keys(first).filter((text) => !PRODUCT_PAGE_TEXTS.includes(text))).toEqual([]);
    expect(Object.keys(rest).filter((text) => Object.hasOwn(first, text))).toEqual([]);
  });

  it("holds the product form's later texts in its second part", () => {
    expect(AFTER_AN_ACTION.filter((text) => !Object.hasOwn(rest, text))).toEqual([]);
  });

  it("holds the instalment pill's texts in its second part, which the pill waits for", () => {
    const pill = (Object.values(INSTALMENT_PILL_MESSAGES) as string[]).filter(
      (text) => !languageNeutral(text) && !PRODUCT_PAGE_TEXTS.includes(text),
    );
    expect(pill.length).toBeGreaterThan(3);
    expect(pill.filter((text) => !Object.hasOwn(rest, text))).toEqual([]);
  });

  it('translates every English text', () => {
    const missing = [...english].filter((text) => !languageNeutral(text) && !Object.hasOwn(table, text));
    expect(missing).toEqual([]);
  });

  it('holds no text that no catalogue has', () => {
    expect(Object.keys(table).filter((text) => !english.has(text))).toEqual([]);
  });

  it('keeps the placeholders of every English text', () => {
    const differing = Object.entries(table).filter(
      ([text, translated]) => placeholders(text).join() !== placeholders(translated).join(),
    );
    expect(differing).toEqual([]);
  });

  it('writes apostrophes as ’, never as a straight quote', () => {
    expect(Object.values(table).filter((translated) => translated.includes("'"))).toEqual([]);
  });

  it('leaves no text empty', () => {
    expect(Object.entries(table).filter(([, translated]) => translated.trim() === '')).toEqual([]);
  });
});
