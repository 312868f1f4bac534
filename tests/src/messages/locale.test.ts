import { afterEach, describe, expect, it, vi } from 'vitest';
import { catalogueLanguage } from '../../../src/messages/locale.js';
import { loadTranslations } from '../../../src/messages/catalogues.js';
import { cartPageMessages } from '../../../widgets/cart-page/messages.js';
import { createCartPillMessages } from '../../../widgets/cart-pill/messages.js';
import { productFormMessages } from '../../../widgets/product-form/messages.js';
import { uiMessages } from '../../../src/react/ui/messages.js';
import { accountMessages } from '../../../widgets/account/messages.js';
import { instalmentPillMessages } from '../../../widgets/instalment-pill/messages.js';
import { missingOptionsMessage } from '../../../src/commerce/add-checks.js';
import { ADD_MESSAGES } from '../../../src/messages/add.js';
import { createMessages, withWholeCatalogue } from '../../../src/messages/format.js';

afterEach(() => loadTranslations('en-US'));

describe('catalogueLanguage', () => {
  it.each([
    ['fr', 'fr'],
    ['fr-CA', 'fr'],
    ['fr-FR', 'fr'],
    ['FR_ca', 'fr'],
    ['en-US', 'en'],
    ['fry', 'en'],
    ['de-DE', 'de'],
    ['de_AT', 'de'],
    ['es-MX', 'es'],
    ['it-IT', 'it'],
    ['nl-BE', 'nl'],
    ['pt-BR', 'pt-BR'],
    ['pt-PT', 'pt-BR'],
    ['ja-JP', 'ja'],
    ['JA', 'ja'],
    ['jam', 'en'],
    ['sv-SE', 'en'],
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
});

describe('the other catalogues', () => {
  it.each([
    { locale: 'de-DE', add: 'In den Warenkorb', title: 'Warenkorb', close: 'Schließen' },
    { locale: 'es-ES', add: 'Añadir al carrito', title: 'Carrito', close: 'Cerrar' },
    { locale: 'it-IT', add: 'Aggiungi al carrello', title: 'Carrello', close: 'Chiudi' },
    { locale: 'nl-NL', add: 'In winkelwagen', title: 'Winkelwagen', close: 'Sluiten' },
    { locale: 'pt-BR', add: 'Adicionar ao carrinho', title: 'Carrinho', close: 'Fechar' },
    { locale: 'pt-PT', add: 'Adicionar ao carrinho', title: 'Carrinho', close: 'Fechar' },
    { locale: 'ja-JP', add: 'カートに追加', title: 'ショッピングカート', close: '閉じる' },
  ])('a $locale site reads its own', async ({ locale, add, title, close }) => {
    await loadTranslations(locale);
    expect(productFormMessages().t('addToCart')).toBe(add);
    expect(cartPageMessages().t('title')).toBe(title);
    expect(uiMessages().t('close')).toBe(close);
  });

  it("fills placeholders in the language's own word order, page strings still winning", async () => {
    await loadTranslations('ja-JP');
    expect(cartPageMessages().t('removeItem', { title: 'マグカップ' })).toBe('マグカップを削除');
    expect(instalmentPillMessages().t('instalmentOver', { amount: '$20.00' })).toBe(
      '$20.00を超えるご注文でご利用いただけます',
    );
    expect(productFormMessages({ productAddToCartText: 'かごに入れる' }).t('addToCart')).toBe('かごに入れる');
  });
});

/** The add checks' texts in the language loaded last (the rules' own default is made once a page). */
const addMessages = () => createMessages(null, ADD_MESSAGES);

describe('a product page', () => {
  it('mounts with the first part of its catalogue and gets the rest right after', async () => {
    await loadTranslations('de-DE', false);
    expect(productFormMessages().t('addToCart')).toBe('In den Warenkorb');
    await vi.waitFor(() => expect(cartPageMessages().t('title')).toBe('Warenkorb'));
  });

  it('reads the second part through a lookup made before it arrived', async () => {
    await loadTranslations('de-DE', false);
    const made = productFormMessages();
    await withWholeCatalogue(Promise.resolve());
    expect(made.t('adding')).toBe('Wird hinzugefügt…');
    expect(made.t('reviewsCount', { count: 2 })).toBe('Bewertungen (2)');
  });

  it("tells the instalment pill, which mounts later, when the rest with the pill's texts is in", async () => {
    await loadTranslations('de-DE', false);
    await withWholeCatalogue(Promise.resolve());
    expect(instalmentPillMessages().t('instalmentOver', { amount: '20,00 $' })).toBe(
      'Verfügbar für Bestellungen über 20,00 $',
    );
  });
});

describe('option names', () => {
  it('are shown in the page language where a catalogue names them, else as the merchant wrote them', async () => {
    await loadTranslations('de-DE');
    expect(missingOptionsMessage(['Size'], addMessages())).toBe('Bitte wählen Sie die Option Größe aus.');
    expect(missingOptionsMessage(['Size', 'Color'], addMessages())).toBe(
      'Bitte wählen Sie die Optionen Größe und Farbe aus.',
    );
    expect(missingOptionsMessage(['Kragenform'], addMessages())).toBe(
      'Bitte wählen Sie die Option Kragenform aus.',
    );
    await loadTranslations('fr-CA');
    expect(missingOptionsMessage(['Roast'], addMessages())).toBe('Veuillez choisir l’option Torréfaction.');
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
