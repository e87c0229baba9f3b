import { notFound } from '#platform/http-error.ts';
import { updateSizeGuideContract } from '#shared/contracts/catalog-admin-sizes.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { getGuide, updateGuide } from '../../entities/size.ts';
import { guideFrom } from '../../rules/guide-rules.ts';

/**
 * PATCH /size-guide { id, sizeId, name, index?, type, gender, fromCm, toCm, fromInches, toInches,
 * description? } — saves a guide entry; blank fields are removed, its pictures stay.
 */
export const handler = defineAdminHandler(updateSizeGuideContract, async ({ body }, event) => {
  const before = await getGuide(body.sizeId, body.id);
  if (!before) throw notFound('size guide');
  const after = guideFrom(before, { ...body, index: body.index ?? before.index });
  await updateGuide(before, after, event.admin);
  return { status: 200 as const, guide: after };
});
