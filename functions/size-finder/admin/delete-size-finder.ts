import { notFound } from '#platform/http-error.ts';
import { deleteSizeFinderContract } from '#shared/contracts/size-finder.ts';
import { defineAdminHandler } from '#staff/index.ts';
import {
  deleteOption,
  deleteSlot,
  deleteStep,
  finderView,
  loadFinder,
  type PartWrite,
  type StoredFinder,
  writeFinder,
} from '../entities/size-finder.ts';
import { deleteUploadedMedia, mediaOf } from './media.ts';

/**
 * DELETE /size-finder?id — the finder with its steps and options, then their pictures and
 * videos. The finder goes in the last transaction, so a delete cut short can be run again.
 */
export const handler = defineAdminHandler(deleteSizeFinderContract, async ({ query }, event) => {
  const parts = await loadFinder(query.id);
  const { finder } = parts;
  if (!finder) throw notFound('size finder');
  const writes: PartWrite[] = [];
  for (const step of parts.steps) {
    for (const option of parts.options.filter((o) => o.stepsId === step.id)) {
      writes.push(deleteOption(option, step, finder));
    }
    writes.push(deleteStep(step, finder));
  }
  await writeFinder({
    read: finder,
    next: null,
    parts: writes,
    last: [deleteSlot(finder)],
    change: {
      admin: event.admin,
      action: 'delete',
      entity: 'sizeFinder',
      entityId: finder.id,
      before: { ...finderView(finder as StoredFinder), steps: parts.steps, options: parts.options },
    },
  });
  await deleteUploadedMedia(mediaOf(parts.steps, parts.options));
  return { status: 200 as const };
});
