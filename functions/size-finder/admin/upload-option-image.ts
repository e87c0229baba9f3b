import { verifyUpload } from '#platform/uploads.ts';
import { uploadOptionImageContract } from '#shared/contracts/size-finder.ts';
import { defineAdminHandler } from '#staff/index.ts';
import type { OptionEntity } from '../entities/size-finder.ts';
import { finderOr404, optionOr404, stepOfOption } from './load.ts';
import { deleteUploadedMedia } from './media.ts';
import { writeOption } from './step-writes.ts';

/**
 * POST /upload-option-img { id, sizeFinderId, url } — the option's picture: an image the
 * browser put with a presigned upload, checked first; the picture it replaces is deleted.
 */
export const handler = defineAdminHandler(uploadOptionImageContract, async ({ body }, event) => {
  const parts = await finderOr404(body.sizeFinderId);
  const before = optionOr404(parts, body.id);
  const step = stepOfOption(parts, before);
  const file = await verifyUpload(body.url, ['image']);
  const after: OptionEntity = { ...before, imageUrl: file.url };
  await writeOption({
    parts,
    step,
    before,
    after,
    admin: event.admin,
    action: 'upload',
    extra: [{ item: file.consume }],
  });
  if (before.imageUrl !== file.url) await deleteUploadedMedia([before.imageUrl]);
  return { status: 200 as const, url: file.url, option: after };
});
