import { afterEach, describe, expect, it } from 'vitest';
import { FR } from '../../../src/messages/fr.js';
import { catalogueLanguage, loadTranslations } from '../../../src/messages/locale.js';
import { cartPageMessages } from '../../../widgets/cart-page/messages.js';
import { createCartPillMessages } from '../../../widgets/cart-pill/messages.js';
import { productFormMessages } from '../../../widgets/product-form/messages.js';
import { uiMessages } from '../../../src/react/ui/messages.js';
import { accountMessages } from '../../../widgets/account/messages.js';

afterEach(() => loadTranslations('en-US'));

describe('catalogueLanguage', () => {
  it.each([
    ['fr', 'fr'],
    ['fr-CA', 'fr'],
    ['fr-FR', 'fr'],
    ['FR_ca', 'fr'],
    ['en-US', 'en'],
    ['fry', 'en'],
    ['de-DE', 'en'],
    ['', 'en'],
  ] as const)('%s reads the %s catalogue', (locale, language) => {
    expect(catalogueLanguage(locale)).toBe(language);
  });
});

describe('French catalogue', () => {
  it('turns every catalogue French for a fr-CA site, with page strings still winning', async () => {
    await loadTranslations('fr-CA');
    expect(cartPageMessages().t('title')).toBe('Panier');
    expect(cartPageMessages().t('removeItem', { title: 'Tasse' })).toBe('Retirer Tasse');
    expect(createCartPillMessages().t('spokenMany', { count: 2 })).toBe('2 articles dans le panier');
    expect(cartPageMessages({ title: 'Mon sac' }).t('title')).toBe('Mon sac');
    expect(cartPageMessages({ title: 'Mon sac' }).t('checkout')).toBe('Passer à la caisse');
    expect(productFormMessages().t('addToCart')).toBe('Ajouter au panier');
    expect(uiMessages().t('close')).toBe('Fermer');
    expect(uiMessages({ close: 'Quitter' }).t('close')).toBe('Quitter');
    expect(accountMessages().t('signedInAs', { email: 'a@b.fr' })).toBe('Connecté en tant que a@b.fr');
    expect(accountMessages().t('signInFailedTitle')).toBe('Impossible de se connecter');
  });

  it('goes back to English for an English site', async () => {
    await loadTranslations('fr-FR');
    await loadTranslations('en-US');
    expect(cartPageMessages().t('title')).toBe('Shopping Cart');
  });

  it('keeps every placeholder of the English text in its French', () => {
    const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    const broken = Object.entries(FR).filter(
      ([en, fr]) => placeholders(en).join() !== placeholders(fr).join(),
    );
    expect(broken).toEqual([]);
  });

  it('has no French for a text that no catalogue holds', async () => {
    const modules = await Promise.all([
      import('../../../src/messages/storefront.js'),
      import('../../../src/messages/cart.js'),
      import('../../../src/messages/product.js'),
      import('../../../src/messages/form.js'),
      import('../../../src/messages/platform.js'),
      import('../../../src/react/ui/messages.js'),
      import('../../../widgets/cart-page/messages.js'),
      import('../../../widgets/cart-pill/messages.js'),
      import('../../../widgets/product-form/messages.js'),
      import('../../../widgets/product-form/reviews.js'),
      import('../../../widgets/instalment-pill/messages.js'),
      import('../../../widgets/restock-form/messages.js'),
      import('../../../widgets/restock-admin/messages.js'),
      import('../../../widgets/site-form/messages.js'),
      import('../../../widgets/account/messages.js'),
      import('../../../widgets/product-form/quick-view-messages.js'),
    ]);
    const english = new Set<string>();
    const walk = (v: unknown): void => {
      if (typeof v === 'string') english.add(v);
      else if (v && typeof v === 'object') for (const x of Object.values(v)) walk(x);
    };
    for (const m of modules) for (const v of Object.values(m)) if (typeof v === 'object') walk(v);
    expect(Object.keys(FR).filter((en) => !english.has(en))).toEqual([]);
  });
});

describe('api failures in French', () => {
  it('says the catalogued failure texts in the page language', async () => {
    const { networkError, mapCartError } = await import('../../../src/api/errors.js');
    await loadTranslations('fr-CA');
    expect(networkError().message).toBe('Veuillez vérifier votre connexion Internet');
    expect(mapCartError({ status: 429, body: undefined, cookiesEnabled: true }).message).toBe(
      'Veuillez réessayer dans quelques secondes.',
    );
    await loadTranslations('en-US');
    expect(networkError().message).toBe('Please check your internet connection');
  });
});
