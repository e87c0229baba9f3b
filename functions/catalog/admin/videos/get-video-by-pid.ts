import * as z from 'zod';
import { notFound } from '#platform/http-error.ts';
import { idSchema } from '#shared/schemas.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { ownerMedia } from '../../entities/image.ts';
import { adminVideo } from '../media/views.ts';

/** GET /get-video-by-pid?pid → { status: 200, vids: [{ id, url, src, index }] }, in order. */
export const handler = defineAdminHandler({ query: z.object({ pid: idSchema }) }, async ({ query }) => {
  const media = await ownerMedia('product', query.pid);
  if (!media.owner) throw notFound('product');
  return { status: 200, vids: media.videos.map(adminVideo) };
});
