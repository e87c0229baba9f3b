import { randomUUID } from 'node:crypto';
import { getType } from '#catalog/index.ts';
import { badRequest, httpError, notFound } from '#platform/http-error.ts';
import { createSizeFinderContract } from '#shared/contracts/size-finder.ts';
import { defineAdminHandler } from '#staff/index.ts';
import {
  createFinder,
  findersOfCollectionAndGender,
  finderView,
  type StoredFinder,
} from '../entities/size-finder.ts';
import { assertFinderGender, GENDER_NAMES } from './genders.ts';

/**
 * POST /size-finder { typeId, gender } — a new, empty size finder: one per collection and
 * gender. `numberOfSteps` counts the steps as they are added, so a new finder has 0.
 */
export const handler = defineAdminHandler(createSizeFinderContract, async ({ body }, event) => {
  const type = await getType(body.typeId);
  if (!type) throw notFound('collection');
  assertFinderGender(type, body.gender);
  if (body.numberOfSteps !== undefined && body.numberOfSteps !== 0) {
    throw badRequest('numberOfSteps: must match the steps of the finder: a new finder has 0');
  }
  if ((await findersOfCollectionAndGender(type.id, body.gender)).length > 0) {
    throw httpError(409, `this collection already has a size finder for ${GENDER_NAMES[body.gender]}`);
  }
  const finder: StoredFinder = {
    kind: 'sizeFinder',
    id: randomUUID(),
    typeId: type.id,
    gender: body.gender,
    numberOfSteps: 0,
  };
  await createFinder(finder, type, event.admin);
  return { status: 200 as const, id: finder.id, finder: finderView(finder) };
});
