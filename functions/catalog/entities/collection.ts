import { randomUUID } from 'node:crypto';
import { tableName } from '#platform/aws-clients.ts';
import { httpError, notFound } from '#platform/http-error.ts';
import { deleteMediaObject, verifyUpload } from '#platform/uploads.ts';
import { ADMIN_MESSAGES } from '#shared/admin.ts';
import { type CollectionFields, parseImageSet, storeImageSet } from '#shared/admin-types.ts';
import { type Gender, INFO_TITLES, type InfoTitle } from '#shared/constants.ts';
import { COUNTRY_CODES, countryName } from '#shared/countries.ts';
import {
  finderPrefix,
  type OptionEntity,
  type SizeFinderEntity,
  type StepEntity,
} from '#size-finder/index.ts';
import { auditedWrite } from '#table/audit.ts';
import type { Keys } from '#table/keys.ts';
import { deleteKeys, getItem, projection, queryAll } from '#table/query.ts';
import type { TransactItem } from '#table/transactions.ts';
import { getCollectionImages } from './image.ts';
import { type ProductEntity, productKey } from './product.ts';
import { SIZES_PREFIX, type SizeEntity } from './size.ts';
import { getCollectionVideos } from './video.ts';

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

/** Entities as stored (keys excluded). Field names follow the spec's entities (000 §3, 001 §3). */

export interface CollectionEntity extends Partial<Record<InfoTitle, string>> {
  kind: 'type';
  id: string;
  name: string;
  label?: string;
  gender: Gender;
  areaAmount: number;
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
const TRANSACTION_ROOM = 99;

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
  return stripKeys(type);
}

function stripKeys<T extends object>(item: T): T {
  const copy = { ...item } as Record<string, unknown>;
  for (const k of ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk']) delete copy[k];
  return copy as T;
}

/** The fields a collection stores from the form: optional ones absent when blank. */
function storedFields(fields: CollectionFields): Partial<CollectionEntity> {
  return Object.fromEntries(
    Object.entries(fields).filter(([, v]) => v !== undefined),
  ) as Partial<CollectionEntity>;
}

/** Optional attributes the form may clear (they are removed when it sends none). */
const CLEARABLE = [
  'label',
  'preSaleText',
  'discountCode',
  'discountAmount',
  'authPortalText',
  ...INFO_TITLES,
] as const;

/**
 * Checks the urls of an image set that are new to the collection (each must be an upload this
 * server issued, of an image): answers the items that consume their upload tickets.
 */
async function claimNewImages(urls: readonly string[], known: ReadonlySet<string>): Promise<TransactItem[]> {
  const fresh = urls.filter((u) => !known.has(u));
  const verified = await Promise.all(fresh.map((u) => verifyUpload(u, ['image'])));
  return verified.map((v) => v.consume);
}

function requireSomeImages(women: readonly string[], men: readonly string[]): void {
  if (women.length === 0 && men.length === 0) throw httpError(400, ADMIN_MESSAGES.addMenOrWomenImage);
}

function refuseSharedPictures(women: readonly string[], men: readonly string[]): void {
  if (women.some((u) => men.includes(u))) {
    throw httpError(400, 'a picture cannot be in both the men and the women set');
  }
}

export async function createCollection(
  input: CollectionFields & { womenImages: string[]; menImages: string[] },
  admin: string,
): Promise<CollectionEntity> {
  const { womenImages, menImages, ...fields } = input;
  requireSomeImages(womenImages, menImages);
  refuseSharedPictures(womenImages, menImages);
  const consumes = await claimNewImages([...womenImages, ...menImages], new Set());
  const type: CollectionEntity = {
    kind: 'type',
    id: randomUUID(),
    ...(storedFields(fields) as Omit<CollectionEntity, 'kind' | 'id'>),
    womenproductimage: storeImageSet(womenImages),
    menproductimage: storeImageSet(menImages),
    shippingPrices: {},
    createdAt: new Date().toISOString(),
  };
  await auditedWrite(
    [
      {
        Put: {
          TableName: tableName(),
          Item: { ...collectionKeys(type), ...type },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      ...consumes,
    ],
    { admin, action: 'create', entity: 'type', entityId: type.id, after: type },
  );
  return type;
}

/**
 * Replaces a collection's fields (not its image sets, shipping prices or creation time). A new
 * name is copied onto its products, which show it as typeName.
 */
export async function updateCollection(
  id: string,
  fields: CollectionFields,
  admin: string,
): Promise<CollectionEntity> {
  const family = await getCollectionWithProducts(id);
  if (!family.type) throw notFound('collection');
  const before = stripKeys(family.type);
  requireSomeImages(parseImageSet(before.womenproductimage), parseImageSet(before.menproductimage));

  const set = storedFields(fields) as Record<string, unknown>;
  const remove = CLEARABLE.filter((k) => set[k] === undefined && before[k] !== undefined);
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets = Object.entries(set).map(([k, v], i) => {
    names[`#s${i}`] = k;
    values[`:s${i}`] = v;
    return `#s${i} = :s${i}`;
  });
  const removes = remove.map((k, i) => {
    names[`#r${i}`] = k;
    return `#r${i}`;
  });
  const update: TransactItem = {
    Update: {
      TableName: tableName(),
      Key: collectionKey(id),
      UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
  const after = { ...before, ...set } as CollectionEntity;
  for (const k of remove) delete (after as unknown as Record<string, unknown>)[k];

  const renamed = before.name !== after.name ? family.products : [];
  const inTransaction = renamed.slice(0, TRANSACTION_ROOM - 1);
  await auditedWrite([update, ...inTransaction.map((p) => renameProduct(p, id, after.name))], {
    admin,
    action: 'update',
    entity: 'type',
    entityId: id,
    before,
    after,
  });
  // A collection with more products than one transaction holds: the rest, one by one.
  for (const p of renamed.slice(inTransaction.length)) {
    await auditedWrite([renameProduct(p, id, after.name)], {
      admin,
      action: 'rename-type',
      entity: 'product',
      entityId: p.id,
      before: { typeName: p.typeName },
      after: { typeName: after.name },
    });
  }
  return after;
}

function renameProduct(p: ProductEntity, typeId: string, typeName: string): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: productKey(p.id),
      UpdateExpression: 'SET typeName = :name',
      ConditionExpression: 'attribute_exists(pk) AND typeId = :tid',
      ExpressionAttributeValues: { ':name': typeName, ':tid': typeId },
    },
  };
}

const IMAGE_SET_FIELD = { 0: 'womenproductimage', 1: 'menproductimage' } as const;

/**
 * Sets one gender's product image set to `urls`, in that order: urls already in the set stay,
 * new ones must be fresh uploads, the ones left out are deleted from the bucket afterwards.
 * The write holds only if the set is still what was read (no lost concurrent change).
 */
export async function setImageSet(
  id: string,
  gender: 0 | 1,
  urls: string[],
  admin: string,
): Promise<CollectionEntity> {
  const before = await requireCollection(id);
  const field = IMAGE_SET_FIELD[gender];
  const otherField = IMAGE_SET_FIELD[gender === 0 ? 1 : 0];
  const current = parseImageSet(before[field]);
  const other = parseImageSet(before[otherField]);
  requireSomeImages(urls, other);
  refuseSharedPictures(urls, other);
  const consumes = await claimNewImages(urls, new Set(current));
  const stored = storeImageSet(urls);
  const values: Record<string, unknown> = { ':new': stored };
  const unchanged = (name: '#set' | '#other', value: string | undefined, placeholder: string) => {
    if (value === undefined) return `attribute_not_exists(${name})`;
    values[placeholder] = value;
    return `${name} = ${placeholder}`;
  };
  const condition = [
    'attribute_exists(pk)',
    unchanged('#set', before[field], ':old'),
    unchanged('#other', before[otherField], ':other'),
  ].join(' AND ');
  await auditedWrite(
    [
      {
        Update: {
          TableName: tableName(),
          Key: collectionKey(id),
          UpdateExpression: 'SET #set = :new',
          ConditionExpression: condition,
          ExpressionAttributeNames: { '#set': field, '#other': otherField },
          ExpressionAttributeValues: values,
        },
      },
      ...consumes,
    ],
    {
      admin,
      action: 'update-images',
      entity: 'type',
      entityId: id,
      before: { [field]: before[field] },
      after: { [field]: stored },
    },
  );
  await Promise.all(current.filter((u) => !urls.includes(u)).map((u) => deleteMediaObject(u)));
  return { ...before, [field]: stored };
}

/** What still belongs to a collection and stops its deletion. */
function dependents(family: Awaited<ReturnType<typeof getCollectionWithProducts>>): string | undefined {
  const parts: string[] = [];
  const count = (n: number, one: string, many: string) => {
    if (n > 0) parts.push(`${n} ${n === 1 ? one : many}`);
  };
  count(family.products.length, 'product', 'products');
  count(family.sizes.length, 'size', 'sizes');
  count(family.finders.length, 'size finder', 'size finders');
  return parts.length ? parts.join(', ') : undefined;
}

/**
 * Deletes an empty collection with its images (types 3–6), videos and shipping prices (which
 * live on its item), then the media files. One with products, sizes or size finders is refused.
 */
export async function deleteCollection(id: string, admin: string): Promise<void> {
  const family = await getCollectionWithProducts(id);
  if (!family.type) throw notFound('collection');
  const holds = dependents(family);
  if (holds) {
    throw httpError(409, `this collection still has ${holds}. delete or move them first.`);
  }
  const [{ images }, videos] = await Promise.all([getCollectionImages(id), getCollectionVideos(id)]);
  const type = stripKeys(family.type);
  // Items as read (with their keys): whatever order index an image has now, its own key goes.
  const keyOf = (item: object) => {
    const { pk, sk } = item as { pk: string; sk: string };
    return { pk, sk };
  };
  const others = [...images.map(keyOf), ...videos.map(keyOf)];
  const inTransaction = others.slice(0, TRANSACTION_ROOM - 1);
  await auditedWrite(
    [
      {
        Delete: {
          TableName: tableName(),
          Key: collectionKey(id),
          ConditionExpression: 'attribute_exists(pk)',
        },
      },
      ...inTransaction.map((Key) => ({ Delete: { TableName: tableName(), Key } })),
    ],
    {
      admin,
      action: 'delete',
      entity: 'type',
      entityId: id,
      before: { ...type, images: images.map((i) => i.url), videos: videos.map((v) => v.url) },
    },
  );
  await deleteKeys(others.slice(inTransaction.length));
  const files = [
    ...parseImageSet(type.womenproductimage),
    ...parseImageSet(type.menproductimage),
    ...images.map((i) => i.url),
    ...videos.map((v) => v.url),
  ];
  await Promise.all([...new Set(files)].map((u) => deleteMediaObject(u)));
}

/** A collection as the admin edits it: every field, and the image sets as lists. */
export function adminCollectionView(t: CollectionEntity) {
  return {
    ...stripKeys(t),
    shippingPrices: t.shippingPrices ?? {},
    womenImages: parseImageSet(t.womenproductimage),
    menImages: parseImageSet(t.menproductimage),
  };
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

export interface CollectionFamily {
  type?: CollectionEntity;
  sizes: SizeEntity[];
  products: ProductEntity[];
  finders: SizeFinderEntity[];
  steps: StepEntity[];
  options: OptionEntity[];
}

type FamilyItem =
  | CollectionEntity
  | SizeEntity
  | ProductEntity
  | SizeFinderEntity
  | StepEntity
  | OptionEntity;

function splitFamily(items: FamilyItem[]): CollectionFamily {
  const family: CollectionFamily = { sizes: [], products: [], finders: [], steps: [], options: [] };
  for (const item of items) {
    if (item.kind === 'type') family.type = item;
    else if (item.kind === 'size') family.sizes.push(item);
    else if (item.kind === 'product') family.products.push(item);
    else if (item.kind === 'sizeFinder') family.finders.push(item);
    else if (item.kind === 'step') family.steps.push(item);
    else if (item.kind === 'option') family.options.push(item);
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

/**
 * The type with its size finder for a gender: finder, steps and options, in order. The range
 * also holds the finders of lower gender codes; callers keep the finder they asked for.
 */
export async function getCollectionWithFinder(typeId: string, gender: Gender): Promise<CollectionFamily> {
  return splitFamily(
    await queryAll<FamilyItem>({
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :family AND gsi1sk BETWEEN :type AND :finderEnd',
      ExpressionAttributeValues: {
        ':family': collectionFamily(typeId),
        ':type': '#TYPE',
        ':finderEnd': `${finderPrefix(gender)}\uffff`,
      },
    }),
  );
}

/**
 * A collection's shipping prices (001 §3 Shipping price: one per collection and country) live
 * on its item as `shippingPrices`: ISO country code → USD. A country without a price is one the
 * collection does not ship to.
 */

export type ShippingOwner = Pick<CollectionEntity, 'id' | 'name' | 'shippingPrices'>;

export async function requireShipping(typeId: string): Promise<ShippingOwner> {
  const type = await getItem<ShippingOwner>(collectionKey(typeId), ['id', 'name', 'shippingPrices']);
  if (!type?.id) throw notFound('collection');
  return type;
}

export interface CountryPrice {
  countryId: string;
  country: string;
  /** null: no price, so no shipping to that country. */
  price: number | null;
}

/** Every country the shop knows, by name, with the collection's price where it has one. */
export async function shippingTable(
  typeId: string,
): Promise<{ type: ShippingOwner; prices: CountryPrice[] }> {
  const type = await requireShipping(typeId);
  const prices = COUNTRY_CODES.map((countryId) => ({
    countryId,
    country: countryName(countryId),
    price: type.shippingPrices?.[countryId] ?? null,
  })).sort((a, b) => a.country.localeCompare(b.country, 'en'));
  return { type, prices };
}

/** "Set all": the same price for every country (the whole map is replaced). */
export async function setAllShipping(typeId: string, price: number, admin: string): Promise<void> {
  const type = await requireShipping(typeId);
  const prices = Object.fromEntries(COUNTRY_CODES.map((c) => [c, price]));
  await auditedWrite(
    [
      {
        Update: {
          TableName: tableName(),
          Key: collectionKey(typeId),
          UpdateExpression: 'SET shippingPrices = :prices',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':prices': prices },
        },
      },
    ],
    {
      admin,
      action: 'set-all-shipping',
      entity: 'type',
      entityId: typeId,
      before: { shippingPrices: type.shippingPrices ?? {} },
      after: { shippingPrices: prices },
    },
  );
}

/**
 * Sets (or, with null, removes) the price of one or more countries. Each country is its own
 * path in the map, so two staff members editing different countries do not undo each other.
 */
export async function setShipping(
  typeId: string,
  changes: { countryId: string; price: number | null }[],
  admin: string,
): Promise<Record<string, number>> {
  const type = await requireShipping(typeId);
  const current = type.shippingPrices;
  const after: Record<string, number> = { ...current };
  for (const { countryId, price } of changes) {
    if (price === null) delete after[countryId];
    else after[countryId] = price;
  }
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  let update: string;
  let condition = 'attribute_exists(pk)';
  if (current && typeof current === 'object') {
    const sets: string[] = [];
    const removes: string[] = [];
    changes.forEach(({ countryId, price }, i) => {
      names[`#c${i}`] = countryId;
      if (price === null) removes.push(`shippingPrices.#c${i}`);
      else {
        values[`:p${i}`] = price;
        sets.push(`shippingPrices.#c${i} = :p${i}`);
      }
    });
    update = [
      sets.length ? `SET ${sets.join(', ')}` : '',
      removes.length ? `REMOVE ${removes.join(', ')}` : '',
    ]
      .filter(Boolean)
      .join(' ');
    condition += ' AND attribute_type(shippingPrices, :map)';
    values[':map'] = 'M';
  } else {
    // An old item with no map yet: the map is made whole, once.
    update = 'SET shippingPrices = :prices';
    values[':prices'] = after;
    condition += ' AND attribute_not_exists(shippingPrices)';
  }
  const changed = changes.map((c) => c.countryId);
  const pick = (prices: Record<string, number> | undefined) =>
    Object.fromEntries(changed.map((c) => [c, prices?.[c] ?? null]));
  await auditedWrite(
    [
      {
        Update: {
          TableName: tableName(),
          Key: collectionKey(typeId),
          UpdateExpression: update,
          ConditionExpression: condition,
          ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
          ExpressionAttributeValues: values,
        },
      },
    ],
    {
      admin,
      action: 'update-shipping',
      entity: 'type',
      entityId: typeId,
      before: { shippingPrices: pick(current) },
      after: { shippingPrices: pick(after) },
    },
  );
  return after;
}
