import type { SizeEntity } from '../entities/size.ts';

/**
 * The storefront lists a collection's sizes by name and matches products on that name for a
 * shopper's gender, so two sizes a shopper could both see may not share a name.
 */
export function sizeNameClash(
  sizes: SizeEntity[],
  candidate: Pick<SizeEntity, 'id' | 'name' | 'gender'>,
): SizeEntity | undefined {
  return sizes.find(
    (s) =>
      s.id !== candidate.id &&
      s.name.toLowerCase() === candidate.name.toLowerCase() &&
      (s.gender === candidate.gender || s.gender === 2 || candidate.gender === 2),
  );
}

/** Next free position at the end of a list ordered by index. */
export function nextIndex(list: { index: number }[]): number {
  return list.reduce((max, item) => Math.max(max, item.index), 0) + 1;
}

/** Products renamed with their size in its one transaction (DynamoDB takes 100 writes). */
export const MAX_PRODUCTS_RENAMED = 90;
