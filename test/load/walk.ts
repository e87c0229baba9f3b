import { type Route, routes } from '../../functions/routes.ts';

/**
 * A shopper's walk on release day, as the web app makes it: the API calls each page issues when
 * it opens, found in web/src (one place: here). Pictures, scripts and index.html come from the
 * edge too and are not counted; a page view is its API calls.
 *
 * - `/women` (features/catalog/gender-list.tsx, first-screen.ts `typesRead`): GET /getTypeByGender.
 * - the collection, `/products/productrelated` (product-related.tsx): GET /type, GET /has-sizes.
 * - the piece, `/products/productdetails` (product-details.tsx, first-screen.ts): GET
 *   /products/{id}, GET /get-imgs-by-pid (type 1), GET /type (asked again on each page: react-query
 *   keeps it stale, staleTime 0).
 * - the purchase page, `/products/purchase` (checkout/purchase.tsx, api.ts; components/payment/terms-before-paying.tsx):
 *   GET /is-sold, GET /price-with-shipping, GET /type, GET /terms.
 */

export interface Call {
  /** The route table's path (`/products/{id}`), to name the read. */
  read: string;
  /** Path under the origin, with the query string, as the web app writes it (`apiUrl`). */
  path: string;
}

export interface Page {
  name: string;
  /** Where the web app's code for it lives (web/src/…). */
  source: string;
  calls: Call[];
}

/** `apiUrl` of web/src/lib/api.ts: /api + path + the parameters in the order given. */
function apiUrl(path: string, params: Record<string, string | number> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) search.set(key, String(value));
  const query = search.toString();
  return `/api${path}${query ? `?${query}` : ''}`;
}

const call = (read: string, path: string, params: Record<string, string | number> = {}): Call => {
  const route: Route | undefined = routes.find((r) => r.method === 'GET' && r.path === read);
  if (!route) throw new Error(`the walk names ${read}, which is no GET of the route table`);
  return { read, path: apiUrl(path, params) };
};

/** The four pages from /women to the purchase page of one piece of one collection (women's: gender 0). */
export function walkTo(piece: { id: string; typeId: string }): Page[] {
  const gender = 0;
  return [
    {
      name: '/women',
      source: 'features/catalog/gender-list.tsx',
      calls: [call('/getTypeByGender', '/getTypeByGender', { gender })],
    },
    {
      name: 'collection',
      source: 'features/catalog/product-related.tsx',
      calls: [
        call('/type', '/type', { id: piece.typeId }),
        call('/has-sizes', '/has-sizes', { id: piece.typeId }),
      ],
    },
    {
      name: 'product',
      source: 'features/catalog/product-details.tsx',
      calls: [
        call('/products/{id}', `/products/${encodeURIComponent(piece.id)}`),
        call('/get-imgs-by-pid', '/get-imgs-by-pid', { id: piece.id, type: 1 }),
        call('/type', '/type', { id: piece.typeId }),
      ],
    },
    {
      name: 'purchase',
      source: 'features/checkout/purchase.tsx',
      calls: [
        call('/is-sold', '/is-sold', { id: piece.id }),
        call('/price-with-shipping', '/price-with-shipping', { id: piece.id, tid: piece.typeId }),
        call('/type', '/type', { id: piece.typeId }),
        call('/terms', '/terms'),
      ],
    },
  ];
}
