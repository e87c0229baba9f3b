import { apiUrl } from '../../lib/api.ts';
import type { PublicAnswer } from '../../lib/api-types.ts';
import { parseGallery } from './gallery-text.ts';

/**
 * What the catalogue's landing screens ask for first, kept apart from the screens (and small)
 * so web/src/boot/early.ts can ask for it before the app has loaded: the API reads (the very
 * URLs the screens' queries read, api.ts), the route module, and where the first picture (the
 * page's largest paint) is found in an answer.
 */

/** A phone shows a gallery across the screen (less the page's margins); wider screens at most 500 px. */
export const GALLERY_SIZES = '(max-width: 540px) calc(100vw - 2rem), 500px';

/**
 * The piece page's gallery (catalog.css, .catalog-details-gallery): on a phone no wider than
 * 300 px or 40 % of the screen's height at 4 : 5 (its purchase action on the first screen).
 */
export const DETAILS_GALLERY_SIZES = '(max-width: 899px) min(calc(100vw - 2rem), max(300px, 32vh)), 500px';

/** The collection lists' grid (catalog.css): one column, then two of 440 px, then three of 380 px. */
export const LIST_GALLERY_SIZES =
  '(min-width: 1120px) 380px, (min-width: 760px) 440px, (min-width: 540px) 500px, calc(100vw - 2rem)';

export const typesRead = (gender: 0 | 1) => apiUrl('/getTypeByGender', { gender });
export const productRead = (productId: string) => apiUrl('/products/{id}', { id: productId });
export const imagesRead = (id: string, type: 1 | 3 | 4 | 5 | 6) => apiUrl('/get-imgs-by-pid', { id, type });
export const typeRead = (typeId: string) => apiUrl('/type', { id: typeId });

export interface FirstScreen {
  /** The screen's lazily loaded module, as a path under web/src (web/vite-early-requests.ts). */
  route: string;
  /** The API reads the screen makes as it opens. */
  reads: string[];
  /** The screen's first picture: which read's answer names it, and how it is drawn. */
  picture?: { read: string; sizes: string; find: (answer: unknown) => string | undefined };
}

export const LIST_ROUTE = 'features/catalog/gender-list.tsx';
export const DETAILS_ROUTE = 'features/catalog/product-details.tsx';

export function catalogFirstScreen(pathname: string, search: URLSearchParams): FirstScreen | undefined {
  const list = /^\/(women|men)(\/|$)/.exec(pathname);
  if (list) {
    const gender = list[1] === 'women' ? 0 : 1;
    const read = typesRead(gender);
    return {
      route: LIST_ROUTE,
      reads: [read],
      picture: {
        read,
        sizes: LIST_GALLERY_SIZES,
        find: (answer) => {
          const first = (answer as PublicAnswer<'/getTypeByGender'>).types?.[0];
          return first && parseGallery(gender === 0 ? first.womenproductimage : first.menproductimage)[0];
        },
      },
    };
  }
  const productId = search.get('productId');
  if (pathname === '/products/productdetails' && productId) {
    const typeId = search.get('type');
    const images = imagesRead(productId, 1);
    return {
      route: DETAILS_ROUTE,
      reads: [productRead(productId), images, ...(typeId ? [typeRead(typeId)] : [])],
      picture: {
        read: images,
        sizes: DETAILS_GALLERY_SIZES,
        find: (answer) => (answer as PublicAnswer<'/get-imgs-by-pid'>).imgs?.[0]?.url,
      },
    };
  }
  return undefined;
}
