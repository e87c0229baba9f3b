import { deleteStepContract } from '#shared/contracts/size-finder.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { finderOr404, optionsOf, stepOr404 } from './load.ts';
import { deleteUploadedMedia, mediaOf } from './media.ts';
import { writeStep } from './step-writes.ts';

/** DELETE /step?id&sizeFinderId — a step with its options, then their pictures and video. */
export const handler = defineAdminHandler(deleteStepContract, async ({ query }, event) => {
  const parts = await finderOr404(query.sizeFinderId);
  const step = stepOr404(parts, query.id);
  await writeStep({ parts, before: step, admin: event.admin, action: 'delete' });
  await deleteUploadedMedia(mediaOf([step], optionsOf(parts, step.id)));
  return { status: 200 as const };
});
