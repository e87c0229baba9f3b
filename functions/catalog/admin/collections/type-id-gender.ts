import { typeIdGenderContract } from '#shared/contracts/catalog-admin.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { listAllCollections } from '../../entities/collection.ts';

/** GET /type-id-gender: every collection with its id, name and gender (0 women, 1 men, 2 both). */
export const handler = defineAdminHandler(typeIdGenderContract, async () => {
  const types = await listAllCollections(['id', 'name', 'gender']);
  types.sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return { status: 200 as const, types: types.map((t) => ({ id: t.id, name: t.name, gender: t.gender })) };
});
