import { getType } from '#catalog/index.ts';
import { badRequest, httpError, notFound } from '#platform/http-error.ts';
import { updateSizeFinderContract } from '#shared/contracts/size-finder.ts';
import { defineAdminHandler } from '#staff/index.ts';
import {
  findersOfCollectionAndGender,
  finderView,
  moveSlot,
  type PartWrite,
  putOption,
  putStep,
  type StoredFinder,
  writeFinder,
} from '../entities/size-finder.ts';
import { assertFinderGender, GENDER_NAMES } from './genders.ts';
import { finderOr404 } from './load.ts';

/**
 * PATCH /size-finder { id, gender?, numberOfSteps? } — a finder changes gender (its steps and
 * options move with it in the collection's family, where the storefront reads them). A finder
 * stays with its collection, and numberOfSteps must match its steps.
 */
export const handler = defineAdminHandler(updateSizeFinderContract, async ({ body }, event) => {
  const parts = await finderOr404(body.id);
  const { finder } = parts;
  if (body.typeId !== undefined && body.typeId !== finder.typeId) {
    throw badRequest('typeId: a size finder stays with its collection');
  }
  if (body.numberOfSteps !== undefined && body.numberOfSteps !== parts.steps.length) {
    throw badRequest(`numberOfSteps: must match the steps of the finder (${parts.steps.length})`);
  }
  const gender = body.gender ?? finder.gender;
  const moves = gender !== finder.gender;
  if (moves) {
    const type = await getType(finder.typeId);
    if (!type) throw notFound('collection');
    assertFinderGender(type, gender);
    if ((await findersOfCollectionAndGender(finder.typeId, gender)).length > 0) {
      throw httpError(409, `this collection already has a size finder for ${GENDER_NAMES[gender]}`);
    }
  }
  const next: StoredFinder = { ...finder, gender, numberOfSteps: parts.steps.length };
  const rekeyed: PartWrite[] = [];
  if (moves) {
    for (const step of parts.steps) {
      rekeyed.push(putStep(step, next));
      for (const option of parts.options.filter((o) => o.stepsId === step.id)) {
        rekeyed.push(putOption(option, step, next));
      }
    }
  }
  await writeFinder({
    read: finder,
    next,
    parts: rekeyed,
    last: moves ? moveSlot(finder, gender) : [],
    change: {
      admin: event.admin,
      action: 'update',
      entity: 'sizeFinder',
      entityId: finder.id,
      before: finderView(finder),
      after: finderView(next),
    },
  });
  return { status: 200 as const, finder: finderView(next) };
});
