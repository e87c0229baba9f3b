import { notFound } from '#platform/http-error.ts';
import { getVideoByPidContract } from '#shared/contracts/catalog-admin-media.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { ownerMedia } from '../../entities/image.ts';
import { adminVideo } from '../media/views.ts';

/** GET /get-video-by-pid?pid → { status: 200, vids: [{ id, url, src, index }] }: a product's videos, in order. */
export const handler = defineAdminHandler(getVideoByPidContract, async ({ query }) => {
  const media = await ownerMedia('product', query.pid);
  if (!media.owner) throw notFound('product');
  return { status: 200 as const, vids: media.videos.map(adminVideo) };
});
