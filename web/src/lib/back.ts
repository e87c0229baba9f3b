import { collectionTarget } from './collection-link.ts';
import { type NavTarget, type NavValues, navTarget } from './nav-input.ts';

/**
 * Back buttons (000 §2): one step back when the shopper came from a page of this site (the
 * router then restores that page's scroll offset), else the page's parent, so a direct landing
 * never leaves the site.
 */

const ENTRY_PREFIX = 'nav-entry:';

/** The router's position in this tab's history: 0 on a landing, counting up with each push. */
export function historyIndex(): number {
  const state = window.history.state as { idx?: unknown } | null;
  return typeof state?.idx === 'number' ? state.idx : 0;
}

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** Called on every location: which address each history position holds, for the Back button. */
export function rememberEntry(address: string): void {
  storage()?.setItem(`${ENTRY_PREFIX}${historyIndex()}`, address);
}

/** The address one step back in this tab, when it was a page of this site. */
export function previousEntry(): string | undefined {
  const index = historyIndex();
  if (index < 1) return undefined;
  return storage()?.getItem(`${ENTRY_PREFIX}${index - 1}`) ?? undefined;
}

const pathOf = (address: string) => address.split(/[?#]/)[0]?.replace(/\/+$/, '') || '/';

/** Whether one step back is the given address (compared by path). */
export function backIs(address: string): boolean {
  const previous = previousEntry();
  return previous !== undefined && pathOf(previous) === pathOf(address);
}

const genderList = (gender: string | undefined) =>
  gender === '0' ? '/women' : gender === '1' ? '/men' : '/products';

/**
 * Where a page sits in the shop, for a Back button on a direct landing: a product page's
 * collection (or its list of single pieces), a collection's women's or men's list, a checkout's
 * product page, an information page's menu; /home at the top.
 */
export function parentOf(pathname: string, values: NavValues): string | NavTarget {
  const path = pathOf(pathname);
  const { type, gender } = values;
  const listGender = gender === '0' ? 0 : gender === '1' ? 1 : undefined;
  // A collection's page at its canonical address (collection-link.ts).
  const collection = (single = false) =>
    type && listGender !== undefined ? collectionTarget(type, listGender, single) : genderList(gender);
  switch (path) {
    case '/products/productdetails':
      if (values.singleProduct === 'true' && type && listGender !== undefined) return collection(true);
      return collection();
    case '/products/purchase':
      return values.product
        ? navTarget('/products/productdetails', { productId: values.product, type })
        : '/products';
    case '/products/singleproducts':
    case '/products/productrelated':
      return genderList(gender);
    case '/products/shopproduct':
    case '/products/sizepicker':
    case '/products/productsizeguide':
    case '/products/productvideo':
    case '/products/productdimensions':
    case '/products/meaning-of-design':
      return collection();
    case '/home':
    case '/products':
    case '/world':
    case '/more':
    case '/allvideos':
    case '/boutique':
      return '/home';
  }
  // A page under a menu goes to its menu (/more/taxes → /more, /world/mission/lyrics → /world/mission).
  const up = path.slice(0, path.lastIndexOf('/'));
  return MENUS.has(up) ? up : '/home';
}

/** The menu pages other pages sit under. */
const MENUS = new Set([
  '/products',
  '/world',
  '/world/mission',
  '/world/episodes',
  '/more',
  '/allvideos',
  '/boutique',
]);
