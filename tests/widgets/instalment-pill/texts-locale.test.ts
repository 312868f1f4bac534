import { describe, expect, it } from 'vitest';
import { catalogueLanguage } from '../../../src/messages/locale.js';
import {
  instalmentTextsLocale,
  TRANSLATED_LANGUAGES,
} from '../../../widgets/instalment-pill/texts-locale.js';

describe('the language of the provider texts', () => {
  it.each([
    ['en-US', 'en-US', 'en-US'],
    ['en-US', 'de-DE', 'de-US'],
    ['en-GB', 'ja-JP', 'ja-GB'],
    ['en-US', 'pt-PT', 'pt-US'],
    ['fr-CA', 'en-CA', 'fr-CA'],
    ['en-CA', 'fr-CA', 'fr-CA'],
    ['en-US', 'sv-SE', 'en-US'],
  ])('an %s offer on a %s page reads the %s texts', (offer, page, texts) => {
    expect(instalmentTextsLocale(offer, page)).toBe(texts);
  });

  it('knows the same languages as the catalogues', () => {
    expect(TRANSLATED_LANGUAGES.filter((language) => catalogueLanguage(language) === 'en')).toEqual([]);
    const shipped = ['fr', 'de', 'es', 'it', 'nl', 'pt', 'ja', 'sv', 'zh', 'ko', 'pl', 'ru', 'da'].filter(
      (language) => catalogueLanguage(language) !== 'en',
    );
    expect([...TRANSLATED_LANGUAGES].sort()).toEqual(shipped.sort());
  });
});
