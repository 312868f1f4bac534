/**
 * The template-language engine without the commerce family (`storefront-widgets/template` on
 * npm): variables, blocks, predicates, expressions, partials and the core, content, social, slide,
 * date and i18n formatters and predicates. Templates that print products (`product-price`,
 * `add-to-cart-btn`, `sf-block`, `sold-out?` and the rest of the commerce family) render with
 * `index.ts` (`storefront-widgets/template/commerce`), which has the same functions.
 */
import { createEngine } from './engine';
import { coreRegistry } from './registry';

export type {
  FormatterFn,
  FormatterTable,
  PredicateFn,
  PredicateTable,
  TemplateContext,
  TemplateError,
  TemplateErrorType,
} from './plugins/api';
export type { Compiled } from './compiled';
export type { RenderOptions, RenderResult } from './engine';

export const { compile, compileUncached, render, renderCompiled } = createEngine(coreRegistry);
