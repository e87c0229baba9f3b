import type { EntityFileDoc } from '#platform/table-doc.ts';
import { type Keys, pad } from '#table/keys.ts';

/**
 * The catalogue's keys, in one file: collections, products, sizes and size guides, and card
 * claims. Entity files import them from here, so no entity file needs another one's values.
 */

export const collectionKey = (id: string) => ({ pk: `TYPE#${id}`, sk: '#TYPE' });

export const collectionKeys = (t: { id: string; createdAt: string }): Keys => ({
  ...collectionKey(t.id),
  gsi1pk: `TYPE#${t.id}`,
  gsi1sk: '#TYPE',
  gsi2pk: 'TYPES',
  gsi2sk: `${t.createdAt}#${t.id}`,
});

/** gsi1 partition holding a type, its sizes, size finders (with steps and options) and products. */
export const collectionFamily = (typeId: string) => `TYPE#${typeId}`;

export const COLLECTIONS_LIST = 'TYPES';

export const PRODUCT_PREFIX = 'PRODUCT#';

export const productKey = (id: string) => ({ pk: `PRODUCT#${id}`, sk: '#PRODUCT' });

export const productKeys = (p: { id: string; typeId: string; createdAt: string }): Keys => ({
  ...productKey(p.id),
  gsi1pk: collectionFamily(p.typeId),
  gsi1sk: `${PRODUCT_PREFIX}${p.id}`,
  gsi2pk: 'PRODUCTS',
  gsi2sk: `${p.createdAt}#${p.id}`,
});

/** A product's keys; a single piece outside any collection (no type id) has no gsi1 family. */
export const productKeysOf = (p: { id: string; typeId: string; createdAt: string }): Keys => {
  if (p.typeId) return productKeys(p);
  const { gsi1pk: _family, gsi1sk: _position, ...rest } = productKeys(p);
  return rest;
};

export const SIZES_PREFIX = '#TYPE#SIZE#';

export const sizeKey = (id: string) => ({ pk: `SIZE#${id}`, sk: '#SIZE' });

export const sizeKeys = (s: { id: string; typeId: string; index: number }): Keys => ({
  ...sizeKey(s.id),
  gsi1pk: collectionFamily(s.typeId),
  gsi1sk: `${SIZES_PREFIX}${pad(s.index)}#${s.id}`,
});

export const sizeGuideKeys = (g: { id: string; sizeId: string }): Keys => ({
  pk: `SIZE#${g.sizeId}`,
  sk: `GUIDE#${g.id}`,
});

/**
 * A card number's claim: one per engraved number, so two pieces can never share one (written
 * with `attribute_not_exists` in the transaction that gives a product its number).
 */
export const cardClaimKey = (cardNumber: string) => ({ pk: `CARD#${cardNumber}`, sk: '#CARD' });

/** Its table items, for docs/reference/data-model-keys.md (`npm run docs`; functions/platform/table-doc.ts). */
export const tableDoc: EntityFileDoc = {
  adds: { to: 'Product', what: "the catalogue's keys" },
};
