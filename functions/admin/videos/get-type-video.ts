import * as z from 'zod';
import { videosOf } from '#data/admin-types-videos.ts';
import { defineAdminHandler } from '#lib/admin-handler.ts';
import { mediaSrc } from '#shared/media.ts';
import { idSchema } from '#shared/schemas.ts';

/** GET /get-type-video?id: a collection's (or pillar's) videos, one per gender. */
export const handler = defineAdminHandler({ query: z.object({ id: idSchema }) }, async ({ query }) => {
  const { owner, videos } = await videosOf(query.id);
  return {
    status: 200,
    owner,
    videos: videos.map((v) => ({ gender: v.gender, url: v.url, src: mediaSrc(v.url) })),
  };
});
