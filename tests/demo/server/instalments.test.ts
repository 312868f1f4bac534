// @vitest-environment node
/**
 * The instalment texts the server serves (demo/server/instalments.ts) are the locales
 * docs/http-api.md lists: every language it names in every country it names, with the brand it
 * names for that country, and nothing else.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from './visitor';

const DOC = readFileSync(resolve(import.meta.dirname, '../../../docs/http-api.md'), 'utf8');
/** The doc's sentence from "Locales:" to "Any other locale: 404.", on one line. */
const LOCALES = /Locales:([\s\S]*?)Any other locale: 404\./.exec(DOC)?.[1]?.replace(/\s+/g, ' ') ?? '';
const codes = (text: string, pattern: RegExp): string[] => [...text.matchAll(pattern)].map((m) => m[1] ?? '');

let app: FastifyInstance;
beforeAll(async () => {
  app = await startServer();
});
afterAll(async () => {
  await app.close();
});

describe('the instalment locales of docs/http-api.md', () => {
  // "… languages (`en`, `fr`, …) in a country the provider serves: `US`, … (brand `Afterpay`) and
  // `GB` (brand `Clearpay`)."
  const languages = codes(/\(([^)]*)\) in a country/.exec(LOCALES)?.[1] ?? '', /`([a-z]{2})`/g);
  const brands = [...LOCALES.matchAll(/((?:`[A-Z]{2}`,? (?:and )?)+)\(brand `(\w+)`\)/g)].map(
    (m) => [codes(m[1] ?? '', /`([A-Z]{2})`/g), m[2] ?? ''] as const,
  );

  it('are read from the doc', () => {
    expect(languages.length).toBeGreaterThan(1);
    expect(brands.length).toBeGreaterThan(1);
  });

  it('are each served with the brand the doc names for its country', async () => {
    for (const [countries, brand] of brands) {
      for (const country of countries) {
        for (const language of languages) {
          const locale = `${language}-${country}`;
          const res = await app.inject(`/instalments/${locale}.json`);
          expect(res.statusCode, locale).toBe(200);
          expect(res.json(), locale).toMatchObject({ locale, brand });
        }
      }
    }
  });

  it('leave out a language or a country the doc does not name', async () => {
    const countries = brands.flatMap(([list]) => list);
    for (const locale of ['en-FR', 'de-DE', 'zh-US', 'sv-GB']) {
      const [language, country] = locale.split('-') as [string, string];
      expect(languages.includes(language) && countries.includes(country)).toBe(false);
      expect((await app.inject(`/instalments/${locale}.json`)).statusCode, locale).toBe(404);
    }
  });
});
