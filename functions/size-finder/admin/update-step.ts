import { badRequest } from '#platform/http-error.ts';
import { STEP_TYPES_WITH_OPTIONS, updateStepContract } from '#shared/contracts/size-finder.ts';
import { defineAdminHandler } from '#staff/index.ts';
import type { StepEntity } from '../entities/size-finder.ts';
import { stepView } from '../entities/size-finder.ts';
import { assertFreeStepIndex, finderOr404, optionsOf, stepOr404 } from './load.ts';
import { deleteUploadedMedia } from './media.ts';
import { writeStep } from './step-writes.ts';

/**
 * PATCH /step { id, sizeFinderId, index?, type?, shortName?, description?, removeImage?,
 * removeVideo? } — changes a step; a removed picture or video is deleted from storage.
 */
export const handler = defineAdminHandler(updateStepContract, async ({ body }, event) => {
  const parts = await finderOr404(body.sizeFinderId);
  const before = stepOr404(parts, body.id);
  const { id: _id, sizeFinderId: _f, removeImage, removeVideo, ...fields } = body;
  const after: StepEntity = { ...before, ...fields };
  if (removeImage) delete after.imageUrl;
  if (removeVideo) delete after.videoUrl;
  if (after.index !== before.index) assertFreeStepIndex(parts, after.index, after.id);
  if (!STEP_TYPES_WITH_OPTIONS.includes(after.type) && optionsOf(parts, after.id).length > 0) {
    throw badRequest('type: this step has options, which this type does not take: delete them first');
  }
  await writeStep({ parts, before, after, admin: event.admin, action: 'update' });
  await deleteUploadedMedia([
    removeImage ? before.imageUrl : undefined,
    removeVideo ? before.videoUrl : undefined,
  ]);
  return { status: 200 as const, step: stepView(after, parts.options) };
});
