import * as z from 'zod';
import { getTypeWithFinder, publicSteps } from '#catalog/index.ts';
import { defineHandler } from '#platform/handler.ts';
import { notFound } from '#platform/http-error.ts';
import { genderSchema, idSchema } from '#shared/schemas.ts';

/** GET /all-steps-by-tid?tid&gender: the size finder of a collection for a gender, steps with options. */
export const handler = defineHandler(
  { query: z.object({ tid: idSchema, gender: genderSchema }) },
  async ({ query }) => {
    const { type, finders, steps, options } = await getTypeWithFinder(query.tid, query.gender);
    if (!type) throw notFound('collection');
    const finder = finders.find((f) => f.gender === query.gender);
    if (!finder) return { status: 200, list: [] };
    const own = steps.filter((s) => s.sizeFinderId === finder.id);
    return {
      status: 200,
      list: publicSteps(
        own,
        options.filter((o) => o.sizeFinderId === finder.id),
      ),
    };
  },
);
