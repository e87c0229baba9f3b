import { BatchWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '#lib/clients.ts';
import { httpError } from '#lib/http-error.ts';
import { PRODUCT_IMAGE_TYPES } from '#shared/constants.ts';
import { auditedWrite, type Change } from './audit.ts';
import type { ImageEntity, ProductEntity, ProductVideoEntity, TypeEntity } from './entities.ts';
import { imageKeys, imageOwner, productVideoKeys } from './keys.ts';
import { queryAll } from './query.ts';

/**
 * Pictures (types 1–6) and product videos as the admin writes them. They live in their
 * owner's item collection (a product for types 1 and 2, a collection for 3–6), ordered by the
 * index in their sort key; a new order rewrites the keys of the pictures that moved.
 */
type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
type Key = { pk: string; sk: string };

export type OwnerKind = 'product' | 'type';
export const ownerKindOf = (type: number): OwnerKind =>
  PRODUCT_IMAGE_TYPES.includes(type) ? 'product' : 'type';

/** At most this many pictures in one set (001 §5, §9: 25 per collection image set; products alike). */
export const MAX_PICTURES_PER_SET = 25;
export const MAX_VIDEOS_PER_PRODUCT = 25;
const MAX_TRANSACTION = 100;

export interface OwnerMedia {
  owner?: ProductEntity | TypeEntity;
  images: ImageEntity[];
  videos: ProductVideoEntity[];
}

/** The owner's item and every picture and video in its collection (one query, consistent). */
export async function ownerMedia(kind: OwnerKind, ownerId: string): Promise<OwnerMedia> {
  const items = await queryAll<(ProductEntity | TypeEntity | ImageEntity | ProductVideoEntity) & Key>({
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

const ownerExists = (kind: OwnerKind, ownerId: string): TransactItem => ({
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

const deleteExisting = (Key: Key): TransactItem => ({
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

/** Puts product videos after the existing ones, with their upload tickets and the audit entry. */
export async function addVideos(input: {
  productId: string;
  videos: ProductVideoEntity[];
  extra: TransactItem[];
  change: Change;
}): Promise<void> {
  await auditedWrite(
    [
      ownerExists('product', input.productId),
      ...input.videos.map(
        (video): TransactItem => ({
          Put: {
            TableName: tableName(),
            Item: { ...productVideoKeys(video), ...video },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        }),
      ),
      ...input.extra,
    ],
    input.change,
  );
}

export async function deleteVideo(video: ProductVideoEntity, change: Change): Promise<void> {
  const { pk, sk } = productVideoKeys(video);
  await auditedWrite([deleteExisting({ pk, sk })], change);
}

/** Deletes items by key, 25 at a time (leftovers of a deleted owner, which nothing reaches). */
export async function deleteKeys(keys: Key[]): Promise<void> {
  for (let i = 0; i < keys.length; i += 25) {
    let pending: Record<string, unknown>[] = keys.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } }));
    for (let attempt = 0; pending.length > 0 && attempt < 5; attempt++) {
      const result = await ddb().send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
      pending = (result.UnprocessedItems?.[tableName()] ?? []) as Record<string, unknown>[];
    }
  }
}

export const keyOfImage = imageKeyOf;
export const keyOfVideo = (video: ProductVideoEntity): Key => {
  const { pk, sk } = productVideoKeys(video);
  return { pk, sk };
};
