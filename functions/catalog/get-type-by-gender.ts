import * as z from 'zod';
import { listTypesForGender } from '#data/catalog.ts';
import { publicType } from '#domain/public-views.ts';
import { defineHandler } from '#lib/handler.ts';
import { genderSchema } from '#shared/schemas.ts';

/** GET /getTypeByGender?gender: the collections for women (0) or men (1), unisex ones included. */
export const handler = defineHandler({ query: z.object({ gender: genderSchema }) }, async ({ query }) => {
  const types = await listTypesForGender(query.gender);
  types.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return { status: 200, types: types.map(publicType) };
});
