import { describe, expect, it } from 'vitest';
import {
  addressOverrides,
  createFlags,
  flagDefinitions,
  flagOverrides,
  siteFlags,
} from '../../../src/page/flags.js';

const NOT_LOADED = 'the underlying configuration is not loaded';
const UNKNOWN = 'the specified feature does not exist';
const INVALID = 'the specified feature has an invalid server-side definition';

const definitions = {
  reviews: { type: 'FEATURE_TOGGLE', variant: 'true' },
  afterpay: { type: 'FEATURE_TOGGLE', variant: 'false' },
  odd: { type: 'FEATURE_TOGGLE', variant: 'yes' },
  checkout: { type: 'AB_TEST', variant: 'one-page' },
  broken: { type: 'SOMETHING', variant: 'true' },
  noVariant: { type: 'AB_TEST' },
  notObject: 'true',
};

describe('feature toggles', () => {
  const flags = createFlags({ definitions });

  it.each([
    ['reviews', { value: true }],
    ['afterpay', { value: false }],
    ['odd', { value: false }],
  ])('%s gives %j (on only when the variant is the string true)', (name, expected) => {
    expect(flags.toggle(name)).toEqual(expected);
  });

  it.each([
    ['missing', UNKNOWN],
    ['checkout', 'the specified feature is not a FEATURE_TOGGLE'],
    ['broken', INVALID],
    ['noVariant', INVALID],
    ['notObject', INVALID],
  ])('%s gives the default with "%s"', (name, error) => {
    expect(flags.toggle(name)).toEqual({ value: false, error });
    expect(flags.toggle(name, true)).toEqual({ value: true, error });
  });

  it('answers isEnabled with the toggle value', () => {
    expect(flags.isEnabled('reviews')).toBe(true);
    expect(flags.isEnabled('missing')).toBe(false);
  });

  it('gives every lookup the not-loaded error without a configuration', () => {
    const none = createFlags({ definitions: null });
    expect(none.toggle('reviews', true)).toEqual({ value: true, error: NOT_LOADED });
    expect(none.variant('checkout', 'control')).toEqual({ value: 'control', error: NOT_LOADED });
  });

  it('does not read inherited names as features', () => {
    expect(flags.toggle('toString')).toEqual({ value: false, error: UNKNOWN });
  });
});

describe('experiments', () => {
  const flags = createFlags({ definitions });

  it('gives the variant of an AB test', () => {
    expect(flags.variant('checkout', 'control')).toEqual({ value: 'one-page' });
  });

  it.each([
    ['missing', UNKNOWN],
    ['reviews', 'the specified feature is not a AB_TEST'],
    ['broken', INVALID],
  ])('%s gives the default with "%s"', (name, error) => {
    expect(flags.variant(name, 'control')).toEqual({ value: 'control', error });
  });
});

describe('overrides from the address', () => {
  it('reads sf-flag-<name> parameters', () => {
    expect({ ...flagOverrides({ 'sf-flag-reviews': 'false', 'sf-flag-': 'x', q: 'tee' }) }).toEqual({
      reviews: 'false',
    });
  });

  it('replaces the variant of a known feature and keeps its type', () => {
    const flags = createFlags({ definitions, overrides: { reviews: 'false', checkout: 'classic' } });
    expect(flags.toggle('reviews')).toEqual({ value: false });
    expect(flags.variant('checkout', 'control')).toEqual({ value: 'classic' });
    expect(flags.toggle('checkout').error).toBe('the specified feature is not a FEATURE_TOGGLE');
  });

  it('previews a feature the server has not defined', () => {
    const flags = createFlags({ definitions, overrides: { newThing: 'true' } });
    expect(flags.toggle('newThing')).toEqual({ value: true });
  });
});

describe('flagDefinitions', () => {
  it('turns the context features into toggles and keeps experiments as sent', () => {
    const defs = flagDefinitions({ a: true, b: false }, { c: { type: 'AB_TEST', variant: 'x' } });
    const flags = createFlags({ definitions: defs });
    expect(flags.toggle('a')).toEqual({ value: true });
    expect(flags.toggle('b')).toEqual({ value: false });
    expect(flags.variant('c', 'y')).toEqual({ value: 'x' });
  });

  it('ignores experiments that are not an object', () => {
    expect(Object.keys(flagDefinitions({}, ['x']))).toEqual([]);
  });
});

describe('siteFlags: the one reader of the SDK and Storefront.flags', () => {
  it.each([
    ['?sf-flag-review_rendering_kill_switch=true', { review_rendering_kill_switch: false }, true],
    ['?sf-flag-review_rendering_kill_switch=false', { review_rendering_kill_switch: true }, false],
    ['?sf-flag-visitor_metrics=true', {}, true],
    ['', { visitor_metrics: true }, true],
  ])('%s over features %j reads %s', (search, features, expected) => {
    const name = Object.keys(features)[0] ?? 'visitor_metrics';
    expect(siteFlags(features, undefined, search).toggle(name).value).toBe(expected);
  });

  it('lets an override pick the other arm of an experiment', () => {
    const flags = siteFlags(
      {},
      { checkout: { type: 'AB_TEST', variant: 'one-page' } },
      '?sf-flag-checkout=two-page',
    );
    expect(flags.variant('checkout', 'x')).toEqual({ value: 'two-page' });
  });

  it("reads the page's own address when none is given", () => {
    const before = location.href;
    history.replaceState(null, '', '?sf-flag-visitor_census=false');
    try {
      expect(siteFlags({ visitor_census: true }).toggle('visitor_census', true).value).toBe(false);
      expect(addressOverrides()).toEqual({ visitor_census: 'false' });
    } finally {
      history.replaceState(null, '', before);
    }
  });
});
