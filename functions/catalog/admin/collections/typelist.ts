import { typelistContract } from '#shared/contracts/catalog-admin.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { listAllCollections } from '../../entities/collection.ts';

/** GET /typelist: every collection for a select, by name: `types: [{ val: id, text: name }]`. */
export const handler = defineAdminHandler(typelistContract, async () => {
  const types = await listAllCollections(['id', 'name']);
  types.sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return { status: 200 as const, types: types.map((t) => ({ val: t.id, text: t.name })) };
});
