import { getSize } from '#data/admin-sizes.ts';
import { getType } from '#data/catalog.ts';
import { defineAdminHandler } from '#lib/admin-handler.ts';
import { notFound } from '#lib/http-error.ts';
import { sizeIdQuery } from './size-input.ts';

/** GET /size?id — one size to edit, with its collection's name. */
export const handler = defineAdminHandler({ query: sizeIdQuery }, async ({ query }) => {
  const size = await getSize(query.id);
  if (!size) throw notFound('size');
  const type = await getType(size.typeId, ['name']);
  return { status: 200, size: { ...size, typeName: type?.name } };
});
