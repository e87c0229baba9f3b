import { type Route, routes } from '../../functions/routes.ts';
import { DEMO } from '../../infra/local/demo/catalogue.ts';

/**
 * The storefront as the bench sees it: the shopper's calls of 000 §7 with a sample request each,
 * built on the demo catalogue's named pieces so every call answers 200.
 */

/** A public GET served by a catalog or size-finder handler: what a shopper's browsing calls. */
export function isStorefrontRead(route: Route): boolean {
  return (
    route.method === 'GET' &&
    route.auth === 'public' &&
    !route.pending &&
    (route.handler.startsWith('catalog/') || route.handler.startsWith('size-finder/'))
  );
}

/** The storefront's writes: the member sign-up and the size finder's answers. */
const STOREFRONT_WRITES = new Set(['members/http/post-member', 'size-finder/http/post-answers']);

export interface SampleRequest {
  /** Path under /api, with the query string. */
  path: string;
  /** Path parameters, as the gateway would extract them. */
  pathParameters?: Record<string, string>;
  /** A JSON body; `call` is the call's number, so writes can use distinct inputs. */
  body?: (call: number) => unknown;
  /** A distinct client address per call (for per-address limits). */
  distinctClients?: true;
  /** DynamoDB requests per call, as docs/data-model.md lists them. */
  ddbRequests: number;
}

const gown = DEMO.womenSized;
const product = DEMO.availableProduct;

/** Keyed by route path. */
const SAMPLES: Record<string, SampleRequest> = {
  '/get-pro-related-video': { path: `/get-pro-related-video?id=${gown}&gender=00`, ddbRequests: 1 },
  '/getTypeByGender': { path: '/getTypeByGender?gender=0', ddbRequests: 1 },
  '/has-single-product': { path: `/has-single-product?id=${DEMO.singleCollection}&gender=0`, ddbRequests: 1 },
  '/get-imgs-by-pid': { path: `/get-imgs-by-pid?id=${product}&type=1`, ddbRequests: 1 },
  '/type': { path: `/type?id=${gown}`, ddbRequests: 1 },
  '/has-sizes': { path: `/has-sizes?id=${gown}`, ddbRequests: 1 },
  '/size-guides-for-product': {
    path: `/size-guides-for-product?sizeId=${DEMO.sizeWithGuides}&gender=0`,
    ddbRequests: 1,
  },
  '/all-steps-by-tid': { path: `/all-steps-by-tid?tid=${gown}&gender=0`, ddbRequests: 1 },
  '/sizes-by-type': { path: `/sizes-by-type?tid=${gown}&gender=0`, ddbRequests: 1 },
  '/getNextColor': {
    path: `/getNextColor?gender=0&index=0&typeId=${gown}&colorComb=&size=M`,
    ddbRequests: 1,
  },
  '/getProductIdByColor': {
    path: `/getProductIdByColor?gender=0&typeId=${gown}&color={black,white}&size=M`,
    ddbRequests: 1,
  },
  '/get-product-info': { path: `/get-product-info?title=material&tid=${gown}`, ddbRequests: 1 },
  '/get-product-details-info': {
    path: `/get-product-details-info?title=material&tid=${gown}`,
    ddbRequests: 1,
  },
  '/get-vid-by-pid': { path: `/get-vid-by-pid?id=${product}`, ddbRequests: 1 },
  '/is-sold': { path: `/is-sold?id=${product}`, ddbRequests: 1 },
  '/price-with-shipping': { path: `/price-with-shipping?id=${product}&tid=${gown}`, ddbRequests: 1 },
  '/films': { path: '/films', ddbRequests: 1 },
  '/products/{id}': { path: `/products/${product}`, pathParameters: { id: product }, ddbRequests: 1 },
  '/member': {
    path: '/member',
    body: (call) => ({ email: `bench-${process.pid}-${call}@example.com` }),
    distinctClients: true,
    ddbRequests: 1,
  },
  '/answers': {
    path: '/answers',
    body: (call) => ({
      typeId: gown,
      gender: 0,
      email: `bench-${process.pid}-${call}@example.com`,
      result: { '1': { shortName: 'height', val: '170 cm' } },
    }),
    // Limited per client address (10 an hour, issue 20).
    distinctClients: true,
    ddbRequests: 1,
  },
};

export interface StorefrontCall {
  route: Route;
  read: boolean;
  sample: SampleRequest;
}

/** Every storefront route of the table with its sample; a route without one stops the bench. */
export function storefrontCalls(): StorefrontCall[] {
  return routes
    .filter((route) => isStorefrontRead(route) || STOREFRONT_WRITES.has(route.handler))
    .map((route) => {
      const sample = SAMPLES[route.path];
      if (!sample) throw new Error(`test/bench/storefront.ts has no sample request for ${route.path}`);
      return { route, read: isStorefrontRead(route), sample };
    });
}

/** The storefront reads the gateway is loaded with: the calls of the home, listing and product pages. */
export const LOADED_READS = ['/getTypeByGender', '/type', '/get-imgs-by-pid', '/products/{id}', '/is-sold'];
