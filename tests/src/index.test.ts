import { describe, expect, it } from 'vitest';
import * as lib from '../../src/index.js';

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
        'CURRENCIES',
        'CURRENCY_CODES',
        'CartPage',
        'CartPill',
        'ProductForm',
        'RestockAdmin',
        'SiteForm',
        'parseRestockAdminProps',
        'parseSiteFormProps',
        'DEFAULT_CONTEXT',
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
        'useStorefront',
        'useWidgetId',
      ].sort(),
    );
  });

  it('marks the add-button readiness on <html> with data-sf-ready', () => {
    expect(lib.READY_ATTR).toBe('data-sf-ready');
  });
});
