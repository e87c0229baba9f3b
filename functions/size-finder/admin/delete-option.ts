import { deleteOptionContract } from '#shared/contracts/size-finder.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { finderOr404, optionOr404, stepOfOption } from './load.ts';
import { deleteUploadedMedia } from './media.ts';
import { writeOption } from './step-writes.ts';

/** DELETE /option?id&sizeFinderId — an option, then its picture. */
export const handler = defineAdminHandler(deleteOptionContract, async ({ query }, event) => {
  const parts = await finderOr404(query.sizeFinderId);
  const before = optionOr404(parts, query.id);
  await writeOption({
    parts,
    step: stepOfOption(parts, before),
    before,
    admin: event.admin,
    action: 'delete',
  });
  await deleteUploadedMedia([before.imageUrl]);
  return { status: 200 as const };
});
