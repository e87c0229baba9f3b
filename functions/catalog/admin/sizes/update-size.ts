import { badRequest, httpError, notFound } from '#platform/http-error.ts';
import { updateSizeContract } from '#shared/contracts/catalog-admin-sizes.ts';
import { defineAdminHandler } from '#staff/index.ts';
import type { SizeEntity } from '../../entities/size.ts';
import { getSize, productsUsingSize, sizesOfCollection, updateSize } from '../../entities/size.ts';
import { MAX_PRODUCTS_RENAMED, nextIndex, sizeNameClash } from '../../rules/size-rules.ts';
import { meaningVideos, removeDropped } from './meaning.ts';

/**
 * PATCH /sizes { id, name, typeId, gender, index?, description?, menDescription?, menMeaning?,
 * womenMeaning? } — saves a size. Blank descriptions are removed; a meaning video left out
 * stays, a blank one is removed. A size products use cannot
 * move to another collection; renaming it renames it on those products too.
 */
export const handler = defineAdminHandler(updateSizeContract, async ({ body }, event) => {
  const before = await getSize(body.id);
  if (!before) throw notFound('size');
  const { type, sizes } = await sizesOfCollection(body.typeId);
  if (!type) throw badRequest('please choose an existing collection');
  const after: SizeEntity = {
    ...before,
    typeId: type.id,
    name: body.name,
    gender: body.gender,
    index: body.index ?? (type.id === before.typeId ? before.index : nextIndex(sizes)),
    description: body.description,
    menDescription: body.menDescription,
    menMeaning: undefined,
    womenMeaning: undefined,
  };
  const clash = sizeNameClash(sizes, after);
  if (clash) throw httpError(409, `this collection already has a size named ${clash.name}`);
  const products = await productsUsingSize(before.id);
  if (after.typeId !== before.typeId && products.length > 0) {
    throw httpError(
      409,
      `${products.length} product(s) use this size, so it cannot move to another collection. change their size first.`,
    );
  }
  const renamed = products.filter((p) => p.size !== after.name);
  if (renamed.length > MAX_PRODUCTS_RENAMED) {
    throw httpError(409, `${renamed.length} products use this size: too many to rename at once.`);
  }
  const { meanings, tickets, dropped } = await meaningVideos(before, body);
  Object.assign(after, meanings);
  await updateSize(before, after, renamed, event.admin, tickets);
  await removeDropped(dropped);
  return { status: 200 as const, size: { ...withoutBlanks(after), typeName: type.name } };
});

function withoutBlanks<T extends object>(item: T): T {
  return Object.fromEntries(Object.entries(item).filter(([, v]) => v !== undefined)) as T;
}
