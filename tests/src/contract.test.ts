import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as contract from '../../src/contract';

// The page contract is a promise to every site that pasted our markup: these values only change
// with a major version.
describe('the page contract', () => {
  it('exports exactly these names', () => {
    expect(Object.keys(contract).sort()).toEqual(
      [
        'ACCOUNT_EVENTS',
        'CART_PAGE_ROOT_ID',
        'CART_PATH',
        'CART_SYNC_CHANNEL',
        'CONTEXT_SCRIPT_ID',
        'COOKIES',
        'CSRF_HEADER',
        'DEFERRED_ATTR',
        'DESIGN_FRAME_MESSAGE_TYPE',
        'EVENTS',
        'GLOBAL_NAME',
        'INSTALMENT_CONTEXT_KEYS',
        'MESSAGES_SCRIPT_ID',
        'MOUNTED_ATTR',
        'PATHS',
        'PRODUCT_BLOCK_ATTR',
        'PROPS_ATTR',
        'READY_ATTR',
        'RESTOCK_FORM_PROPS_KEYS',
        'SITE_FORM_PAGE_KEYS',
        'SITE_FORM_PROPS_KEYS',
        'THEME_MESSAGE_TYPE',
        'THEME_READY_MESSAGE_TYPE',
        'THEME_TOKENS',
        'THEME_VALUE_MAX_LENGTH',
        'VARIANT_IMAGE_ATTR',
        'WIDGET_ATTR',
        'WIDGET_NAMES',
      ].sort(),
    );
  });

  it.each([
    ['CONTEXT_SCRIPT_ID', 'sf-context'],
    ['MESSAGES_SCRIPT_ID', 'sf-messages'],
    ['WIDGET_ATTR', 'data-sf-widget'],
    ['PROPS_ATTR', 'data-sf-props'],
    ['MOUNTED_ATTR', 'data-sf-mounted'],
    ['DEFERRED_ATTR', 'data-sf-deferred'],
    ['READY_ATTR', 'data-sf-ready'],
    ['PRODUCT_BLOCK_ATTR', 'data-sf-product-block'],
    ['VARIANT_IMAGE_ATTR', 'data-sf-variant-image'],
    ['CART_PAGE_ROOT_ID', 'sf-cart-page'],
    ['GLOBAL_NAME', 'Storefront'],
    ['DESIGN_FRAME_MESSAGE_TYPE', 'sf:set-frame-url'],
    ['CSRF_HEADER', 'X-CSRF-Token'],
    ['CART_SYNC_CHANNEL', 'sf-cart'],
  ] as const)('%s is %j', (name, value) => {
    expect(contract[name]).toBe(value);
  });

  it('names the nine widgets', () => {
    expect(contract.WIDGET_NAMES).toEqual([
      'cart-pill',
      'cart-page',
      'product-form',
      'quick-view',
      'instalment-pill',
      'restock-form',
      'site-form',
      'restock-admin',
      'account',
    ]);
  });

  it.each([
    ['cartChange', 'sf:cart-change'],
    ['itemAdded', 'sf:item-added'],
    ['error', 'sf:error'],
    ['variantChange', 'sf:variant-change'],
    ['pixel', 'sf:pixel'],
  ] as const)('event %s is %j', (key, name) => {
    expect(contract.EVENTS[key]).toBe(name);
  });

  it.each([
    ['accountChange', 'sf:account-change'],
    ['restockSent', 'sf:restock-sent'],
  ] as const)('account event %s is %j', (key, name) => {
    expect(contract.ACCOUNT_EVENTS[key]).toBe(name);
  });

  it('names the theme message and the tokens the editor and a site stylesheet set', () => {
    expect(contract.THEME_MESSAGE_TYPE).toBe('sf:set-theme');
    expect(contract.THEME_READY_MESSAGE_TYPE).toBe('sf:theme-ready');
    expect(contract.THEME_VALUE_MAX_LENGTH).toBe(200);
    // The contract's table is the one docs/page-contract.md#theme-tokens documents, row for row.
    const doc = readFileSync(resolve(import.meta.dirname, '../../docs/page-contract.md'), 'utf8');
    const documented = [...doc.matchAll(/^\| `(--sf-theme-[a-z-]+)` +\|/gm)].map((m) => m[1]);
    expect(documented).toHaveLength(20);
    expect(contract.THEME_TOKENS).toEqual(documented);
  });

  it('has exactly five events', () => {
    expect(Object.keys(contract.EVENTS)).toHaveLength(5);
  });

  it.each([
    ['cart', '/cart'],
    ['continueShopping', '/'],
    ['checkout', '/checkout'],
    ['subscription', '/checkout/subscription'],
    ['giftCard', '/checkout/gift-card'],
    ['instalmentInfo', '/instalments'],
  ] as const)('path %s is %j', (key, path) => {
    expect(contract.PATHS[key]).toBe(path);
  });

  it('holds the cart path the start-up code reads on its own', () => {
    expect(contract.CART_PATH).toBe(contract.PATHS.cart);
  });

  it('names the instalment context keys of the instalment pill and cart page props', () => {
    expect(contract.INSTALMENT_CONTEXT_KEYS).toEqual([
      'afterPayAvailable',
      'afterPayMin',
      'afterPayMax',
      'shopperLanguage',
      'stripeAccountCountry',
    ]);
  });

  it('names the site form props: formId, the optional schema and the page it is on', () => {
    expect(contract.SITE_FORM_PROPS_KEYS).toEqual(['formId', 'form', 'page']);
    expect(contract.SITE_FORM_PAGE_KEYS).toEqual(['id', 'contentSource', 'permissionType']);
  });

  it('names the restock form props: productId and the optional variantId', () => {
    expect(contract.RESTOCK_FORM_PROPS_KEYS).toEqual(['productId', 'variantId']);
  });

  it.each([
    ['crumb', 'crumb'],
    ['hasCart', 'hasCart'],
    ['cart', 'CART'],
  ] as const)('cookie %s is named %j', (key, name) => {
    expect(contract.COOKIES[key]).toBe(name);
  });

  it('keeps every attribute and id in the sf namespace', () => {
    for (const name of [
      contract.WIDGET_ATTR,
      contract.PROPS_ATTR,
      contract.MOUNTED_ATTR,
      contract.DEFERRED_ATTR,
      contract.READY_ATTR,
      contract.PRODUCT_BLOCK_ATTR,
      contract.VARIANT_IMAGE_ATTR,
    ])
      expect(name).toMatch(/^data-sf-/);
    for (const id of [contract.CONTEXT_SCRIPT_ID, contract.CART_PAGE_ROOT_ID, contract.CART_SYNC_CHANNEL])
      expect(id).toMatch(/^sf-/);
    for (const event of Object.values(contract.EVENTS)) expect(event).toMatch(/^sf:/);
  });
});
