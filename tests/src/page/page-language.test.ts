import { afterEach, describe, expect, it } from 'vitest';
import { loadTranslations } from '../../../src/messages/locale.js';
import { firstPartOnly, loadPageLanguage, productPageOnly } from '../../../src/page/page-language.js';
import { cartPageMessages } from '../../../widgets/cart-page/messages.js';

afterEach(async () => {
  document.body.innerHTML = '';
  await loadTranslations('en-US');
});

const blocks = (...widgets: string[]) => {
  document.body.innerHTML = widgets.map((w) => `<div data-sf-widget="${w}"></div>`).join('');
};

describe('which part of a catalogue a page waits for', () => {
  it.each([
    [['product-form', 'instalment-pill', 'cart-pill'], true],
    [['cart-pill'], true],
    [['product-form', 'restock-form', 'cart-pill'], false],
    [['cart-page', 'cart-pill'], false],
    [['site-form'], false],
  ])('blocks %j: product page only is %s', (widgets, only) => {
    blocks(...widgets);
    expect(productPageOnly()).toBe(only);
    // A server naming the page's files asks the same of the names it placed.
    expect(firstPartOnly(widgets)).toBe(only);
  });

  it('a cart page mounts with the whole catalogue in place', async () => {
    blocks('cart-page', 'cart-pill');
    await loadPageLanguage('it-IT');
    expect(cartPageMessages().t('empty')).toBe('Il carrello è vuoto.');
  });
});
