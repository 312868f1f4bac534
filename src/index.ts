/**
 * The npm entry (`storefront-widgets`): React components, the cart store, the api client and the
 * core helpers, for theme developers who bundle their own React. Everything public is named
 * here; a test pins the list. The template engine is its own entry: `storefront-widgets/template`.
 */

// Page contract
export {
  CART_PAGE_ROOT_ID,
  CART_SYNC_CHANNEL,
  CONTEXT_SCRIPT_ID,
  COOKIES,
  CSRF_HEADER,
  DESIGN_FRAME_MESSAGE_TYPE,
  EVENTS,
  GLOBAL_NAME,
  MOUNTED_ATTR,
  PATHS,
  PROPS_ATTR,
  READY_ATTR,
  WIDGET_ATTR,
  WIDGET_NAMES,
} from './contract.js';
export type { SitePaths } from './page/site-paths.js';
export type {
  DesignFrameMessage,
  ErrorEventDetail,
  EventName,
  VariantChangeDetail,
  WidgetEnv,
  WidgetModule,
  WidgetMount,
  WidgetName,
} from './contract.js';

// Results
export { fail, ok } from './result.js';
export type { Result } from './result.js';

// Site context
export { DEFAULT_CONTEXT, isFeatureEnabled, parseSiteContext, readSiteContext } from './page/context.js';
export type { SiteContext, SiteContextResult } from './page/context.js';

// Money and messages
export {
  CURRENCY_CODES,
  DEFAULT_CURRENCY,
  formatMoney,
  parseCurrencyCode,
  parseMoney,
} from './commerce/money.js';
export type { CurrencyCode, FormatMoneyOptions, Money } from './commerce/money.js';
export {
  DEFAULT_MERCHANDISING,
  DEFAULT_STORE_SETTINGS,
  parseMerchandising,
  parseStoreSettings,
} from './commerce/merchandising.js';
export { parseProductItem } from './commerce/product-listing.js';
export type { Merchandising, StoreSettings } from './commerce/merchandising.js';
export type {
  ParseProductOptions,
  ProductImage,
  ProductItem,
  ProductType,
  StructuredContent,
  SubscriptionPlan,
  Variant,
  VariantOptionValue,
} from './commerce/product.js';
export { parseInstalmentContext } from './commerce/instalments.js';
export type { InstalmentContext } from './commerce/instalments.js';
export { MESSAGES, createMessages, format } from './messages/index.js';
export type { MessageKey, MessageParams, Messages } from './messages/index.js';

// Api and store
export { createApi } from './api/index.js';
export { getApi, getCartStore } from './page/create-runtime.js';
export type { Api, ApiError, ApiErrorKind, ApiOptions, ApiResult } from './api/index.js';
export { parseFormSchema } from './api/form-schema.js';
export type { FieldValue, FormSchema, FormSchemaField, FormValues } from './api/form-schema.js';
export { createCartStore } from './store/index.js';
export { selectCount, selectSubtotal } from './store/selectors.js';
export { shouldLoadCartAtStart } from './page/cookies.js';
export type {
  AddEntryInput,
  CartActions,
  CartChangeDetail,
  CartEntry,
  ChosenVariant,
  ItemAddedDetail,
  ShoppingCart as Cart,
  CartState,
  CartStore,
  CartStoreOptions,
  CartStoreState,
  ShoppingCart,
} from './store/index.js';
export type { Coupon, ShippingLocation, ShippingOption, TaxRule } from './store/types.js';
export { createErrorReporter, getErrorReporter } from './page/reporter.js';
export type { ErrorReporter, ErrorReporterOptions } from './page/reporter.js';
export type { ProductChoice, ProductChoices } from './page/choices.js';

// React runtime
export {
  StorefrontProvider,
  WidgetBoundary,
  WidgetPropsError,
  defineWidget,
  mountWidget,
  useCart,
  useProductChoice,
  useStorefront,
  useWidgetId,
} from './react/index.js';
export type {
  MountedWidget,
  Storefront,
  StorefrontProviderProps,
  WidgetBoundaryProps,
  WidgetDefinition,
} from './react/index.js';

// The captcha (spec 000 §5): framework-free controller and its React component
export { createCaptcha, loadCaptchaScript } from './page/captcha.js';
export type { CaptchaController, CaptchaOptions, CaptchaProvider, CaptchaState } from './page/captcha.js';
export { Captcha } from './react/captcha.js';
export type { CaptchaHandle, CaptchaProps } from './react/captcha.js';

// Widgets as React components; each is also an entry of its own (`storefront-widgets/cart-pill`,
// ...: widgets/<name>/npm.ts), so an app's routes load only the widgets they show.
export { CartPill } from '../widgets/cart-pill/npm.js';
export type { CartPillProps } from '../widgets/cart-pill/npm.js';
export { ProductForm, parseProductFormProps } from '../widgets/product-form/npm.js';
export type {
  ParsedProductFormProps,
  ProductFormProps,
  ProductReviews,
  Review,
  ReviewLists,
} from '../widgets/product-form/npm.js';
export { CartPage } from '../widgets/cart-page/npm.js';
export type { CartPageProps } from '../widgets/cart-page/npm.js';
export { InstalmentPill, parseInstalmentPillProps } from '../widgets/instalment-pill/npm.js';
export type { InstalmentPillProps } from '../widgets/instalment-pill/npm.js';
export { SiteForm, parseSiteFormProps } from '../widgets/site-form/npm.js';
export type { SiteFormPage, SiteFormProps } from '../widgets/site-form/npm.js';
export { RestockAdmin, parseRestockAdminProps } from '../widgets/restock-admin/npm.js';
export type { RestockAdminProps } from '../widgets/restock-admin/npm.js';
export { RestockForm, parseRestockFormProps } from '../widgets/restock-form/npm.js';
export type { RestockFormProps } from '../widgets/restock-form/npm.js';

// Analytics hooks (no requests of their own: install a sink to receive events)
export { setAnalyticsSink, track } from './page/analytics.js';
export type { AnalyticsEvent, AnalyticsSink } from './page/analytics.js';
export type { PixelEventDetail, PixelEventName } from './page/events.js';

// Site-user sessions and flags: the functions behind window.Storefront.account and .flags
export { login, logout } from './page/session.js';
export type { LoginInput, LoginResult, LogoutInput, SessionOptions, SiteUser } from './page/session.js';
export { createFlags } from './page/flags.js';
export type { FlagResult, Flags, FlagsInput } from './page/flags.js';
