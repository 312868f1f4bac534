import { describe, expect, it } from 'vitest';
import { PROPS_ATTR, WIDGET_ATTR } from '../../../src/contract';
import { render } from '../../../src/template/index';

/** The props JSON of the first block `name` in `html`, read back as a browser would. */
function propsOf(html: string, name: string): unknown {
  const document = new DOMParser().parseFromString(html, 'text/html');
  const block = document.querySelector(`[${WIDGET_ATTR}="${name}"]`);
  if (!block) throw new Error(`no ${name} block in ${html}`);
  const raw = block.getAttribute(PROPS_ATTR);
  return raw === null ? null : (JSON.parse(raw) as unknown);
}

const item = {
  id: 'tee',
  title: 'Tee',
  structuredContent: {
    productType: 1,
    variants: [{ id: 'v1', sku: 'T1', priceMoney: { value: '25.00', currency: 'USD' }, qtyInStock: 2 }],
  },
};
const instalments = {
  afterPayAvailable: true,
  afterPayMin: { value: '20.00', currency: 'USD' },
  afterPayMax: { value: '28.00', currency: 'USD' },
  shopperLanguage: 'en-US',
  stripeAccountCountry: 'US',
};

describe('sf-block for the instalment pill, site form and restock admin', () => {
  it('emits an instalment-pill block with the item and the instalment context as props', () => {
    const { output, errors } = render('{pill|sf-block instalment-pill}', { pill: { item, instalments } });
    expect(errors).toEqual([]);
    expect(propsOf(output, 'instalment-pill')).toEqual({ item, instalments });
  });

  it('refuses an instalment-pill value without an item or a context, with an error and no block', () => {
    const { output, errors } = render('{pill|sf-block instalment-pill}', { pill: { item } });
    expect(output).toBe('');
    expect(errors.map((e) => e.message)).toEqual([
      expect.stringContaining('instalment-pill needs { item, instalments }'),
    ]);
  });

  it('emits a site-form block and escapes hostile text inside its props', () => {
    const form = { formId: 'form-contact', page: { id: '"><script>x</script>', contentSource: 'c' } };
    const { output, errors } = render('{form|sf-block site-form}', { form });
    expect(errors).toEqual([]);
    expect(output).not.toContain('<script>');
    expect(propsOf(output, 'site-form')).toEqual(form);
  });

  it('refuses a site-form value without a formId', () => {
    const { output, errors } = render('{form|sf-block site-form}', { form: { page: {} } });
    expect(output).toBe('');
    expect(errors.map((e) => e.message)).toEqual([expect.stringContaining('site-form needs { formId }')]);
  });

  it('emits a restock-admin block without props, or with the strings given', () => {
    expect(render('{@|sf-block restock-admin}', 'x').output).toBe(
      `<div ${WIDGET_ATTR}="restock-admin"></div>`,
    );
    const strings = { sendAll: 'Tout envoyer' };
    expect(propsOf(render('{s|sf-block restock-admin}', { s: { strings } }).output, 'restock-admin')).toEqual(
      {
        strings,
      },
    );
  });

  it('makes a product card a Quick View button with no add-to-cart fallback', () => {
    const { output } = render('{.repeated section cards}{item|sf-block product-form}{.end}', {
      cards: [{ item, quickView: true }],
    });
    expect(propsOf(output, 'product-form')).toMatchObject({ item, quickView: true });
    expect(output).not.toContain('Add To Cart');
    const page = render('{item|sf-block product-form}', { item }).output;
    expect(page).toContain('Add To Cart');
    expect(propsOf(page, 'product-form')).not.toHaveProperty('quickView');
  });

  it("passes a page's reviews and express checkout to the product form", () => {
    const reviews = { native: [{ author: 'Ann', rating: 5, body: 'Soft.' }], imported: [] };
    const { output } = render('{item|sf-block product-form}', { item, reviews, expressCheckout: true });
    expect(propsOf(output, 'product-form')).toMatchObject({ item, reviews, expressCheckout: true });
  });
});
