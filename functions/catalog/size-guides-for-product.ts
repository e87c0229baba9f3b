import * as z from 'zod';
import { getSizeWithGuides } from '#data/catalog.ts';
import { publicSizeGuide } from '#domain/public-views.ts';
import { defineHandler } from '#lib/handler.ts';
import { notFound } from '#lib/http-error.ts';
import { genderSchema, idSchema } from '#shared/schemas.ts';

/** GET /size-guides-for-product?sizeId&gender: the size guide entries of a size, in order. */
export const handler = defineHandler(
  { query: z.object({ sizeId: idSchema, gender: genderSchema }) },
  async ({ query }) => {
    const { size, guides } = await getSizeWithGuides(query.sizeId);
    if (!size) throw notFound('size');
    const list = guides
      .filter((g) => query.gender === 2 || g.gender === query.gender)
      .sort((a, b) => a.index - b.index);
    return { status: 200, list: list.map(publicSizeGuide) };
  },
);
