import { defineHandler } from '#platform/handler.ts';
import { notFound } from '#platform/http-error.ts';
import { getProRelatedVideoContract } from '#shared/contracts/catalog.ts';
import { getCollectionVideos } from '../entities/video.ts';

/** GET /get-pro-related-video?id&gender: a collection's (or pillar's) video for a gender. */
export const handler = defineHandler(getProRelatedVideoContract, async ({ query }) => {
  const videos = await getCollectionVideos(query.id);
  const video =
    videos.find((v) => v.gender === query.gender) ?? videos.find((v) => v.gender === 2) ?? videos[0];
  if (!video) throw notFound('video');
  return { status: 200 as const, video: video.url };
});
