import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { tableName } from '#lib/clients.ts';
import { notFound } from '#lib/http-error.ts';
import { deleteMediaObject, verifyUpload } from '#lib/uploads.ts';
import type { Gender } from '#shared/constants.ts';
import { auditedWrite } from './audit.ts';
import { getTypeVideos } from './catalog.ts';
import type { TypeEntity, TypeVideoEntity } from './entities.ts';
import { typeKey, typeVideoKeys } from './keys.ts';
import { getItem } from './query.ts';

/**
 * Collection and pillar videos (one per gender). A pillar is one of the four themes of the
 * episodes pages (web/src/features/content/constants.ts PILLARS); the storefront asks for its
 * video with /get-pro-related-video like a collection's.
 */
export const PILLAR_IDS: readonly string[] = ['mind', 'body', 'knowledge', 'joy'];

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export interface VideoOwner {
  id: string;
  name: string;
  pillar: boolean;
}

export async function requireVideoOwner(id: string): Promise<VideoOwner> {
  if (PILLAR_IDS.includes(id)) return { id, name: id, pillar: true };
  const type = await getItem<Pick<TypeEntity, 'id' | 'name'>>(typeKey(id), ['id', 'name']);
  if (!type?.id) throw notFound('collection');
  return { id, name: type.name, pillar: false };
}

export async function videosOf(id: string): Promise<{ owner: VideoOwner; videos: TypeVideoEntity[] }> {
  const [owner, videos] = await Promise.all([requireVideoOwner(id), getTypeVideos(id)]);
  return { owner, videos: videos.sort((a, b) => a.gender - b.gender) };
}

/**
 * Puts the owner's video for a gender (a fresh upload, checked), replacing the one it had,
 * whose file is deleted afterwards. A collection must still exist when the write lands.
 */
export async function setTypeVideo(
  ownerId: string,
  gender: Gender,
  url: string,
  admin: string,
): Promise<TypeVideoEntity> {
  const { owner, videos } = await videosOf(ownerId);
  const old = videos.find((v) => v.gender === gender);
  const upload = await verifyUpload(url, ['video']);
  const video: TypeVideoEntity = { kind: 'typeVideo', ownerId, gender, url: upload.url };
  const items: TransactItem[] = [
    {
      Put: {
        TableName: tableName(),
        Item: { ...typeVideoKeys(video), ...video },
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
        Key: typeKey(ownerId),
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
