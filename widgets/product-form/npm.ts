/**
 * `storefront-widgets/product-form`: the product form for a React app, on its own so only the
 * routes that show it carry its code (the package root exports the same names).
 */
export { ProductForm } from './quick-view-button.js';
export type { ProductFormProps } from './product-form.js';
export {
  parseProductFormProps,
  type ParsedProductFormProps,
  type ProductReviews,
  type Review,
  type ReviewLists,
} from './props.js';
