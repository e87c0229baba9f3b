import { defineHandler } from '#platform/handler.ts';
import { getTypeByGenderContract } from '#shared/contracts/catalog.ts';
import { listCollectionsForGender } from '../entities/collection.ts';
import { publicCollection } from '../rules/public-views.ts';

/** GET /getTypeByGender?gender: the collections for women (0) or men (1), unisex ones included. */
export const handler = defineHandler(getTypeByGenderContract, async ({ query }) => {
  const types = await listCollectionsForGender(query.gender);
  types.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return { status: 200 as const, types: types.map(publicCollection) };
});
