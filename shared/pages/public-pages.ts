/**
 * The public pages the shop renders ahead of time (issue 47): each has one canonical address (what
 * a link preview, a search engine and the sitemap name) and one key in the web bucket, where the
 * page rendered from the catalogue is written whenever what it shows changes. The edge (and the
 * local gateway) serve the rendered page for its canonical address; any other address of the app
 * is served the empty app as before.
 */
export type ListGender = 0 | 1;

export type PublicPage =
  /** `/home`: the main menu. */
  | { kind: 'home' }
  /** `/women/`, `/men/`: the collections of a gender. */
  | { kind: 'list'; gender: ListGender }
  /** `/products/productdetails?productId=…`: one piece. */
  | { kind: 'piece'; productId: string }
  /** A world or more page (`/world/…`, `/more/…`, `/boutique`, `/products`, `/accessibility`). */
  | { kind: 'content'; path: string }
  /** `/draws`: the draws open now and to come. */
  | { kind: 'draws' }
  /** `/draw/<drawId>`: one release draw. */
  | { kind: 'draw'; drawId: string }
  /**
   * A collection as a shopper of one gender comes to it from that gender's list: its landing
   * (`/products/productrelated?type=…&gender=…`), or for a single collection (each piece on its
   * own, `singlecollection`) its list of pieces (`/products/singleproducts?type=…&gender=…`).
   */
  | { kind: 'collection'; typeId: string; gender: ListGender; single: boolean };

/** Where rendered pages live in the web bucket (and nothing else does). */
export const PAGES_PREFIX = 'pages/';

const GENDER_PATH = { 0: '/women/', 1: '/men/' } as const;

/** The canonical address of a page: its path, with the one query parameter a piece needs. */
export function pagePath(page: PublicPage): string {
  switch (page.kind) {
    case 'home':
      return '/home';
    case 'list':
      return GENDER_PATH[page.gender];
    case 'piece':
      return `/products/productdetails?productId=${encodeURIComponent(page.productId)}`;
    case 'content':
      return page.path;
    case 'draws':
      return '/draws';
    case 'draw':
      return `/draw/${encodeURIComponent(page.drawId)}`;
    case 'collection':
      return collectionPath(page);
  }
}

/**
 * A collection page's canonical address: its type and the shopper's gender, nothing else (the
 * page reads the rest, its colour areas, from the collection). The app's own links say exactly
 * this, in this order (web/src/lib/collection-link.ts), so what a shopper shares is the page.
 */
export function collectionPath(page: Omit<Extract<PublicPage, { kind: 'collection' }>, 'kind'>): string {
  const path = page.single ? '/products/singleproducts' : '/products/productrelated';
  return `${path}?type=${encodeURIComponent(page.typeId)}&gender=${page.gender}`;
}

/** Ids as the table writes them: letters, digits, `-` and `_` (a key never needs escaping). */
const ID = /^[A-Za-z0-9_-]{1,100}$/;

/** The page's object in the web bucket, under PAGES_PREFIX. */
export function pageKey(page: PublicPage): string {
  switch (page.kind) {
    case 'home':
      return `${PAGES_PREFIX}home.html`;
    case 'list':
      return `${PAGES_PREFIX}${page.gender === 0 ? 'women' : 'men'}.html`;
    case 'piece':
      if (!ID.test(page.productId)) throw new RangeError(`not a product id: ${page.productId}`);
      return `${PAGES_PREFIX}pieces/${page.productId}.html`;
    case 'content':
      return `${PAGES_PREFIX}content${page.path.replace(/\/$/, '')}.html`;
    case 'draws':
      return `${PAGES_PREFIX}draws.html`;
    case 'draw':
      if (!ID.test(page.drawId)) throw new RangeError(`not a draw id: ${page.drawId}`);
      return `${PAGES_PREFIX}draws/${page.drawId}.html`;
    case 'collection':
      if (!ID.test(page.typeId)) throw new RangeError(`not a collection id: ${page.typeId}`);
      if (page.gender !== 0 && page.gender !== 1) throw new RangeError(`not a list's gender: ${page.gender}`);
      return `${PAGES_PREFIX}${page.single ? 'singles' : 'collections'}/${page.typeId}/${GENDER_NAME[page.gender]}.html`;
  }
}

const GENDER_NAME = { 0: 'women', 1: 'men' } as const;

/**
 * The world and more pages rendered ahead of time: every content route of the app
 * (web/src/features/content/routes.tsx) but the membership's mailed links, which are personal.
 */
export const CONTENT_PATHS = [
  '/products',
  '/boutique',
  '/boutique/twoboutiques',
  '/accessibility',
  '/world',
  '/world/authentification',
  '/world/club',
  '/world/episodes',
  '/world/followus',
  '/world/meaning',
  '/world/membership',
  '/world/mission',
  '/world/mission/written',
  '/world/mission/video',
  '/world/mission/music',
  '/world/mission/lyrics',
  '/world/oneofoneluxury',
  '/world/philanthropy',
  '/world/products',
  '/world/purchasingproduct',
  '/world/support',
  '/world/gifts',
  '/world/fundraiser',
  '/more',
  '/more/contact_us',
  '/more/changecountrycurrency',
  '/more/shipping_methods',
  '/more/shipping_cost',
  '/more/delivery_time',
  '/more/payment_methods',
  '/more/duties',
  '/more/prices_currencies',
  '/more/int_transaction_fees',
  '/more/returns',
  '/more/refund',
  '/more/tracking',
  '/more/taxes',
  '/more/privacy-policy',
  '/more/terms-and-conditions',
  '/allvideos',
] as const;

/** The page a key of the web bucket holds (pageKey's inverse); undefined for any other key. */
export function pageOfKey(key: string): PublicPage | undefined {
  if (!key.startsWith(PAGES_PREFIX) || !key.endsWith('.html')) return undefined;
  const name = key.slice(PAGES_PREFIX.length, -'.html'.length);
  if (name === 'home') return { kind: 'home' };
  if (name === 'women' || name === 'men') return { kind: 'list', gender: name === 'women' ? 0 : 1 };
  if (name === 'draws') return { kind: 'draws' };
  const [folder, id, ...rest] = name.split('/');
  if (rest.length === 0 && id && ID.test(id)) {
    if (folder === 'pieces') return { kind: 'piece', productId: id };
    if (folder === 'draws') return { kind: 'draw', drawId: id };
  }
  if ((folder === 'collections' || folder === 'singles') && id && ID.test(id) && rest.length === 1) {
    const gender = rest[0] === 'women' ? 0 : rest[0] === 'men' ? 1 : undefined;
    if (gender !== undefined) return { kind: 'collection', typeId: id, gender, single: folder === 'singles' };
  }
  const path = name.startsWith('content/') ? name.slice('content'.length) : undefined;
  return path && (CONTENT_PATHS as readonly string[]).includes(path) ? { kind: 'content', path } : undefined;
}
