import { tableName } from '#platform/aws-clients.ts';
import { notFound } from '#platform/http-error.ts';
import { type EntityFileDoc, placeholder } from '#platform/table-doc.ts';
import type { Gender } from '#shared/constants.ts';
import { PILLAR_IDS } from '#shared/vocabulary.ts';
import { auditedWrite, type Change } from '#table/audit.ts';
import { type Keys, pad } from '#table/keys.ts';
import { getItem, type Key, queryAll } from '#table/query.ts';
import type { TransactItem } from '#table/transactions.ts';
import type { CollectionEntity } from './collection.ts';
import { deleteExisting, ownerExists } from './image.ts';
import { collectionKey } from './keys.ts';

export const productVideoKeys = (v: { id: string; productId: string; index: number }): Keys => ({
  pk: `PRODUCT#${v.productId}`,
  sk: `VIDEO#${pad(v.index)}#${v.id}`,
});

export const VIDEO_PREFIX = 'VIDEO#';

/** Collection and pillar videos, one per gender, in their own small partition. */
export const collectionVideoPartition = (ownerId: string) => `TYPEVIDEO#${ownerId}`;

export const collectionVideoKeys = (v: { ownerId: string; gender: Gender }): Keys => ({
  pk: collectionVideoPartition(v.ownerId),
  sk: `G${v.gender}`,
});

export interface ProductVideoEntity {
  kind: 'video';
  id: string;
  productId: string;
  index: number;
  url: string;
}

export interface CollectionVideoEntity {
  kind: 'typeVideo';
  ownerId: string;
  gender: Gender;
  url: string;
}

export const MAX_VIDEOS_PER_PRODUCT = 25;

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

export const keyOfVideo = (video: ProductVideoEntity): Key => {
  const { pk, sk } = productVideoKeys(video);
  return { pk, sk };
};

/**
 * Collection and pillar videos (one per gender). A pillar is one of the four themes of the
 * episodes pages (web/src/features/content/constants.ts PILLARS); the storefront asks for its
 * video with /get-pro-related-video like a collection's.
 */
export { PILLAR_IDS };

export interface VideoOwner {
  id: string;
  name: string;
  pillar: boolean;
}

export async function requireVideoOwner(id: string): Promise<VideoOwner> {
  if (PILLAR_IDS.includes(id)) return { id, name: id, pillar: true };
  const type = await getItem<Pick<CollectionEntity, 'id' | 'name'>>(collectionKey(id), ['id', 'name']);
  if (!type?.id) throw notFound('collection');
  return { id, name: type.name, pillar: false };
}

export async function videosOf(id: string): Promise<{ owner: VideoOwner; videos: CollectionVideoEntity[] }> {
  const [owner, videos] = await Promise.all([requireVideoOwner(id), getCollectionVideos(id)]);
  return { owner, videos: videos.sort((a, b) => a.gender - b.gender) };
}

/** The collection (or pillar) videos of an owner, one per gender. */
export async function getCollectionVideos(ownerId: string): Promise<CollectionVideoEntity[]> {
  return queryAll<CollectionVideoEntity>({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': collectionVideoPartition(ownerId) },
  });
}

/** Its table items, for docs/reference/data-model-keys.md (`npm run docs`; functions/platform/table-doc.ts). */
export const tableDoc: EntityFileDoc = {
  items: [
    {
      entity: 'Product video',
      pk: '`PRODUCT#<pid>`',
      sk: '`VIDEO#<index>#<vid>`',
      keys: () => productVideoKeys({ id: '<vid>', productId: '<pid>', index: placeholder('<index>') }),
    },
    {
      entity: 'Collection / pillar video',
      pk: '`TYPEVIDEO#<tid or pillar>`',
      sk: '`G<gender>`',
      keys: () => collectionVideoKeys({ ownerId: '<tid or pillar>', gender: placeholder('<gender>') }),
    },
  ],
};
