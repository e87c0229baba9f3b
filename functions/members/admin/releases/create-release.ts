import { createReleaseContract } from '#shared/contracts/releases.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { createRelease } from '../../entities/release.ts';
import { releaseContent } from '../../releases.ts';

/**
 * POST /releases { draft, sendAt? }: schedules the release (now when no time is given), stored
 * with its audit entry. At its time the sender (members/jobs/send-releases, every minute) ends
 * its collection's pre-sale and mails every member confirmed by then, at a set rate; GET
 * /releases shows the progress.
 */
export const handler = defineAdminHandler(createReleaseContract, async ({ body }, event) => {
  const release = await createRelease(await releaseContent(body), event.admin, body.sendAt);
  return { status: 200 as const, id: release.id, sendAt: release.sendAt ?? release.createdAt };
});
