import { describe, expect, expectTypeOf, it } from 'vitest';
import * as lib from '../../src/index.js';
import type {
  Cart,
  CartChangeDetail,
  CartEntry,
  Coupon,
  FormSchema,
  ItemAddedDetail,
  Money,
  PixelEventDetail,
  ProductFormProps,
  ProductItem,
  ShippingOption,
  SiteFormProps,
  Variant,
  VariantChangeDetail,
} from '../../src/index.js';

// The npm surface is explicit: adding or removing a public name is a deliberate change here.
describe('the npm entry (src/index.ts)', () => {
  it('exports exactly the public names', () => {
    expect(Object.keys(lib).sort()).toEqual(
      [
        'CART_PAGE_ROOT_ID',
        'CART_SYNC_CHANNEL',
        'CONTEXT_SCRIPT_ID',
        'COOKIES',
        'CSRF_HEADER',
        'CURRENCY_CODES',
        'CartPage',
        'CartPill',
        'InstalmentPill',
        'ProductForm',
        'RestockAdmin',
        'RestockForm',
        'SiteForm',
        'Captcha',
        'createCaptcha',
        'loadCaptchaScript',
        'parseRestockAdminProps',
        'parseRestockFormProps',
        'parseSiteFormProps',
        'DEFAULT_CONTEXT',
        'DEFAULT_MERCHANDISING',
        'DEFAULT_STORE_SETTINGS',
        'parseFormSchema',
        'parseMerchandising',
        'parseProductItem',
        'parseStoreSettings',
        'DEFAULT_CURRENCY',
        'DESIGN_FRAME_MESSAGE_TYPE',
        'EVENTS',
        'GLOBAL_NAME',
        'MESSAGES',
        'MOUNTED_ATTR',
        'PATHS',
        'PROPS_ATTR',
        'READY_ATTR',
        'StorefrontProvider',
        'WIDGET_ATTR',
        'WIDGET_NAMES',
        'WidgetBoundary',
        'WidgetPropsError',
        'createApi',
        'createCartStore',
        'createErrorReporter',
        'createFlags',
        'createMessages',
        'defineWidget',
        'fail',
        'format',
        'formatMoney',
        'getApi',
        'getCartStore',
        'getErrorReporter',
        'isFeatureEnabled',
        'login',
        'logout',
        'mountWidget',
        'ok',
        'parseCurrencyCode',
        'parseInstalmentContext',
        'parseInstalmentPillProps',
        'parseProductFormProps',
        'parseMoney',
        'parseSiteContext',
        'readSiteContext',
        'selectCount',
        'selectSubtotal',
        'setAnalyticsSink',
        'shouldLoadCartAtStart',
        'track',
        'useCart',
        'useProductChoice',
        'useStorefront',
        'useWidgetId',
      ].sort(),
    );
  });

  it('names the types its documented props and events use', () => {
    expectTypeOf<ProductFormProps['item']>().toEqualTypeOf<ProductItem>();
    expectTypeOf<
      Parameters<NonNullable<ProductFormProps['onVariantChange']>>[0]
    >().toEqualTypeOf<Variant | null>();
    expectTypeOf<VariantChangeDetail['variant']>().toEqualTypeOf<Variant | null>();
    expectTypeOf<SiteFormProps['form']>().toEqualTypeOf<FormSchema | undefined>();
    expectTypeOf<CartChangeDetail['cart']>().toEqualTypeOf<Cart>();
    expectTypeOf<ItemAddedDetail['entry']>().toEqualTypeOf<CartEntry>();
    expectTypeOf<Cart['entries'][number]>().toEqualTypeOf<CartEntry>();
    expectTypeOf<Cart['validCoupons'][number]>().toEqualTypeOf<Coupon>();
    expectTypeOf<Cart['selectedShippingOption']>().toEqualTypeOf<ShippingOption | null>();
    expectTypeOf<Variant['price']>().toEqualTypeOf<Money | null>();
    expectTypeOf<PixelEventDetail['event']>().toBeString();
  });

  it('parses a product item as the docs of ProductFormProps say', () => {
    const item = lib.parseProductItem({
      id: 'prod-1',
      title: 'Poster',
      structuredContent: {
        productType: 1,
        variants: [{ id: 'v1', sku: 'P-1', price: { value: 12, currency: 'USD' }, qtyInStock: 3 }],
      },
    });
    expect(item.ok && item.value.structuredContent.variants.map((v) => v.sku)).toEqual(['P-1']);
  });

  it('marks the add-button readiness on <html> with data-sf-ready', () => {
    expect(lib.READY_ATTR).toBe('data-sf-ready');
  });
});
