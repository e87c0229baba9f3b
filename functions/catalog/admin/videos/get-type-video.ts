import * as z from 'zod';
import { mediaSrc } from '#shared/media.ts';
import { idSchema } from '#shared/schemas.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { videosOf } from '../../entities/video.ts';

/** GET /get-type-video?id: a collection's (or pillar's) videos, one per gender. */
export const handler = defineAdminHandler({ query: z.object({ id: idSchema }) }, async ({ query }) => {
  const { owner, videos } = await videosOf(query.id);
  return {
    status: 200,
    owner,
    videos: videos.map((v) => ({ gender: v.gender, url: v.url, src: mediaSrc(v.url) })),
  };
});
