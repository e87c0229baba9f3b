import { matchRoutes, type RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { API_PREFIX } from '#shared/constants.ts';
import { MEMBER_CONFIRM_PAGE, MEMBER_UNSUBSCRIBE_PAGE } from '#shared/membership.ts';
import { routes as apiRoutes } from '../../functions/routes.ts';
import { loadSpaFallback } from '../../infra/edge/spa-fallback.ts';
import { SITE } from '../../test/support/pieces.ts';
import { adminRoutes } from '../../web/src/features/admin/routes.tsx';
import { authenticityRoutes } from '../../web/src/features/authenticity/routes.tsx';
import { catalogRoutes } from '../../web/src/features/catalog/routes.tsx';
import { checkoutRoutes } from '../../web/src/features/checkout/routes.tsx';
import { contentRoutes } from '../../web/src/features/content/routes.tsx';
import { drawRoutes } from '../../web/src/features/draws/routes.tsx';
import { pickingRoutes } from '../../web/src/features/picking/routes.tsx';
import { pagePath } from './public-pages.ts';
import { DISALLOWED_PATHS, robotsTxt, ruleMatches } from './robots.ts';
import { everyPublicPage } from './sitemap.ts';

/** Every path of a route table, children included; `:param` and `*` given a sample value. */
function pathsOf(routes: RouteObject[]): string[] {
  return routes.flatMap((route) => [
    ...(route.path ? [route.path.replace(/:[A-Za-z]+/g, 'x-1').replace(/\*$/, 'sample')] : []),
    ...pathsOf(route.children ?? []),
  ]);
}

const appRoutes = [
  { path: '/' },
  { path: '/home' },
  ...catalogRoutes,
  ...pickingRoutes,
  ...contentRoutes,
  ...checkoutRoutes,
  ...drawRoutes,
  ...adminRoutes,
  ...authenticityRoutes,
];
const isAppRoute = (path: string) => (matchRoutes(appRoutes, path)?.length ?? 0) > 0;

/** The pages nobody but their one visitor should reach from a search engine. */
const privatePaths = [
  ...pathsOf(adminRoutes),
  ...pathsOf(authenticityRoutes),
  ...pathsOf(checkoutRoutes),
  '/draw/x-1/enter',
  '/draw/x-1/entry/x-1',
  MEMBER_CONFIRM_PAGE,
  MEMBER_UNSUBSCRIBE_PAGE,
  '/verify',
  `${API_PREFIX}/products/x-1`,
];

describe('robots.txt', () => {
  it('keeps crawlers out of every private screen, and names the sitemap by its absolute address', () => {
    const text = robotsTxt(SITE);
    const rules = [...text.matchAll(/^Disallow: (.+)$/gm)].map((m) => m[1] as string);
    expect(rules).toEqual([...DISALLOWED_PATHS]);
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Sitemap: https:\/\/oneofone\.example\/sitemap\.xml$/m);
    // The staff's screens are many: each is found in the app's own table, so a new one is not forgotten.
    expect(pathsOf(adminRoutes).length).toBeGreaterThan(30);
    for (const path of privatePaths) {
      expect(
        rules.some((rule) => ruleMatches(rule, path)),
        `${path} is not kept out`,
      ).toBe(true);
    }
  });

  it('disallows only what is real: each rule names a route of the app, /verify or the API', () => {
    const verify = loadSpaFallback()('/verify');
    expect(verify).toBe('/verify.html');
    expect(apiRoutes.length).toBeGreaterThan(50);
    expect(`${API_PREFIX}/`).toBe('/api/');
    for (const rule of DISALLOWED_PATHS) {
      if (rule === '/verify' || rule === '/api/') continue;
      const real = privatePaths.filter((path) => isAppRoute(path) && ruleMatches(rule, path));
      expect(real, `${rule} names no route of the app`).not.toEqual([]);
    }
    // A rule naming nothing is caught.
    expect(privatePaths.filter((path) => isAppRoute(path) && ruleMatches('/view-nothing', path))).toEqual([]);
  });

  it('keeps no public page out: every page of the sitemap and every catalogue screen stays crawlable', () => {
    const publicPaths = [
      ...everyPublicPage(
        ['p-aurora-08'],
        ['d-aurora-08'],
        [
          { id: 't-aurora', gender: 2, singlecollection: false },
          { id: 't-singles', gender: 0, singlecollection: true },
        ],
      ).map(pagePath),
      ...pathsOf(catalogRoutes),
      ...pathsOf(pickingRoutes),
      '/draw/x-1',
      '/allvideos/one-of-one',
      '/media/collection_images/pieces/p-aurora-08-1/preview-1200x630.jpg',
      '/sitemap.xml',
    ];
    for (const path of publicPaths) {
      const blocking = DISALLOWED_PATHS.filter((rule) => ruleMatches(rule, path));
      expect(blocking, path).toEqual([]);
    }
  });

  it('reads rules as RFC 9309 does: a prefix, `*` for any run, `$` for the end', () => {
    expect(ruleMatches('/admin', '/admin-home')).toBe(true);
    expect(ruleMatches('/draw/*/enter', '/draw/d-1/enter?x=1')).toBe(true);
    expect(ruleMatches('/draw/*/enter', '/draw/d-1')).toBe(false);
    expect(ruleMatches('/verify$', '/verify')).toBe(true);
    expect(ruleMatches('/verify$', '/verify.html')).toBe(false);
    expect(ruleMatches('/a.b', '/aXb')).toBe(false);
  });
});
