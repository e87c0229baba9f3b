import { notFound } from '#platform/http-error.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { getType } from '../../entities/collection.ts';
import { getSize } from '../../entities/size.ts';
import { sizeIdQuery } from './size-input.ts';

/** GET /size?id — one size to edit, with its collection's name. */
export const handler = defineAdminHandler({ query: sizeIdQuery }, async ({ query }) => {
  const size = await getSize(query.id);
  if (!size) throw notFound('size');
  const type = await getType(size.typeId, ['name']);
  return { status: 200, size: { ...size, typeName: type?.name } };
});
