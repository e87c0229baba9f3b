import { randomUUID } from 'node:crypto';
import { httpError, notFound } from '#platform/http-error.ts';
import { createSizeGuideContract } from '#shared/contracts/catalog-admin-sizes.ts';
import { defineAdminHandler } from '#staff/index.ts';
import type { SizeGuideEntity } from '../../entities/size.ts';
import { createGuide, getSizeAndGuides } from '../../entities/size.ts';
import { guideFrom } from '../../rules/guide-rules.ts';
import { nextIndex } from '../../rules/size-rules.ts';
import { MAX_GUIDES_PER_SIZE } from './guide-input.ts';

/**
 * POST /size-guide { sizeId, name, index?, type, gender, fromCm, toCm, fromInches, toInches,
 * description? } — a new guide entry of a size (pictures come after, with /upload-sg-img).
 */
export const handler = defineAdminHandler(createSizeGuideContract, async ({ body }, event) => {
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
  return { status: 200 as const, guide };
});
