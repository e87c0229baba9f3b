import { randomUUID } from 'node:crypto';
import { createOptionContract } from '#shared/contracts/size-finder.ts';
import { defineAdminHandler } from '#staff/index.ts';
import type { OptionEntity } from '../entities/size-finder.ts';
import { assertTakesOptions, finderOr404, stepOr404 } from './load.ts';
import { writeOption } from './step-writes.ts';

/** POST /option { sizeFinderId, stepsId, index, content } — a new option of a step with options. */
export const handler = defineAdminHandler(createOptionContract, async ({ body }, event) => {
  const parts = await finderOr404(body.sizeFinderId);
  const step = stepOr404(parts, body.stepsId);
  assertTakesOptions(step);
  const option: OptionEntity = {
    kind: 'option',
    id: randomUUID(),
    stepsId: step.id,
    sizeFinderId: parts.finder.id,
    index: body.index,
    content: body.content,
  };
  await writeOption({ parts, step, after: option, admin: event.admin, action: 'create' });
  return { status: 200 as const, id: option.id, option };
});
