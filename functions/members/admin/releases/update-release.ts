import { updateReleaseContract } from '#shared/contracts/releases.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { updateRelease } from '../../entities/release.ts';
import { releaseContent } from '../../releases.ts';

/**
 * PATCH /releases { id, draft, sendAt }: edits or moves a scheduled release (audited). 409 once
 * its sending started or it was cancelled: nobody already mailed is mailed again, nobody gets
 * another version of the mail.
 */
export const handler = defineAdminHandler(updateReleaseContract, async ({ body }, event) => {
  const { id, sendAt, ...draft } = body;
  const release = await updateRelease(id, await releaseContent(draft), sendAt, event.admin);
  return { status: 200 as const, id, sendAt: release.sendAt ?? sendAt, revision: release.revision ?? 0 };
});
