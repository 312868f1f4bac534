/**
 * Feature flags and experiments (spec 001 §3, §4, §5, §6, §8): FEATURE_TOGGLE and AB_TEST
 * definitions, a toggle on when its variant is the string `true`, the spec's four errors returned
 * next to the caller's default, and overrides from the page address.
 *
 * Definitions come from the site context: `features` (name to boolean, each a toggle) and
 * `experiments` (name to `{ type, variant }`). URL parameters `sf-flag-<name>=<variant>` override
 * them, so a page can be previewed with a flag on or an experiment's other arm (spec 001 §6).
 * Every flag the SDK reads (the census, visitor metrics, the review kill switch) and
 * `Storefront.flags` go through {@link siteFlags}, so an override reaches them all alike.
 */
import { EXPERIMENT_TYPES } from './constants.js';
import { DIAGNOSTICS } from '../messages/diagnostics.js';
import { format } from '../messages/format.js';
import { isRecord } from '../result.js';
import { parseQuery } from './query.js';

export type ExperimentType = (typeof EXPERIMENT_TYPES)[number];

/** A flag lookup: the value, and when the default had to be used, why. */
export interface FlagResult<T> {
  readonly value: T;
  /** One of the experiment messages of spec 001 §8. */
  readonly error?: string;
}

/** A definition as the server sent it; checked only when looked up. */
export type ExperimentDefinitions = Readonly<Record<string, unknown>>;

/** Prefix of the URL parameters that override a flag. */
export const FLAG_OVERRIDE_PREFIX = 'sf-flag-';

export interface Flags {
  /** FEATURE_TOGGLE: on when its variant is the string `true`. @default false */
  toggle(name: string, fallback?: boolean): FlagResult<boolean>;
  /** AB_TEST: the variant the visitor is in. */
  variant(name: string, fallback: string): FlagResult<string>;
  /** Shorthand for `toggle(name).value`. */
  isEnabled(name: string): boolean;
}

export interface FlagsInput {
  /** Null when the configuration never loaded (no site context). */
  readonly definitions: ExperimentDefinitions | null;
  /** Name to variant, from the page address (see {@link flagOverrides}). @default {} */
  readonly overrides?: Readonly<Record<string, string>> | undefined;
}

const hasOwn = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

/**
 * Joins the site context's two sources into one definition map: `features` booleans become
 * toggles with variant `"true"`/`"false"`; `experiments` entries are kept as sent.
 */
export function flagDefinitions(
  features: Readonly<Record<string, boolean>>,
  experiments: unknown,
): Record<string, unknown> {
  const out = Object.create(null) as Record<string, unknown>;
  for (const [name, on] of Object.entries(features)) {
    out[name] = { type: 'FEATURE_TOGGLE', variant: on ? 'true' : 'false' };
  }
  if (isRecord(experiments)) for (const [name, def] of Object.entries(experiments)) out[name] = def;
  return out;
}

/** The `sf-flag-<name>=<variant>` parameters of a parsed query. */
export function flagOverrides(query: Readonly<Record<string, string>>): Record<string, string> {
  const out = Object.create(null) as Record<string, string>;
  for (const [key, value] of Object.entries(query)) {
    if (key.startsWith(FLAG_OVERRIDE_PREFIX) && key.length > FLAG_OVERRIDE_PREFIX.length) {
      out[key.slice(FLAG_OVERRIDE_PREFIX.length)] = value;
    }
  }
  return out;
}

/** The overrides of an address's query; the page's own address by default. */
export function addressOverrides(search?: string): Record<string, string> {
  let query = search;
  if (query === undefined) {
    try {
      query = globalThis.location?.search ?? '';
    } catch {
      // No address to read (a detached document, server rendering).
      query = '';
    }
  }
  return flagOverrides(parseQuery(query));
}

/**
 * The flags of a site: its context's `features` and `experiments` with the address's overrides.
 * The one reader of flags, for the SDK's own and for `Storefront.flags`.
 */
export function siteFlags(
  features: Readonly<Record<string, boolean>>,
  experiments?: unknown,
  search?: string,
): Flags {
  return createFlags({
    definitions: flagDefinitions(features, experiments),
    overrides: addressOverrides(search),
  });
}

type Lookup = { ok: true; variant: string } | { ok: false; error: string };

export function createFlags({ definitions, overrides = {} }: FlagsInput): Flags {
  const lookup = (name: string, type: ExperimentType): Lookup => {
    if (definitions === null) return { ok: false, error: DIAGNOSTICS.experimentNotLoaded };
    const known = hasOwn(definitions, name);
    const override = hasOwn(overrides, name) ? overrides[name] : undefined;
    if (!known) {
      // An override alone is enough to preview a flag the server has not defined yet.
      return override === undefined
        ? { ok: false, error: DIAGNOSTICS.experimentUnknownFeature }
        : { ok: true, variant: override };
    }
    const def = definitions[name];
    if (
      !isRecord(def) ||
      !EXPERIMENT_TYPES.includes(def['type'] as ExperimentType) ||
      typeof def['variant'] !== 'string'
    ) {
      return { ok: false, error: DIAGNOSTICS.experimentInvalidDefinition };
    }
    if (def['type'] !== type)
      return { ok: false, error: format(DIAGNOSTICS.experimentTypeMismatch, { type }) };
    return { ok: true, variant: override ?? def['variant'] };
  };

  const toggle = (name: string, fallback = false): FlagResult<boolean> => {
    const found = lookup(name, 'FEATURE_TOGGLE');
    return found.ok ? { value: found.variant === 'true' } : { value: fallback, error: found.error };
  };

  return {
    toggle,
    variant(name, fallback) {
      const found = lookup(name, 'AB_TEST');
      return found.ok ? { value: found.variant } : { value: fallback, error: found.error };
    },
    isEnabled: (name) => toggle(name).value,
  };
}
