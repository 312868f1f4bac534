/** The widget runtime: what every widget (and an npm user's React tree) builds on. */
export { WidgetBoundary, type WidgetBoundaryProps } from './boundary.js';
export { defineWidget, WidgetPropsError, type WidgetDefinition } from './define.js';
export { mountWidget, type MountedWidget } from './mount.js';
export { navigateTo, type NavigationWindow } from '../page/navigate.js';
export { sameOriginPath } from '../urls.js';
export {
  IdPrefixContext,
  StorefrontProvider,
  useCart,
  useStorefront,
  useWidgetId,
  type Storefront,
  type StorefrontProviderProps,
} from './provider.js';
export { useProductChoice } from './use-product-choice.js';
