import { defineHandler } from '#platform/handler.ts';
import { notFound } from '#platform/http-error.ts';
import { sizeGuidesForProductContract } from '#shared/contracts/catalog.ts';
import { getSizeWithGuides } from '../entities/size.ts';
import { publicSizeGuide } from '../rules/public-views.ts';

/** GET /size-guides-for-product?sizeId&gender: the size guide entries of a size, in order. */
export const handler = defineHandler(sizeGuidesForProductContract, async ({ query }) => {
  const { size, guides } = await getSizeWithGuides(query.sizeId);
  if (!size) throw notFound('size');
  const list = guides
    .filter((g) => query.gender === 2 || g.gender === query.gender)
    .sort((a, b) => a.index - b.index);
  return { status: 200 as const, list: list.map(publicSizeGuide) };
});
