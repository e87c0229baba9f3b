import { notFound } from '#platform/http-error.ts';
import { deleteMediaObject, verifyUpload } from '#platform/uploads.ts';
import { uploadGuideImageContract } from '#shared/contracts/catalog-admin-sizes.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { getGuide, setGuideImage } from '../../entities/size.ts';
import { deleteUnusedPictures } from './guide-media.ts';

/**
 * POST /upload-sg-img { id, sizeId, type: 'imageUrl' | 'largeImgUrl', url } — sets or replaces
 * a guide entry's picture with a file uploaded through /upload-url (kind image). The file is
 * checked first; the one it replaces is deleted once the guide no longer refers to it.
 */
export const handler = defineAdminHandler(uploadGuideImageContract, async ({ body }, event) => {
  const before = await getGuide(body.sizeId, body.id);
  if (!before) throw notFound('size guide');
  const upload = await verifyUpload(body.url, ['image']);
  try {
    await setGuideImage(before, body.type, upload.url, [upload.consume], event.admin);
  } catch (error) {
    await deleteMediaObject(upload.url).catch(() => undefined);
    throw error;
  }
  await deleteUnusedPictures([before[body.type]]);
  return { status: 200 as const, guide: { ...before, [body.type]: upload.url } };
});
