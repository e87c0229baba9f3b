import { tableName } from '#platform/aws-clients.ts';
import type { EntityFileDoc } from '#platform/table-doc.ts';
import { deleteMediaObject, verifyUpload } from '#platform/uploads.ts';
import type { Gender } from '#shared/constants.ts';
import { auditedWrite } from '#table/audit.ts';
import type { TransactItem } from '#table/transactions.ts';
import { collectionKey } from './keys.ts';
import { type CollectionVideoEntity, collectionVideoKeys, videosOf } from './video.ts';

/** Staff changes to collection and pillar videos (admin): the uploaded file checked, the old one deleted. */

/**
 * Puts the owner's video for a gender (a fresh upload, checked), replacing the one it had,
 * whose file is deleted afterwards. A collection must still exist when the write lands.
 */
export async function setCollectionVideo(
  ownerId: string,
  gender: Gender,
  url: string,
  admin: string,
): Promise<CollectionVideoEntity> {
  const { owner, videos } = await videosOf(ownerId);
  const old = videos.find((v) => v.gender === gender);
  const upload = await verifyUpload(url, ['video']);
  const video: CollectionVideoEntity = { kind: 'typeVideo', ownerId, gender, url: upload.url };
  const items: TransactItem[] = [
    {
      Put: {
        TableName: tableName(),
        Item: { ...collectionVideoKeys(video), ...video },
        ...(old
          ? { ConditionExpression: '#url = :old', ExpressionAttributeValues: { ':old': old.url } }
          : { ConditionExpression: 'attribute_not_exists(pk)' }),
        ...(old ? { ExpressionAttributeNames: { '#url': 'url' } } : {}),
      },
    },
    upload.consume,
  ];
  if (!owner.pillar) {
    items.push({
      ConditionCheck: {
        TableName: tableName(),
        Key: collectionKey(ownerId),
        ConditionExpression: 'attribute_exists(pk)',
      },
    });
  }
  await auditedWrite(items, {
    admin,
    action: old ? 'replace-video' : 'upload-video',
    entity: owner.pillar ? 'pillar' : 'type',
    entityId: ownerId,
    before: old ? { gender, url: old.url } : undefined,
    after: { gender, url: video.url },
  });
  if (old && old.url !== video.url) await deleteMediaObject(old.url);
  return video;
}

/** Its table items, for docs/reference/data-model-keys.md (`npm run docs`; functions/platform/table-doc.ts). */
export const tableDoc: EntityFileDoc = {
  adds: { to: 'Product video', what: 'staff changes to collection and pillar videos' },
};
