import { describe, expect, it } from 'vitest';
import { PROPS_ATTR, WIDGET_ATTR } from '../../../../src/contract';
import { render } from '../../../../src/template/index';

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

  it('makes a product card a quick-view block, the product form\'s props, no add-to-cart fallback', () => {
    const { output } = render('{.repeated section cards}{item|sf-block product-form}{.end}', {
      cards: [{ item, quickView: true }],
    });
    expect(propsOf(output, 'quick-view')).toMatchObject({ item, quickView: true });
    expect(output).not.toContain(`${WIDGET_ATTR}="product-form"`);
    expect(output).not.toContain('Add To Cart');
    const page = render('{item|sf-block product-form}', { item }).output;
    expect(page).toContain('Add To Cart');
    expect(propsOf(page, 'product-form')).not.toHaveProperty('quickView');
  });

  const block = (html: string, name: string): Element => {
    const found = new DOMParser()
      .parseFromString(html, 'text/html')
      .querySelector(`[${WIDGET_ATTR}="${name}"]`);
    if (!found) throw new Error(`no ${name} block in ${html}`);
    return found;
  };
  const priced = (value: string, productType = 1) => ({
    ...item,
    structuredContent: {
      ...item.structuredContent,
      productType,
      variants: [{ ...item.structuredContent.variants[0], priceMoney: { value, currency: 'USD' } }],
    },
  });

  it.each([
    ['25.00', 'or 4 interest-free payments of $6.25 with'],
    ['28.00', 'or 4 interest-free payments of $7.00 with'],
    ['28.01', 'Available for orders up to $28.00'],
    ['20.00', 'Available for orders over $20.00'],
  ])('server-renders the instalment pill of a $%s product as the widget shows it', (price, text) => {
    const { output, errors } = render('{pill|sf-block instalment-pill}', {
      pill: { item: priced(price), instalments },
    });
    expect(errors).toEqual([]);
    const pill = block(output, 'instalment-pill');
    expect(pill.querySelector('.sf-instalment-pill__text')?.textContent).toBe(text);
    // Without JavaScript the brand leads to the provider's info page for the shopper's locale.
    const link = pill.querySelector('a.sf-instalment-pill__button');
    expect(link?.textContent).toBe('Afterpay');
    expect(link?.getAttribute('href')).toBe('/instalments/en-US.html');
  });

  it.each([
    ['an unavailable provider', { item, instalments: { afterPayAvailable: false } }],
    [
      'a locale the provider does not serve',
      { item, instalments: { ...instalments, shopperLanguage: 'de' } },
    ],
    ['a digital product', { item: priced('25.00', 2), instalments }],
    ['a context that does not read', { item, instalments: { ...instalments, afterPayMin: 'x' } }],
  ])('server-renders no instalment pill for %s', (_label, pill) => {
    expect(
      block(render('{pill|sf-block instalment-pill}', { pill }).output, 'instalment-pill').innerHTML,
    ).toBe('');
  });

  it('server-renders the product form as its widget first shows it, controls disabled and escaped', () => {
    const tee = {
      ...item,
      structuredContent: {
        productType: 1,
        variants: [
          {
            id: 'v1',
            attributes: { Size: 'S', '<b>': '"x"' },
            priceMoney: { value: '19.50', currency: 'USD' },
            qtyInStock: 2,
          },
          {
            id: 'v2',
            attributes: { Size: 'M', '<b>': 'y' },
            priceMoney: { value: '27.00', currency: 'USD' },
            qtyInStock: 0,
          },
        ],
      },
    };
    const { output, errors } = render('{item|sf-block product-form}', { item: tee });
    expect(errors).toEqual([]);
    expect(output).not.toContain('<b>');
    const form = block(output, 'product-form').querySelector('.sf-product-form')!;
    expect(form.querySelector('.sf-product-form__price')?.textContent).toBe('$19.50 – $27.00');
    const selects = [...form.querySelectorAll('.sf-product-form__option select')];
    expect(selects.map((s) => s.getAttribute('aria-label'))).toEqual(['Size', '<b>']);
    expect(selects.map((s) => [...s.querySelectorAll('option')].map((o) => o.textContent))).toEqual([
      ['Select Size', 'S', 'M'],
      ['Select <b>', '"x"', 'y'],
    ]);
    expect(form.querySelector('.sf-product-form__quantity input')?.getAttribute('value')).toBe('1');
    expect(form.querySelector('button')?.textContent).toBe('Add To Cart');
    expect([...form.querySelectorAll('select, input, button')].every((c) => c.hasAttribute('disabled'))).toBe(
      true,
    );
  });

  it("server-renders a gift card's denomination select on Select Value, as the widget shows it", () => {
    const card = {
      ...item,
      structuredContent: {
        productType: 4,
        variants: ['25.00', '50.00'].map((value, i) => ({
          id: `gc${i}`,
          attributes: { Amount: `$${value}` },
          priceMoney: { value, currency: 'USD' },
        })),
      },
    };
    const { output, errors } = render('{item|sf-block product-form}', { item: card });
    expect(errors).toEqual([]);
    const select = block(output, 'product-form').querySelector('.sf-product-form__option select');
    expect(select?.querySelector('option')?.textContent).toBe('Select Value');
  });

  it('server-renders a sold-out product with its mark, the restock slot and the sold-out button', () => {
    const poster = {
      ...item,
      structuredContent: {
        ...item.structuredContent,
        variants: [{ id: 'v1', priceMoney: { value: '35.00', currency: 'USD' }, qtyInStock: 0 }],
      },
    };
    const form = block(render('{item|sf-block product-form}', { item: poster }).output, 'product-form');
    expect(form.querySelector('.sf-product-form')?.getAttribute('data-sf-status')).toBe('sold-out');
    expect(form.querySelector('.sf-mark--sold-out')?.textContent).toBe('sold out');
    expect(form.querySelector('.sf-add-button')?.textContent).toBe('sold out');
    // The form's restock slot, holding the sign-up's first render; the widget mounts in its own.
    const slot = form.querySelector('.sf-product-form__restock')!;
    expect(slot.hasAttribute(WIDGET_ATTR)).toBe(false);
    const restock = slot.querySelector('.sf-restock-form')!;
    expect(restock.getAttribute('data-sf-variant-id')).toBe('v1');
    expect(restock.querySelector('.sf-restock-form__cta')?.textContent).toBe(
      'Get an email when this item is back in stock.',
    );
    expect(restock.querySelector('.sf-field__label')?.textContent).toBe('Email');
    expect(restock.querySelector('input')?.getAttribute('aria-label')).toBe('Email');
    expect(restock.querySelector('input')?.hasAttribute('placeholder')).toBe(false);
    expect(restock.querySelector('button')?.textContent).toBe('Sign Up');
    expect(restock.querySelector('[type="checkbox"]')).toBeNull();
    expect([...slot.querySelectorAll('input, button')].every((c) => c.hasAttribute('disabled'))).toBe(true);
    // Nothing in it is announced: the mounted form's own alerts and status replace it.
    expect(slot.querySelector('[role], [id]')).toBeNull();
  });

  it("server-renders the restock sign-up with the merchandising's checkbox and texts, escaped", () => {
    const poster = {
      ...item,
      structuredContent: {
        ...item.structuredContent,
        variants: [{ id: 'v1', priceMoney: { value: '35.00', currency: 'USD' }, qtyInStock: 0 }],
      },
    };
    const restockNotificationMessages = {
      CTAText: 'Back <soon>?',
      placeholderText: '"you"@example.com',
      buttonText: 'Notify me',
      mailingListDescription: 'News & offers',
      extra: 3,
    };
    const context = {
      mailingListSignUpEnabled: true,
      mailingListOptInByDefault: true,
      restockNotificationMessages,
    };
    const { output } = render('{item|sf-block product-form}', {
      item: poster,
      productMerchandisingContext: { tee: context },
    });
    expect(output).not.toContain('<soon>');
    const form = block(output, 'product-form');
    const restock = form.querySelector('.sf-restock-form')!;
    expect(restock.querySelector('.sf-restock-form__cta')?.textContent).toBe('Back <soon>?');
    expect(restock.querySelector('input[type="email"]')?.getAttribute('placeholder')).toBe(
      '"you"@example.com',
    );
    const checkbox = restock.querySelector<HTMLInputElement>('.sf-restock-form__mailing-list input')!;
    expect(checkbox.checked).toBe(true);
    expect(restock.querySelector('.sf-restock-form__mailing-list')?.textContent).toBe(' News & offers');
    expect(restock.querySelector('button')?.textContent).toBe('Notify me');
  });

  it('leaves the restock sign-up out of a product with options before one is chosen', () => {
    const { output } = render('{item|sf-block product-form}', {
      item: {
        ...item,
        structuredContent: {
          ...item.structuredContent,
          variants: [
            {
              id: 'v1',
              attributes: { Size: 'S' },
              priceMoney: { value: '35.00', currency: 'USD' },
              qtyInStock: 0,
            },
          ],
        },
      },
    });
    expect(block(output, 'product-form').querySelector(`[${WIDGET_ATTR}="restock-form"]`)).toBeNull();
  });

  it.each([
    [{ native: true, imported: true }, 'Reviews (2)'],
    [{ native: true, imported: false }, 'Reviews (1)'],
    [{ native: false, imported: false }, null],
    [undefined, null],
  ])('server-renders the closed reviews toggle for review flags %j', (reviewFlags, label) => {
    const reviews = {
      native: [{ author: 'Ann', rating: 5, body: 'Soft.' }, { author: 'No body' }],
      imported: [{ author: '<b>Bo</b>', body: 'Fine.' }],
    };
    const { output } = render('{item|sf-block product-form}', { item, reviews, reviewFlags });
    const toggle = block(output, 'product-form').querySelector('.sf-reviews .sf-reviews__heading button');
    expect(toggle?.textContent ?? null).toBe(label);
    if (toggle) {
      expect(toggle.getAttribute('aria-expanded')).toBe('false');
      expect(toggle.hasAttribute('disabled')).toBe(true);
    }
  });

  it("words the reviews toggle with the page's reviewsCount string", () => {
    const { output } = render('{item|sf-block product-form}', {
      item,
      reviews: { native: [{ body: 'Soft.' }] },
      reviewFlags: { native: true },
      localizedStrings: { reviewsCount: '<{count}> avis' },
    });
    expect(block(output, 'product-form').querySelector('.sf-reviews__toggle')?.textContent).toBe('<1> avis');
  });

  it('labels the server-rendered button Purchase under express checkout', () => {
    const { output } = render('{item|sf-block product-form}', { item, expressCheckout: true });
    expect(block(output, 'product-form').querySelector('button')?.textContent).toBe('Purchase');
  });

  it.each([
    ['/products/tee', '/products/tee'],
    ['javascript:alert(1)', null],
  ])('gives a product card with fullUrl %s a Quick View link to it', (fullUrl, href) => {
    const { output } = render('{.repeated section cards}{item|sf-block product-form}{.end}', {
      cards: [{ item: { ...item, fullUrl }, quickView: true }],
    });
    const link = block(output, 'quick-view').querySelector('a');
    expect(link?.getAttribute('href') ?? null).toBe(href);
    if (href !== null) expect(link?.textContent).toBe('Quick View');
  });

  it("passes a page's reviews and express checkout to the product form", () => {
    const reviews = { native: [{ author: 'Ann', rating: 5, body: 'Soft.' }], imported: [] };
    const { output } = render('{item|sf-block product-form}', { item, reviews, expressCheckout: true });
    expect(propsOf(output, 'product-form')).toMatchObject({ item, reviews, expressCheckout: true });
  });
});
