import { notFound } from '#platform/http-error.ts';
import { getSizeGuideContract } from '#shared/contracts/catalog-admin-sizes.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { getGuide } from '../../entities/size.ts';

/** GET /size-guide?id&sizeId — one guide entry of a size, to edit. */
export const handler = defineAdminHandler(getSizeGuideContract, async ({ query }) => {
  const guide = await getGuide(query.sizeId, query.id);
  if (!guide) throw notFound('size guide');
  return { status: 200 as const, guide };
});
