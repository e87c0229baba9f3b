import { getTypeVideoContract } from '#shared/contracts/catalog-admin.ts';
import { mediaSrc } from '#shared/media.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { videosOf } from '../../entities/video.ts';

/** GET /get-type-video?id: a collection's (or pillar's) videos, one per gender. */
export const handler = defineAdminHandler(getTypeVideoContract, async ({ query }) => {
  const { owner, videos } = await videosOf(query.id);
  return {
    status: 200 as const,
    owner,
    videos: videos.map((v) => ({ gender: v.gender, url: v.url, src: mediaSrc(v.url) })),
  };
});
