import { randomUUID } from 'node:crypto';
import { sizesOfType } from '#data/admin-sizes.ts';
import { createSize } from '#data/admin-sizes-writes.ts';
import type { SizeEntity } from '#data/entities.ts';
import { defineAdminHandler } from '#lib/admin-handler.ts';
import { badRequest } from '#lib/http-error.ts';
import { createSizeSchema } from './size-input.ts';
import { assertNameFree, nextIndex } from './size-rules.ts';

/** POST /sizes { name, typeId, gender, index?, description?, menDescription? } — a new size. */
export const handler = defineAdminHandler({ body: createSizeSchema }, async ({ body }, event) => {
  const { type, sizes } = await sizesOfType(body.typeId);
  if (!type) throw badRequest('please choose an existing collection');
  const size: SizeEntity = {
    kind: 'size',
    id: `s-${randomUUID()}`,
    typeId: type.id,
    name: body.name,
    gender: body.gender,
    index: body.index ?? nextIndex(sizes),
    ...(body.description ? { description: body.description } : {}),
    ...(body.menDescription ? { menDescription: body.menDescription } : {}),
  };
  assertNameFree(sizes, size);
  await createSize(size, event.admin);
  return { status: 200, size: { ...size, typeName: type.name } };
});
