import { coloursInWords } from '#shared/colour-areas.ts';
import type {
  getImgsByPidContract,
  getProductContract,
  getTypeContract,
  isSoldContract,
} from '#shared/contracts/catalog.ts';
import type { Answer } from '#shared/contracts/contract.ts';
import { firstStoredPicture } from '#shared/media.ts';

/**
 * What a rendered page knows of a piece: the catalogue's answers as the API gives them to the
 * app (never a database read), so the page ahead of time and the page in the browser say the
 * same thing.
 */
export type PublicProduct = Answer<typeof getProductContract>[number];
export type PublicCollection = Answer<typeof getTypeContract>['type'];
export type PublicImage = Answer<typeof getImgsByPidContract>['imgs'][number];
export type SoldAnswer = Answer<typeof isSoldContract>;

export interface PieceFacts {
  /** GET /products/{id}'s element. */
  product: PublicProduct;
  /** GET /type?id=typeId's collection; none for a single piece outside any collection. */
  collection?: PublicCollection | undefined;
  /** GET /get-imgs-by-pid?id&type=1: the piece's pictures, in any order (sorted by `index`). */
  images: readonly PublicImage[];
  /** GET /is-sold?id, when the renderer asked it: a checkout's hold shows only there. */
  sold?: SoldAnswer | undefined;
}

/**
 * Where a piece stands for a shopper, in the order the product page decides it
 * (web/src/features/catalog/product-details.tsx): sold is final; a collection on pre-sale shows
 * only its pre-sale text; a piece offered by a release draw is entered, not bought (issue 35);
 * a piece a checkout holds is bought by nobody else until the hold ends; else it is for sale.
 */
export type PieceAvailability = 'in-stock' | 'sold' | 'pre-order' | 'draw' | 'held';

export function pieceAvailability(
  piece: Pick<PieceFacts, 'product' | 'collection' | 'sold'>,
): PieceAvailability {
  const { product, collection, sold } = piece;
  if (product.sold || product.status === 0 || sold?.sold) return 'sold';
  if (collection?.preSale) return 'pre-order';
  if (product.draw) return 'draw';
  if (sold && !sold.available) return 'held';
  return 'in-stock';
}

/** The collection's name as pages show it (its label, else its name). */
export function collectionTitle(collection: Pick<PublicCollection, 'label' | 'name'>): string {
  return collection.label?.trim() ? collection.label : collection.name;
}

/** The piece's name as its page heads it (product-details.tsx). */
export function pieceName(piece: Pick<PieceFacts, 'product' | 'collection'>): string {
  const { product, collection } = piece;
  return product.name || product.typeName || (collection ? collectionTitle(collection) : 'one of one');
}

/** `Aurora 08 · Aurora`, or the name alone when the collection is named the same or there is none. */
export function pieceLead(piece: Pick<PieceFacts, 'product' | 'collection'>): string {
  const name = pieceName(piece);
  const collection = piece.collection ? collectionTitle(piece.collection) : '';
  return collection && collection !== name ? `${name} · ${collection}` : name;
}

/** `bodice black, skirt ivory`: each colour under its area's name, as the page lists them. */
export function pieceColours(piece: Pick<PieceFacts, 'product' | 'collection'>): string {
  const { product, collection } = piece;
  return coloursInWords(
    product.colors,
    collection?.areaAmount ?? product.colors.length,
    collection?.areaNames,
  )
    .map(({ area, color }) => `${area} ${color}`)
    .join(', ');
}

/**
 * The piece's stored pictures, in the gallery's order; the collection's first picture (for the
 * piece's gender) when the piece has none of its own.
 */
export function piecePictures(piece: Pick<PieceFacts, 'product' | 'collection' | 'images'>): string[] {
  const own = [...piece.images].sort((a, b) => a.index - b.index).map((image) => image.url);
  if (own.length > 0 || !piece.collection) return own;
  const { collection, product } = piece;
  const first =
    product.gender === 1
      ? (firstStoredPicture(collection.menproductimage) ?? firstStoredPicture(collection.womenproductimage))
      : (firstStoredPicture(collection.womenproductimage) ?? firstStoredPicture(collection.menproductimage));
  return first ? [first] : [];
}
