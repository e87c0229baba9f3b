import { updateOptionContract } from '#shared/contracts/size-finder.ts';
import { defineAdminHandler } from '#staff/index.ts';
import type { OptionEntity } from '../entities/size-finder.ts';
import { finderOr404, optionOr404, stepOfOption } from './load.ts';
import { writeOption } from './step-writes.ts';

/** PATCH /option { id, sizeFinderId, index?, content? } — changes an option's text or order. */
export const handler = defineAdminHandler(updateOptionContract, async ({ body }, event) => {
  const parts = await finderOr404(body.sizeFinderId);
  const before = optionOr404(parts, body.id);
  const step = stepOfOption(parts, before);
  const { id: _id, sizeFinderId: _f, ...fields } = body;
  const after: OptionEntity = { ...before, ...fields };
  await writeOption({ parts, step, before, after, admin: event.admin, action: 'update' });
  return { status: 200 as const, option: after };
});
