import { randomUUID } from 'node:crypto';
import { badRequest, httpError } from '#platform/http-error.ts';
import { createSizeContract } from '#shared/contracts/catalog-admin-sizes.ts';
import { defineAdminHandler } from '#staff/index.ts';
import type { SizeEntity } from '../../entities/size.ts';
import { createSize, sizesOfCollection } from '../../entities/size.ts';
import { nextIndex, sizeNameClash } from '../../rules/size-rules.ts';
import { meaningVideos } from './meaning.ts';

/** POST /sizes { name, typeId, gender, index?, description?, menDescription?, menMeaning?, womenMeaning? } — a new size. */
export const handler = defineAdminHandler(createSizeContract, async ({ body }, event) => {
  const { type, sizes } = await sizesOfCollection(body.typeId);
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
  const { meanings, tickets } = await meaningVideos({}, body);
  Object.assign(size, meanings);
  const clash = sizeNameClash(sizes, size);
  if (clash) throw httpError(409, `this collection already has a size named ${clash.name}`);
  await createSize(size, event.admin, tickets);
  return { status: 200 as const, size: { ...size, typeName: type.name } };
});
