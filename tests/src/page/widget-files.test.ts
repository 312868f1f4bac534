import { describe, expect, it } from 'vitest';
import { codeFile, styleFile } from '../../../src/page/widget-files.js';

const homes = { 'cart-pill': 'runtime', 'instalment-pill': 'product-form' };
const styled = ['cart-pill', 'instalment-pill', 'product-form', 'site-form'];

describe('the files a widget comes in', () => {
  it("takes a carried widget's code from its home's file, any other's from its own", () => {
    expect(codeFile('cart-pill', homes)).toBe('runtime.js');
    expect(codeFile('instalment-pill', homes)).toBe('product-form.js');
    expect(codeFile('site-form', homes)).toBe('site-form.js');
    expect(codeFile('site-form', undefined)).toBe('site-form.js');
  });

  it("styles a widget by its home's stylesheet only where the home is a styled widget", () => {
    expect(styleFile('instalment-pill', homes, styled)).toBe('product-form.css');
    expect(styleFile('product-form', homes, styled)).toBe('product-form.css');
    // The runtime is no widget and has no stylesheet: the cart pill keeps its own.
    expect(styleFile('cart-pill', homes, styled)).toBe('cart-pill.css');
    expect(styleFile('site-form', homes, styled)).toBe('site-form.css');
    // Without homes (a build that carries no widget in another's file) each keeps its own.
    expect(styleFile('instalment-pill', undefined, styled)).toBe('instalment-pill.css');
  });
});
