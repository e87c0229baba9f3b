import { tableName } from '#platform/aws-clients.ts';
import { httpError } from '#platform/http-error.ts';
import { type EntityFileDoc, placeholder } from '#platform/table-doc.ts';
import { PRODUCT_IMAGE_TYPES } from '#shared/constants.ts';
import { auditedWrite, type Change } from '#table/audit.ts';
import { type Keys, pad } from '#table/keys.ts';
import { type Key, queryAll } from '#table/query.ts';
import { MAX_TRANSACTION, type TransactItem } from '#table/transactions.ts';
import type { CollectionEntity } from './collection.ts';
import { collectionKey } from './keys.ts';
import type { ProductEntity } from './product.ts';
import type { ProductVideoEntity } from './video.ts';

/** Images live in their owner's item collection: a product (types 1, 2) or a type (3–6). */
export const imageOwner = (ownerKind: 'product' | 'type', ownerId: string) =>
  ownerKind === 'product' ? `PRODUCT#${ownerId}` : `TYPE#${ownerId}`;

export const imageKeys = (i: { id: string; ownerPk: string; type: number; index: number }): Keys => ({
  pk: i.ownerPk,
  sk: `IMG#${i.type}#${pad(i.index)}#${i.id}`,
});

export const imagePrefix = (type: number) => `IMG#${type}#`;

export interface ImageEntity {
  kind: 'image';
  id: string;
  ownerId: string;
  type: number;
  index: number;
  url: string;
}

export type OwnerKind = 'product' | 'type';

export const ownerKindOf = (type: number): OwnerKind =>
  PRODUCT_IMAGE_TYPES.includes(type) ? 'product' : 'type';

/** At most this many pictures in one set (001 §5, §9: 25 per collection image set; products alike). */
export const MAX_PICTURES_PER_SET = 25;

export interface OwnerMedia {
  owner?: ProductEntity | CollectionEntity;
  images: ImageEntity[];
  videos: ProductVideoEntity[];
}

/** The owner's item and every picture and video in its collection (one query, consistent). */
export async function ownerMedia(kind: OwnerKind, ownerId: string): Promise<OwnerMedia> {
  const items = await queryAll<(ProductEntity | CollectionEntity | ImageEntity | ProductVideoEntity) & Key>({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': imageOwner(kind, ownerId) },
    ConsistentRead: true,
  });
  const media: OwnerMedia = { images: [], videos: [] };
  for (const item of items) {
    if (item.kind === 'product' || item.kind === 'type') media.owner = item;
    else if (item.kind === 'image') media.images.push(item);
    else if (item.kind === 'video') media.videos.push(item);
  }
  media.images.sort((a, b) => a.index - b.index);
  media.videos.sort((a, b) => a.index - b.index);
  return media;
}

export const imagesOfType = (media: OwnerMedia, type: number) => media.images.filter((i) => i.type === type);

const imageKeyOf = (image: ImageEntity): Key => {
  const { pk, sk } = imageKeys({ ...image, ownerPk: imageOwner(ownerKindOf(image.type), image.ownerId) });
  return { pk, sk };
};

export const ownerExists = (kind: OwnerKind, ownerId: string): TransactItem => ({
  ConditionCheck: {
    TableName: tableName(),
    Key: { pk: imageOwner(kind, ownerId), sk: kind === 'product' ? '#PRODUCT' : '#TYPE' },
    ConditionExpression: 'attribute_exists(pk)',
  },
});

/** The entity's own fields only: an image read from the table also carries its old keys. */
const putImage = (image: ImageEntity): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: { ...imageKeyOf(image), ...imageEntity(image) },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

export const deleteExisting = (Key: Key): TransactItem => ({
  Delete: { TableName: tableName(), Key, ConditionExpression: 'attribute_exists(pk)' },
});

/**
 * Writes one picture set as `desired` (each with its target index), given the set as read:
 * new pictures are put, moved ones get their new key, missing ones are deleted — with `extra`
 * items (upload tickets) and the audit entry, all in one transaction.
 */
export async function writeImageSet(input: {
  kind: OwnerKind;
  ownerId: string;
  existing: ImageEntity[];
  desired: ImageEntity[];
  extra?: TransactItem[];
  change: Change;
}): Promise<void> {
  const items: TransactItem[] = [ownerExists(input.kind, input.ownerId), ...(input.extra ?? [])];
  const before = new Map(input.existing.map((i) => [i.id, i]));
  const kept = new Set<string>();
  for (const image of input.desired) {
    const old = before.get(image.id);
    kept.add(image.id);
    if (old && old.index === image.index) continue;
    if (old) items.push(deleteExisting(imageKeyOf(old)));
    items.push(putImage(image));
  }
  for (const old of input.existing) if (!kept.has(old.id)) items.push(deleteExisting(imageKeyOf(old)));
  if (items.length + 1 > MAX_TRANSACTION) {
    throw httpError(400, 'too many pictures to change at once. please change fewer pictures.');
  }
  await auditedWrite(items, input.change);
}

export function imageEntity(input: {
  id: string;
  ownerId: string;
  type: number;
  index: number;
  url: string;
}): ImageEntity {
  const { id, ownerId, type, index, url } = input;
  return { kind: 'image', id, ownerId, type, index, url };
}

export const keyOfImage = imageKeyOf;

/** A type's own item and the images stored in its item collection. */
export async function getCollectionImages(
  id: string,
): Promise<{ type?: CollectionEntity; images: ImageEntity[] }> {
  const items = await queryAll<CollectionEntity | ImageEntity>({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': collectionKey(id).pk },
  });
  return {
    type: items.find((i): i is CollectionEntity => i.kind === 'type'),
    images: items.filter((i): i is ImageEntity => i.kind === 'image'),
  };
}

/** Its table items, for docs/reference/data-model-keys.md (`npm run docs`; functions/platform/table-doc.ts). */
export const tableDoc: EntityFileDoc = {
  items: [
    {
      entity: 'Collection image (types 3–6)',
      pk: '`TYPE#<tid>`',
      sk: '`IMG#<type>#<index>#<imgId>`',
      keys: () =>
        imageKeys({
          id: '<imgId>',
          ownerPk: imageOwner('type', '<tid>'),
          type: placeholder('<type>'),
          index: placeholder('<index>'),
        }),
    },
    {
      entity: 'Product image (types 1, 2)',
      pk: '`PRODUCT#<pid>`',
      sk: '`IMG#<type>#<index>#<imgId>`',
      keys: () =>
        imageKeys({
          id: '<imgId>',
          ownerPk: imageOwner('product', '<pid>'),
          type: placeholder('<type>'),
          index: placeholder('<index>'),
        }),
    },
  ],
};
