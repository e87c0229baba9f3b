import { randomUUID } from 'node:crypto';
import { createStepContract } from '#shared/contracts/size-finder.ts';
import { defineAdminHandler } from '#staff/index.ts';
import type { StepEntity } from '../entities/size-finder.ts';
import { assertFreeStepIndex, finderOr404 } from './load.ts';
import { writeStep } from './step-writes.ts';

/** POST /step { sizeFinderId, index, type, shortName, description } — a new step of a finder. */
export const handler = defineAdminHandler(createStepContract, async ({ body }, event) => {
  const parts = await finderOr404(body.sizeFinderId);
  assertFreeStepIndex(parts, body.index);
  const step: StepEntity = {
    kind: 'step',
    id: randomUUID(),
    sizeFinderId: parts.finder.id,
    index: body.index,
    type: body.type,
    shortName: body.shortName,
    description: body.description,
  };
  await writeStep({ parts, after: step, admin: event.admin, action: 'create' });
  return { status: 200 as const, id: step.id, step: { ...step, optionCount: 0 } };
});
