/**
 * The template-language engine with every formatter family, the commerce markup and the
 * `sf-block` fallbacks included (`storefront-widgets/template/commerce` on npm; the reference
 * server and the CLI render with it): `render(template, json)` returns the output and every
 * problem found, and never throws for a bad template or bad data (spec 001 §8, design house
 * style 9). `core.ts` is the same engine without the commerce formatters and predicates.
 */
import { createEngine } from './engine';
import { commerceFormatters } from './plugins/commerce-formatters';
import { commercePredicates } from './plugins/commerce-predicates';
import { CORE_FORMATTERS, CORE_PREDICATES, createRegistry } from './registry';

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

// The commerce families come first (after the legacy names), so no core name can be shadowed.
const [legacy, ...rest] = CORE_FORMATTERS;
const engine = createEngine(
  createRegistry(legacy === undefined ? [commerceFormatters] : [legacy, commerceFormatters, ...rest], [
    commercePredicates,
    ...CORE_PREDICATES,
  ]),
);

export const { compile, compileUncached, render, renderCompiled } = engine;
