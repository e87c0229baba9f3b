import { notFound } from '#platform/http-error.ts';
import { getSizeContract } from '#shared/contracts/catalog-admin-sizes.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { getCollection } from '../../entities/collection.ts';
import { getSize } from '../../entities/size.ts';

/** GET /size?id — one size to edit, with its collection's name. */
export const handler = defineAdminHandler(getSizeContract, async ({ query }) => {
  const size = await getSize(query.id);
  if (!size) throw notFound('size');
  const type = await getCollection(size.typeId, ['name']);
  return { status: 200 as const, size: { ...size, typeName: type?.name } };
});
