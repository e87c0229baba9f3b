import { randomUUID } from 'node:crypto';
import { tableName } from '#platform/aws-clients.ts';
import { httpError, notFound } from '#platform/http-error.ts';
import type { EntityFileDoc } from '#platform/table-doc.ts';
import { deleteMediaObject, verifyUpload } from '#platform/uploads.ts';
import { ADMIN_MESSAGES } from '#shared/admin.ts';
import { type CollectionFields, parseImageSet, storeImageSet } from '#shared/admin-types.ts';
import { INFO_TITLES } from '#shared/constants.ts';
import { auditedWrite } from '#table/audit.ts';
import { deleteKeys, withoutKeys } from '#table/query.ts';
import type { TransactItem } from '#table/transactions.ts';
import {
  type CollectionEntity,
  getCollectionWithProducts,
  requireCollection,
  TRANSACTION_ROOM,
} from './collection.ts';
import { getCollectionImages } from './image.ts';
import { collectionKey, collectionKeys, productKey } from './keys.ts';
import type { ProductEntity } from './product.ts';
import { getCollectionVideos } from './video.ts';

/** Staff changes to collections (admin): create, update, pictures, delete. */

/** The fields a collection stores from the form: optional ones absent when blank. */
function storedFields(fields: CollectionFields): Partial<CollectionEntity> {
  return Object.fromEntries(
    Object.entries(fields).filter(([, v]) => v !== undefined),
  ) as Partial<CollectionEntity>;
}

/** Optional attributes the form may clear (they are removed when it sends none). */
const CLEARABLE = [
  'label',
  'areaNames',
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
  const before = withoutKeys(family.type);
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
  const type = withoutKeys(family.type);
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
    ...withoutKeys(t),
    shippingPrices: t.shippingPrices ?? {},
    womenImages: parseImageSet(t.womenproductimage),
    menImages: parseImageSet(t.menproductimage),
  };
}

/** Its table items, for docs/reference/data-model-keys.md (`npm run docs`; functions/platform/table-doc.ts). */
export const tableDoc: EntityFileDoc = {
  adds: { to: 'Type (collection)', what: 'staff changes' },
};
