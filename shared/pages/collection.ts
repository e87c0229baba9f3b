import type { CollectionPage, ItemList, WithContext } from 'schema-dts';
import type { hasSingleProductContract } from '#shared/contracts/catalog.ts';
import type { Answer } from '#shared/contracts/contract.ts';
import { firstStoredPicture } from '#shared/media.ts';
import { MESSAGES } from '#shared/messages.ts';
import { absoluteUrl, headTags, ONE_OF_ONE, type PageHead, previewImage, type Site } from './head.ts';
import { collectionTitle, type PublicCollection } from './piece.ts';
import { jsonLdScript } from './product-json-ld.ts';
import { type ListGender, type PublicPage, pagePath } from './public-pages.ts';

/**
 * A collection's page rendered ahead of time (issue 47): its landing
 * (/products/productrelated, product-related.tsx) or, for a single collection, its list of pieces
 * (/products/singleproducts, single-products.tsx), as a shopper of one gender sees it. Its head
 * says what the page says: the pre-sale text while on pre-sale, that every piece is sold once the
 * collection is sold out, the pieces a list shows (or that there are none); its preview is the
 * collection's first photograph for that gender, cropped for previews.
 */

export type CollectionPageOf = Extract<PublicPage, { kind: 'collection' }>;
export type CollectionPiece = Answer<typeof hasSingleProductContract>['products'][number];

export interface CollectionFacts {
  /** GET /type?id's collection. */
  collection: PublicCollection;
  /** GET /has-single-product?id&gender's pieces: a single collection's list shows them. */
  pieces?: readonly CollectionPiece[] | undefined;
}

const WHO = { 0: 'women', 1: 'men' } as const;

/** Whether the page is one the shop shows: the collection is of this kind and on this gender's list. */
export function collectionShowsPage(
  collection: Pick<PublicCollection, 'gender' | 'singlecollection'>,
  page: Pick<CollectionPageOf, 'gender' | 'single'>,
): boolean {
  const onList = collection.gender === 2 || collection.gender === page.gender;
  return onList && collection.singlecollection === page.single;
}

/** The collection's first photograph for the gender (the other gender's when it has none). */
export function collectionPictures(collection: PublicCollection, gender: ListGender): string[] {
  const [own, other] =
    gender === 1
      ? [collection.menproductimage, collection.womenproductimage]
      : [collection.womenproductimage, collection.menproductimage];
  const first = firstStoredPicture(own) ?? firstStoredPicture(other);
  return first ? [first] : [];
}

/** The pieces a single collection's list shows for the gender (single-products.tsx). */
export const listedPieces = (pieces: readonly CollectionPiece[], gender: ListGender) =>
  pieces.filter((piece) => piece.gender === gender || piece.gender === 2);

function describe(facts: CollectionFacts, page: CollectionPageOf): string {
  const { collection } = facts;
  const title = collectionTitle(collection);
  if (page.single) {
    const pieces = listedPieces(facts.pieces ?? [], page.gender);
    if (pieces.length === 0) return `${title}: ${MESSAGES.noProductsAvailable}.`;
    const unsold = pieces.filter((piece) => !piece.sold).length;
    const count = `${pieces.length} ${pieces.length === 1 ? 'piece' : 'pieces'}`;
    const left = unsold === pieces.length ? '' : unsold === 0 ? ', all sold' : `, ${unsold} not sold`;
    return `${title}, for ${WHO[page.gender]}: ${count}${left}. Each ${ONE_OF_ONE}`;
  }
  if (collection.preSale)
    return collection.preSaleText?.trim()
      ? `${title}: ${collection.preSaleText.trim()}`
      : `${title}: on pre-sale.`;
  if (collection.issoldout) return `${title}: ${MESSAGES.collectionSold}`;
  return `The ${title} collection, for ${WHO[page.gender]}: every piece ${ONE_OF_ONE}`;
}

export function collectionHead(facts: CollectionFacts, page: CollectionPageOf, site: Site): PageHead {
  const title = `${collectionTitle(facts.collection)}, for ${WHO[page.gender]} | ${site.name}`;
  const image = previewImage(
    site,
    collectionPictures(facts.collection, page.gender),
    collectionTitle(facts.collection),
  );
  return {
    title,
    description: describe(facts, page),
    path: pagePath(page),
    type: 'website',
    ...(image ? { image } : {}),
  };
}

/**
 * The page as a schema.org CollectionPage of the shop's site; a single collection's list names
 * its pieces' pages as an ItemList, in the order it shows them.
 */
export function collectionJsonLd(
  facts: CollectionFacts,
  page: CollectionPageOf,
  site: Site,
): WithContext<CollectionPage> {
  const head = collectionHead(facts, page, site);
  const url = absoluteUrl(site, head.path);
  const pieces = page.single ? listedPieces(facts.pieces ?? [], page.gender) : [];
  const list: ItemList = {
    '@type': 'ItemList',
    numberOfItems: pieces.length,
    itemListElement: pieces.map((piece, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      url: absoluteUrl(site, pagePath({ kind: 'piece', productId: piece.id })),
      name: piece.name ?? piece.id,
    })),
  };
  return {
    '@context': 'https://schema.org',
    '@type': 'CollectionPage',
    '@id': `${url}#page`,
    url,
    name: collectionTitle(facts.collection),
    description: head.description,
    ...(head.image ? { image: head.image.url } : {}),
    isPartOf: { '@type': 'WebSite', name: site.name, url: `${absoluteUrl(site, '/home')}` },
    ...(pieces.length > 0 ? { mainEntity: list } : {}),
  };
}

/** Everything a collection's rendered page carries in its <head>: the tags, then the JSON-LD. */
export function collectionHeadHtml(facts: CollectionFacts, page: CollectionPageOf, site: Site): string {
  return `${headTags(collectionHead(facts, page, site), site)}\n${jsonLdScript(collectionJsonLd(facts, page, site))}`;
}
