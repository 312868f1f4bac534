import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTEXT, parseSiteContext, type SiteContext } from '../../../src/page/context.js';
import { censusEnabled, pageViewData, pageViewTracked, trackingAllowed } from '../../../src/page/census.js';

const ctx = (raw: Record<string, unknown> = {}): SiteContext => parseSiteContext(raw).context;

describe('tracking rules (spec 000 §4, §6)', () => {
  it.each([
    { name: 'an anonymous visitor', context: ctx(), pageType: null, path: '/shop', tracked: true },
    { name: 'a product page', context: ctx(), pageType: 50, path: '/shop/tee', tracked: true },
    { name: 'a not-found page', context: ctx(), pageType: 100, path: '/nope', tracked: false },
    { name: 'a lock screen', context: ctx(), pageType: 103, path: '/', tracked: false },
    {
      name: 'a member-area access denied page',
      context: ctx(),
      pageType: 106,
      path: '/members',
      tracked: false,
    },
    { name: 'an error page', context: ctx(), pageType: 101, path: '/', tracked: true },
    {
      name: 'the census turned off',
      context: ctx({ features: { visitor_census: false } }),
      pageType: null,
      path: '/',
      tracked: false,
    },
    {
      name: 'the census turned on explicitly',
      context: ctx({ features: { visitor_census: true } }),
      pageType: null,
      path: '/',
      tracked: true,
    },
    {
      name: 'a signed-in admin',
      context: ctx({ authenticatedAccountId: 'u1', websiteRoles: ['ADMIN'] }),
      pageType: null,
      path: '/',
      tracked: false,
    },
    {
      name: 'a signed-in account without roles',
      context: ctx({ authenticatedAccountId: 'u1' }),
      pageType: null,
      path: '/',
      tracked: false,
    },
    {
      name: 'a viewer holding another role too',
      context: ctx({ authenticatedAccountId: 'u1', websiteRoles: ['VIEWER', 'EDITOR'] }),
      pageType: null,
      path: '/',
      tracked: false,
    },
    {
      name: 'a viewer-only account',
      context: ctx({ authenticatedAccountId: 'u1', websiteRoles: ['VIEWER'] }),
      pageType: null,
      path: '/shop',
      tracked: true,
    },
    {
      name: 'a viewer-only account (lower-case role)',
      context: ctx({ authenticatedAccountId: 'u1', websiteRoles: ['viewer'] }),
      pageType: null,
      path: '/shop',
      tracked: true,
    },
    {
      name: 'a viewer-only account on /config',
      context: ctx({ authenticatedAccountId: 'u1', websiteRoles: ['VIEWER'] }),
      pageType: null,
      path: '/config/pages',
      tracked: false,
    },
    {
      name: 'a viewer-only account on /configure (not a config path)',
      context: ctx({ authenticatedAccountId: 'u1', websiteRoles: ['VIEWER'] }),
      pageType: null,
      path: '/configure',
      tracked: true,
    },
  ])('$name: tracked $tracked', ({ context, pageType, path, tracked }) => {
    expect(trackingAllowed({ context, pageType, pathname: path })).toBe(tracked);
  });

  it.each([
    ['/search', false],
    ['/search/results', false],
    ['/searches', true],
    ['/shop', true],
  ])('a page view on %s is recorded: %s', (path, recorded) => {
    expect(pageViewTracked({ context: DEFAULT_CONTEXT, pageType: null, pathname: path })).toBe(recorded);
  });

  it('the census is on by default', () => {
    expect(censusEnabled(DEFAULT_CONTEXT)).toBe(true);
  });
});

describe('page-view data (spec 000 §7)', () => {
  it('holds page, website, template, locale, user agent, client date, viewport and screen sizes', () => {
    const data = pageViewData({
      context: ctx({ websiteId: 'w1', templateId: 't1', locale: 'fr-CA' }),
      href: 'https://shop.example/tee?x=1',
      userAgent: 'UA',
      now: Date.UTC(2026, 10, 23, 12),
      viewport: { width: 800, height: 600 },
      screen: { width: 1920, height: 1080 },
      mode: 'standard',
    });
    expect(data).toEqual({
      page: 'https://shop.example/tee?x=1',
      website: 'w1',
      template: 't1',
      locale: 'fr-CA',
      userAgent: 'UA',
      clientDate: '2026-11-23T12:00:00.000Z',
      viewport: { width: 800, height: 600 },
      screen: { width: 1920, height: 1080 },
      visitorCookieMode: 'standard',
    });
  });
});
