import { notFound } from '#platform/http-error.ts';
import type { EntityFileDoc } from '#platform/table-doc.ts';
import type { Gender, InfoTitle } from '#shared/constants.ts';
import { getItem, projection, queryAll, withoutKeys } from '#table/query.ts';
import { COLLECTIONS_LIST, collectionFamily, collectionKey, collectionKeys, SIZES_PREFIX } from './keys.ts';
import type { ProductEntity } from './product.ts';
import type { SizeEntity } from './size.ts';

/** Entities as stored (keys excluded). Field names follow the spec's entities (000 §3, 001 §3). */

export interface CollectionEntity extends Partial<Record<InfoTitle, string>> {
  kind: 'type';
  id: string;
  name: string;
  label?: string;
  gender: Gender;
  areaAmount: number;
  /** The colour areas' names, in order (bodice, skirt); absent: "colour n". */
  areaNames?: string[];
  singlecollection: boolean;
  issoldout: boolean;
  preSale: boolean;
  preSaleText?: string;
  discount: boolean;
  /** Admin only: the code a shopper types at checkout. */
  discountCode?: string;
  /** Percent. */
  discountAmount?: number;
  /** Shown in the authenticity portal only. */
  authPortalText?: string;
  /** JSON arrays of image urls, as text (the literal 'undefined' counts as empty). */
  womenproductimage: string;
  menproductimage: string;
  /** Shipping price in USD per ISO 3166 country code. */
  shippingPrices: Record<string, number>;
  createdAt: string;
}

/** A transaction holds 100 writes; the audit entry takes one. */
export const TRANSACTION_ROOM = 99;

export const ADMIN_COLLECTION_LIST_FIELDS = [
  'id',
  'name',
  'label',
  'gender',
  'areaAmount',
  'singlecollection',
  'issoldout',
  'preSale',
  'discount',
  'menproductimage',
  'womenproductimage',
  'createdAt',
] as const;

/** Every collection, newest first (one Query of gsi2 TYPES). */
export async function listAllCollections(
  fields: readonly string[] = ADMIN_COLLECTION_LIST_FIELDS,
): Promise<CollectionEntity[]> {
  const { ProjectionExpression, ExpressionAttributeNames } = projection(fields);
  return queryAll<CollectionEntity>({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :types',
    ExpressionAttributeValues: { ':types': COLLECTIONS_LIST },
    ProjectionExpression,
    ExpressionAttributeNames,
    ScanIndexForward: false,
  });
}

export async function requireCollection(id: string): Promise<CollectionEntity> {
  const type = await getItem<CollectionEntity>(collectionKey(id));
  if (!type) throw notFound('collection');
  return withoutKeys(type);
}

/** Storefront reads. Each function is one DynamoDB request (see docs/data-model.md). */

export const COLLECTION_LIST_FIELDS = [
  'id',
  'name',
  'label',
  'gender',
  'areaAmount',
  'singlecollection',
  'issoldout',
  'preSale',
  'preSaleText',
  'discount',
  'menproductimage',
  'womenproductimage',
  'createdAt',
] as const;

/** Collections a gender sees: its own and the unisex ones, oldest first. */
export async function listCollectionsForGender(gender: Gender): Promise<CollectionEntity[]> {
  const { ProjectionExpression, ExpressionAttributeNames } = projection(COLLECTION_LIST_FIELDS);
  return queryAll<CollectionEntity>({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :types',
    FilterExpression: '#g IN (:gender, :unisex)',
    ProjectionExpression,
    ExpressionAttributeNames: { ...ExpressionAttributeNames, '#g': 'gender' },
    ExpressionAttributeValues: { ':types': COLLECTIONS_LIST, ':gender': gender, ':unisex': 2 },
  });
}

export async function getCollection(
  id: string,
  fields?: readonly string[],
): Promise<CollectionEntity | undefined> {
  return getItem<CollectionEntity>(collectionKey(id), fields ? [...fields] : undefined);
}

/**
 * A size finder as the collection's family holds it (the size-finder module owns the rest of
 * it): enough to tell that a collection still has finders.
 */
export interface FamilyFinder {
  kind: 'sizeFinder';
  id: string;
}

export interface CollectionFamily {
  type?: CollectionEntity;
  sizes: SizeEntity[];
  products: ProductEntity[];
  finders: FamilyFinder[];
}

/** The family's items of the catalogue's own kinds; size finders' steps and options are left out. */
type FamilyItem = CollectionEntity | SizeEntity | ProductEntity | FamilyFinder | { kind: 'step' | 'option' };

function splitFamily(items: FamilyItem[]): CollectionFamily {
  const family: CollectionFamily = { sizes: [], products: [], finders: [] };
  for (const item of items) {
    if (item.kind === 'type') family.type = item;
    else if (item.kind === 'size') family.sizes.push(item);
    else if (item.kind === 'product') family.products.push(item);
    else if (item.kind === 'sizeFinder') family.finders.push(item);
  }
  return family;
}

/** The type with its sizes (in size order). */
export async function getCollectionWithSizes(typeId: string): Promise<CollectionFamily> {
  return splitFamily(
    await queryAll<FamilyItem>({
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :family AND gsi1sk BETWEEN :type AND :sizesEnd',
      ExpressionAttributeValues: {
        ':family': collectionFamily(typeId),
        ':type': '#TYPE',
        ':sizesEnd': `${SIZES_PREFIX}\uffff`,
      },
    }),
  );
}

/** The type with its products (and, in between, its few sizes and finders). */
export async function getCollectionWithProducts(typeId: string): Promise<CollectionFamily> {
  return splitFamily(
    await queryAll<FamilyItem>({
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :family',
      ExpressionAttributeValues: { ':family': collectionFamily(typeId) },
    }),
  );
}

/** Its table items, for docs/reference/data-model-keys.md (`npm run docs`; functions/platform/table-doc.ts). */
export const tableDoc: EntityFileDoc = {
  items: [
    {
      entity: 'Type (collection)',
      pk: '`TYPE#<tid>`',
      sk: '`#TYPE`',
      gsi1: '`TYPE#<tid>` / `#TYPE`',
      gsi2: '`TYPES` / `<createdAt>#<tid>`',
      keys: () => collectionKeys({ id: '<tid>', createdAt: '<createdAt>' }),
    },
  ],
};
