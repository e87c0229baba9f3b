import { notFound } from '#platform/http-error.ts';
import { deleteOptionImageContract } from '#shared/contracts/size-finder.ts';
import { defineAdminHandler } from '#staff/index.ts';
import type { OptionEntity } from '../entities/size-finder.ts';
import { finderOr404, optionOr404, stepOfOption } from './load.ts';
import { deleteUploadedMedia } from './media.ts';
import { writeOption } from './step-writes.ts';

/** DELETE /options-img?id&sizeFinderId — takes the option's picture away and deletes the file. */
export const handler = defineAdminHandler(deleteOptionImageContract, async ({ query }, event) => {
  const parts = await finderOr404(query.sizeFinderId);
  const before = optionOr404(parts, query.id);
  if (!before.imageUrl) throw notFound('picture');
  const { imageUrl: _gone, ...after } = before;
  await writeOption({
    parts,
    step: stepOfOption(parts, before),
    before,
    after: after as OptionEntity,
    admin: event.admin,
    action: 'delete-image',
  });
  await deleteUploadedMedia([before.imageUrl]);
  return { status: 200 as const, option: after };
});
