/**
 * `storefront-widgets/site-form`: the site form for a React app, on its own so only the routes that
 * show it carry its code (the package root exports the same names).
 */
export { SiteForm } from './site-form.js';
export { parseSiteFormProps, type SiteFormPage, type SiteFormProps } from './props.js';
