import type { Handler } from '#platform/handler.ts';
import { verifyUpload } from '#platform/uploads.ts';
import { uploadStepMediaContract } from '#shared/contracts/size-finder.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { stepView } from '../entities/size-finder.ts';
import { finderOr404, stepOr404 } from './load.ts';
import { deleteUploadedMedia } from './media.ts';
import { writeStep } from './step-writes.ts';

/**
 * The step's picture or video: a file the browser put with a presigned upload (POST
 * /upload-url), checked, then referenced by the step; the file it replaces is deleted.
 */
export function stepMediaHandler(field: 'imageUrl' | 'videoUrl'): Handler {
  const kind = field === 'imageUrl' ? 'image' : 'video';
  return defineAdminHandler(uploadStepMediaContract, async ({ body }, event) => {
    const parts = await finderOr404(body.sizeFinderId);
    const before = stepOr404(parts, body.id);
    const file = await verifyUpload(body.url, [kind]);
    const after = { ...before, [field]: file.url };
    await writeStep({
      parts,
      before,
      after,
      admin: event.admin,
      action: 'upload',
      extra: [{ item: file.consume }],
    });
    if (before[field] !== file.url) await deleteUploadedMedia([before[field]]);
    return { status: 200 as const, url: file.url, step: stepView(after, parts.options) };
  });
}
