import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { matchPath, type RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { FILM_FRAME_ORIGINS } from '#shared/film-providers.ts';
import { MEMBER_CONFIRM_PAGE, MEMBER_UNSUBSCRIBE_PAGE } from '#shared/membership.ts';
import { MESSAGES } from '#shared/messages.ts';
import { DEMO } from '../../infra/local/demo/catalogue.ts';
import { type ExpectedFailure, PHONE, screenshot, startBrowser } from './support/browser.ts';

/**
 * A walk of every public page of the web app, at phone size, under the production headers the
 * local gateway sends (infra/edge/security-headers.ts): no CSP violation, no console error, and
 * each page shows its own content. The routes come from the app's route tables; the admin's
 * are not public.
 */
const featuresDir = new URL('../../web/src/features/', import.meta.url);
const features: [string, Record<string, unknown>][] = await Promise.all(
  readdirSync(featuresDir)
    .filter((name) => existsSync(new URL(`${name}/routes.tsx`, featuresDir)))
    .map(async (name) => [name, await import(new URL(`${name}/routes.tsx`, featuresDir).href)] as const),
);
const PRIVATE_FEATURES = ['admin'];

/** The routes the app's router declares itself (/, /home, the not-found page). */
const routerSource = readFileSync(new URL('../../web/src/app/routes.tsx', import.meta.url), 'utf8');
const routerPaths = [...routerSource.matchAll(/\{ path: '([^']+)', element:/g)].map((m) => m[1] as string);

const publicPaths = [
  ...routerPaths,
  ...features
    .filter(([name]) => !PRIVATE_FEATURES.includes(name))
    .flatMap(([, module]) => Object.values(module).flat() as RouteObject[])
    .map((route) => route.path as string),
];

const q = (values: Record<string, string | number>) =>
  `?${new URLSearchParams(Object.entries(values).map(([k, v]) => [k, String(v)])).toString()}`;
const gown = { type: DEMO.womenSized, gender: 0, areaAmount: 2 };

/**
 * The address to visit for each route: its path with the parameters and the query its page
 * reads filled from the demo catalogue. A function gets the page (to read a parameter from the
 * app, e.g. a film of /allvideos). `redirect` is where a page that needs a session sends a
 * visitor without one.
 */
interface Visit {
  url: string | ((page: Page) => Promise<string>);
  /** Where the page lands when it sends a visitor elsewhere. */
  lands?: string;
  /** The not-found page is this route's own content. */
  notFound?: true;
  /** Failed requests the page makes by design (see BrowserSession.expectFailures). */
  failures?: ExpectedFailure[];
}
/** Without a session, the owner's card is answered 401 and the page sends the visitor to the login. */
const NO_SESSION: ExpectedFailure[] = [{ status: 401, path: '/api/authenticationcard' }];
const NO_DRAW = 'd-AAAAAAAAAAAAAAAAAAAAAA';
const VISITS: Record<string, Visit> = {
  '/': { url: '/' },
  '/home': { url: '/home' },
  '*': { url: '/no/such/page', notFound: true },
  '/women/*': { url: '/women' },
  '/men/*': { url: '/men' },
  '/products/singleproducts': {
    url: `/products/singleproducts${q({ type: DEMO.singleCollection, gender: 0 })}`,
  },
  '/products/productrelated': { url: `/products/productrelated${q(gown)}` },
  '/products/meaning-of-design': {
    url: async (page) => {
      await page.goto(`/products/productrelated${q({ ...gown, size: 'M' })}`);
      const link = page.getByRole('link', { name: /meaning/i }).first();
      return (await link.getAttribute('href')) ?? '';
    },
  },
  '/products/productdetails': {
    url: `/products/productdetails${q({ productId: DEMO.availableProduct, ...gown, size: 'M', singleProduct: 'false' })}`,
  },
  '/products/productdimensions': {
    url: `/products/productdimensions${q({ type: DEMO.typeWithDimensions })}`,
  },
  '/products/shopproduct': { url: `/products/shopproduct${q({ ...gown, size: 'M' })}` },
  '/products/sizepicker': { url: `/products/sizepicker${q(gown)}` },
  '/products/material': { url: `/products/material${q({ tid: DEMO.womenSized, title: 'material' })}` },
  '/products/productinfo': { url: `/products/productinfo${q({ tid: DEMO.womenSized, title: 'material' })}` },
  '/products/measure': { url: `/products/measure${q(gown)}` },
  '/products/questions': { url: `/products/questions${q(gown)}` },
  '/products/productprice': { url: `/products/productprice${q(gown)}` },
  '/products/productsizeguide': {
    url: `/products/productsizeguide${q({ type: DEMO.womenSized, gender: 0 })}`,
  },
  '/products/productvideo': { url: `/products/productvideo${q(gown)}` },
  '/products/videoofproduct': { url: `/products/videoofproduct${q({ pid: DEMO.availableProduct })}` },
  '/collection-video/:id': { url: `/collection-video/${DEMO.womenSized}?gender=0` },
  // A product's care film: the id is a piece with a video.
  '/care/:id': { url: `/care/${DEMO.availableProduct}` },
  '/products': { url: '/products' },
  '/boutique': { url: '/boutique' },
  '/boutique/twoboutiques': { url: '/boutique/twoboutiques' },
  '/accessibility': { url: '/accessibility' },
  '/world': { url: '/world' },
  '/world/authentification': { url: '/world/authentification' },
  '/world/club': { url: '/world/club' },
  '/world/episodes': { url: '/world/episodes' },
  '/world/episodes/viewepisodes': { url: `/world/episodes/viewepisodes${q({ type: 'mind', gender: 0 })}` },
  '/world/followus': { url: '/world/followus' },
  '/world/meaning': { url: '/world/meaning' },
  '/world/membership': { url: '/world/membership' },
  // Without a token the links say so (the token pages' own content).
  [MEMBER_CONFIRM_PAGE]: { url: MEMBER_CONFIRM_PAGE },
  [MEMBER_UNSUBSCRIBE_PAGE]: { url: MEMBER_UNSUBSCRIBE_PAGE },
  '/world/mission': { url: '/world/mission' },
  '/world/mission/written': { url: '/world/mission/written' },
  '/world/mission/video': { url: '/world/mission/video' },
  '/world/mission/music': { url: '/world/mission/music' },
  '/world/mission/lyrics': { url: '/world/mission/lyrics' },
  '/world/oneofoneluxury': { url: '/world/oneofoneluxury' },
  '/world/philanthropy': { url: '/world/philanthropy' },
  '/world/products': { url: '/world/products' },
  '/world/purchasingproduct': { url: '/world/purchasingproduct' },
  '/world/support': { url: '/world/support' },
  '/world/gifts': { url: '/world/gifts' },
  '/world/fundraiser': { url: '/world/fundraiser' },
  '/more': { url: '/more' },
  '/more/contact_us': { url: '/more/contact_us' },
  '/more/changecountrycurrency': { url: '/more/changecountrycurrency' },
  '/more/shipping_methods': { url: '/more/shipping_methods' },
  '/more/shipping_cost': { url: '/more/shipping_cost' },
  '/more/delivery_time': { url: '/more/delivery_time' },
  '/more/payment_methods': { url: '/more/payment_methods' },
  '/more/duties': { url: '/more/duties' },
  '/more/prices_currencies': { url: '/more/prices_currencies' },
  '/more/int_transaction_fees': { url: '/more/int_transaction_fees' },
  '/more/returns': { url: '/more/returns' },
  '/more/refund': { url: '/more/refund' },
  '/more/tracking': { url: '/more/tracking' },
  '/more/taxes': { url: '/more/taxes' },
  '/more/privacy-policy': { url: '/more/privacy-policy' },
  '/more/terms-and-conditions': { url: '/more/terms-and-conditions' },
  '/allvideos': { url: '/allvideos' },
  '/allvideos/:slug': {
    url: async (page) => {
      await page.goto('/allvideos');
      const link = page.locator('a[href^="/allvideos/"]').first();
      return (await link.getAttribute('href')) ?? '';
    },
  },
  '/products/purchase': {
    url: `/products/purchase${q({ product: DEMO.availableProduct, type: DEMO.womenSized })}`,
  },
  '/products/success': { url: '/products/success' },
  '/authenticity': { url: '/authenticity' },
  // The owner's pages need a session: a visitor without one is sent to the login.
  '/authenticity/showingcard': {
    url: '/authenticity/showingcard',
    lands: '/authenticity',
    failures: NO_SESSION,
  },
  '/authenticity/transfer': { url: '/authenticity/transfer', lands: '/authenticity', failures: NO_SESSION },
  // The end of a transfer: the old owner no longer has a session; the page says the piece moved on.
  '/authenticity/finish': { url: '/authenticity/finish' },
  '/authenticity/reset': { url: '/authenticity/reset' },
  // A one-time login link's page: nothing happens until the owner presses the button.
  '/authenticity/link': { url: '/authenticity/link' },
  '/forgot-pwd': { url: '/forgot-pwd' },
  // The release draws (issue 35): the demo has none, so a draw nobody made (its page says so) and
  // an entry page without its secret (it asks for the mailed link, reading nothing).
  // The draws open and to come (issue 45); none here but what the suites made.
  '/draws': { url: '/draws' },
  '/draw/:drawId': {
    url: `/draw/${NO_DRAW}`,
    failures: [{ status: 404, path: `/api/draws/${NO_DRAW}` }],
  },
  // The page a mailed entry link opens, for that draw nobody made: it says so, as the draw's page.
  '/draw/:drawId/enter': {
    url: `/draw/${NO_DRAW}/enter`,
    failures: [{ status: 404, path: `/api/draws/${NO_DRAW}` }],
  },
  '/draw/:drawId/entry/:entryId': { url: `/draw/${NO_DRAW}/entry/e-AAAAAAAAAAAAAAAAAAAAAA` },
};

/** Film providers' players answer with a tiny page: the CSP is checked before the request goes out. */
async function interceptFilmProviders(page: Page): Promise<void> {
  for (const origin of FILM_FRAME_ORIGINS)
    await page.route(`${origin}/**`, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>player</title>' }),
    );
}

const browser = startBrowser();
const SHOTS = new Set([
  '/home',
  '/world/mission/video',
  '/products/productdetails',
  '/allvideos/:slug',
  '/more',
]);

describe('a walk of every public page, at phone size, under the production headers', () => {
  it('knows an address for every public route of the route tables, and every address is a route', () => {
    expect(publicPaths.length).toBeGreaterThan(60);
    expect(publicPaths).toEqual(expect.arrayContaining(['/', '/home', '*', '/women/*', '/allvideos/:slug']));
    expect(Object.keys(VISITS).sort()).toEqual([...new Set(publicPaths)].sort());
  });

  it.each(publicPaths.map((path) => [path]))('%s', async (path) => {
    const visit = VISITS[path];
    if (!visit) throw new Error(`no address for ${path}`);
    const page = await browser.open('about:blank', {
      viewport: PHONE,
      beforeLoad: interceptFilmProviders,
      expectFailures: visit.failures ?? [],
    });
    const url = typeof visit.url === 'string' ? visit.url : await visit.url(page);
    expect(url, `an address for ${path}`).toMatch(/^\//);
    if (path !== '*') expect(matchPath(path, new URL(url, 'http://x').pathname), url).not.toBeNull();
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    const main = page.locator('main').first();
    await main.waitFor();
    if (visit.lands) await page.waitForURL((u) => u.pathname.replace(/\/$/, '') === visit.lands);
    const notFound = page.getByText(MESSAGES.pageNotFound);
    if (visit.notFound) await expect.poll(() => notFound.count()).toBe(1);
    else {
      expect(await notFound.count(), `${url} shows the not-found page`).toBe(0);
      // Its own content: a heading or text of its own once loaded (not an empty frame).
      await expect
        .poll(async () => ((await main.textContent()) ?? '').trim().length, { message: url })
        .toBeGreaterThan(0);
    }
    // Whatever is still on its way (pictures, films) may report too.
    await page.waitForTimeout(300);
    if (SHOTS.has(path)) await screenshot(page, `walk${path.replace(/[/:*]+/g, '-')}`);
    await page.close();
  });
});
