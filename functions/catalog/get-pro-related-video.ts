import * as z from 'zod';
import { getTypeVideos } from '#data/catalog.ts';
import { defineHandler } from '#lib/handler.ts';
import { notFound } from '#lib/http-error.ts';
import { doubledGenderSchema, idSchema } from '#shared/schemas.ts';

/** GET /get-pro-related-video?id&gender: a collection's (or pillar's) video for a gender. */
export const handler = defineHandler(
  { query: z.object({ id: idSchema, gender: doubledGenderSchema }) },
  async ({ query }) => {
    const videos = await getTypeVideos(query.id);
    const video =
      videos.find((v) => v.gender === query.gender) ?? videos.find((v) => v.gender === 2) ?? videos[0];
    if (!video) throw notFound('video');
    return { status: 200, video: video.url };
  },
);
