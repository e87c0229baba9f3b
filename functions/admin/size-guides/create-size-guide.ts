import { randomUUID } from 'node:crypto';
import { getSizeAndGuides } from '#data/admin-sizes.ts';
import { createGuide } from '#data/admin-sizes-writes.ts';
import type { SizeGuideEntity } from '#data/entities.ts';
import { defineAdminHandler } from '#lib/admin-handler.ts';
import { httpError, notFound } from '#lib/http-error.ts';
import { nextIndex } from '../sizes/size-rules.ts';
import { createGuideSchema, MAX_GUIDES_PER_SIZE } from './guide-input.ts';
import { guideFrom } from './guide-rules.ts';

/**
 * POST /size-guide { sizeId, name, index?, type, gender, fromCm, toCm, fromInches, toInches,
 * description? } — a new guide entry of a size (pictures come after, with /upload-sg-img).
 */
export const handler = defineAdminHandler({ body: createGuideSchema }, async ({ body }, event) => {
  const { size, guides } = await getSizeAndGuides(body.sizeId);
  if (!size) throw notFound('size');
  if (guides.length >= MAX_GUIDES_PER_SIZE) {
    throw httpError(409, `a size has at most ${MAX_GUIDES_PER_SIZE} guide entries`);
  }
  const guide: SizeGuideEntity = guideFrom(
    { kind: 'sizeGuide', id: `g-${randomUUID()}`, sizeId: size.id },
    { ...body, index: body.index ?? nextIndex(guides) },
  );
  await createGuide(guide, event.admin);
  return { status: 200, guide };
});
