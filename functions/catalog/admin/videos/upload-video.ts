import { randomUUID } from 'node:crypto';
import { httpError, notFound } from '#platform/http-error.ts';
import { verifyUpload } from '#platform/uploads.ts';
import { uploadVideoContract } from '#shared/contracts/catalog-admin-media.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { ownerMedia } from '../../entities/image.ts';
import type { ProductVideoEntity } from '../../entities/video.ts';
import { addVideos, MAX_VIDEOS_PER_PRODUCT } from '../../entities/video.ts';
import { checkPickerSize } from '../media/inputs.ts';
import { adminVideo } from '../media/views.ts';

/**
 * POST /upload-video { pid, urls } → { status: 200, vids }: adds 1–10 videos (uploaded with
 * presigned PUTs as kind 'video', each checked before use) after the product's existing ones.
 */
export const handler = defineAdminHandler(uploadVideoContract, async ({ body }, event) => {
  checkPickerSize(body.urls, 'please select no more than 10 videos');
  const media = await ownerMedia('product', body.pid);
  if (!media.owner) throw notFound('product');
  if (media.videos.length + body.urls.length > MAX_VIDEOS_PER_PRODUCT) {
    throw httpError(400, `a product holds at most ${MAX_VIDEOS_PER_PRODUCT} videos`);
  }
  const verified = [];
  for (const url of body.urls) verified.push(await verifyUpload(url, ['video']));
  const start = media.videos.reduce((max, v) => Math.max(max, v.index + 1), 0);
  const added: ProductVideoEntity[] = verified.map((file, i) => ({
    kind: 'video',
    id: randomUUID(),
    productId: body.pid,
    index: start + i,
    url: file.url,
  }));
  await addVideos({
    productId: body.pid,
    videos: added,
    extra: verified.map((file) => file.consume),
    change: { admin: event.admin, action: 'upload', entity: 'video', entityId: body.pid, after: added },
  });
  return { status: 200 as const, vids: [...media.videos, ...added].map(adminVideo) };
});
