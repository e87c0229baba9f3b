import { uploadTypeVideoContract } from '#shared/contracts/catalog-admin.ts';
import { mediaSrc } from '#shared/media.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { setCollectionVideo } from '../../entities/video-writes.ts';

/**
 * POST /upload-type-video-new { pId, url, gender }: a collection's or pillar's video for a
 * gender (url from /upload-url, kind video), replacing the one it had.
 */
export const handler = defineAdminHandler(uploadTypeVideoContract, async ({ body }, event) => {
  const video = await setCollectionVideo(body.pId, body.gender, body.url, event.admin);
  return { status: 200 as const, video: { gender: video.gender, url: video.url, src: mediaSrc(video.url) } };
});
