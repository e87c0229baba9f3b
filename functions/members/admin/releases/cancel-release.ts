import { cancelReleaseContract } from '#shared/contracts/releases.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { cancelRelease } from '../../entities/release.ts';

/** DELETE /releases { id }: cancels a scheduled release (audited); 409 once its sending started. */
export const handler = defineAdminHandler(cancelReleaseContract, async ({ body }, event) => {
  await cancelRelease(body.id, event.admin);
  return { status: 200 as const, id: body.id };
});
