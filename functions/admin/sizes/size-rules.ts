import type { SizeEntity } from '#data/entities.ts';
import { httpError } from '#lib/http-error.ts';

/**
 * The storefront lists a collection's sizes by name and matches products on that name for a
 * shopper's gender, so two sizes a shopper could both see may not share a name.
 */
export function assertNameFree(sizes: SizeEntity[], candidate: Pick<SizeEntity, 'id' | 'name' | 'gender'>) {
  const clash = sizes.find(
    (s) =>
      s.id !== candidate.id &&
      s.name.toLowerCase() === candidate.name.toLowerCase() &&
      (s.gender === candidate.gender || s.gender === 2 || candidate.gender === 2),
  );
  if (clash) throw httpError(409, `this collection already has a size named ${clash.name}`);
}

/** Next free position at the end of a list ordered by index. */
export function nextIndex(list: { index: number }[]): number {
  return list.reduce((max, item) => Math.max(max, item.index), 0) + 1;
}

/** Products renamed with their size in its one transaction (DynamoDB takes 100 writes). */
export const MAX_PRODUCTS_RENAMED = 90;
