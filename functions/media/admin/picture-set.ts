import { bucketOf } from '#platform/media-clients.ts';
import { pictureSetContract } from '#shared/contracts/media.ts';
import { pictureSetKeyOf } from '#shared/media.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { objectExists, pictureSetComplete } from '../picture-set-state.ts';

/**
 * GET /picture-set?url (added) → { status: 200, ready, stored }: whether a stored picture's
 * responsive set has been made, as the picture-set function itself decides it (its last variant
 * exists), in the picture's own bucket (an authenticity photo's in the private one); while it
 * has not, whether the picture is stored yet. The admin's pictures ask this after an upload
 * and show "processing" until it is ready (web/src/features/admin/kit/admin-picture.tsx).
 */
export const handler = defineAdminHandler(pictureSetContract, async ({ query }) => {
  // The contract let only such urls through.
  const key = pictureSetKeyOf(query.url) as string;
  const bucket = bucketOf(key);
  const ready = await pictureSetComplete(bucket, key);
  return { status: 200 as const, ready, stored: ready || (await objectExists(bucket, key)) };
});
