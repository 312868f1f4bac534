/**
 * The one place that knows every formatter and predicate family. Tables are merged into
 * prototype-free maps so a template can never reach `constructor` or `__proto__` by name.
 */
import type { FormatterFn, FormatterTable, PredicateFn, PredicateTable } from './plugins/api';
import { contentFormatters } from './plugins/content-formatters';
import { contentPredicates } from './plugins/content-predicates';
import { coreFormatters, legacyFormatters } from './plugins/core-formatters';
import { corePredicates } from './plugins/core-predicates';
import { dateFormatters } from './plugins/date-formatters';
import { i18nFormatters } from './plugins/i18n-formatters';
import { slidePredicates } from './plugins/slide-predicates';
import { socialFormatters } from './plugins/social-formatters';
import { socialPredicates } from './plugins/social-predicates';

export interface Registry {
  formatter(name: string): FormatterFn | undefined;
  predicate(name: string): PredicateFn | undefined;
}

function merge<T>(tables: readonly Readonly<Record<string, T>>[]): Record<string, T> {
  const out = Object.create(null) as Record<string, T>;
  for (const t of tables) for (const k of Object.keys(t)) out[k] = t[k] as T;
  return out;
}

/** Builds a registry from tables; later tables win on a name clash. */
export function createRegistry(
  formatterTables: readonly FormatterTable[],
  predicateTables: readonly PredicateTable[],
): Registry {
  const formatters = merge(formatterTables);
  const predicates = merge(predicateTables);
  // `plural` is the language's older name for the message formatter.
  const message = formatters['message'];
  if (formatters['plural'] === undefined && message !== undefined) formatters['plural'] = message;
  return {
    formatter: (name) => formatters[name],
    predicate: (name) => predicates[name],
  };
}

/** The formatter families of the core engine, lowest priority first (core formatters last). */
export const CORE_FORMATTERS: readonly FormatterTable[] = [
  legacyFormatters,
  contentFormatters,
  dateFormatters,
  i18nFormatters,
  socialFormatters,
  coreFormatters,
];

/** The predicate families of the core engine, core predicates last. */
export const CORE_PREDICATES: readonly PredicateTable[] = [
  contentPredicates,
  slidePredicates,
  socialPredicates,
  corePredicates,
];

/** The core engine's registry: every family but commerce. */
export const coreRegistry: Registry = createRegistry(CORE_FORMATTERS, CORE_PREDICATES);
