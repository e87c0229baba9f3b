import { notFound } from '#platform/http-error.ts';
import { deleteVideoContract } from '#shared/contracts/catalog-admin-media.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { ownerMedia } from '../../entities/image.ts';
import { deleteVideo } from '../../entities/video.ts';
import { deleteInput } from '../media/delete-input.ts';
import { removeFile } from '../media/files.ts';

/** DELETE /videos { id, pid } → { status: 200 }: one product video, audited, then its file. */
export const handler = defineAdminHandler(deleteVideoContract, async (_input, event) => {
  const body = deleteInput(event, deleteVideoContract.bodyOrQuery);
  const { videos } = await ownerMedia('product', body.pid);
  const video = videos.find((v) => v.id === body.id);
  if (!video) throw notFound('video');
  await deleteVideo(video, {
    admin: event.admin,
    action: 'delete',
    entity: 'video',
    entityId: video.id,
    before: video,
  });
  await removeFile(video.url);
  return { status: 200 as const };
});
