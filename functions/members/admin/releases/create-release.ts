import { createReleaseContract } from '#shared/contracts/releases.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { createRelease } from '../../entities/release.ts';
import { releaseContent } from '../../releases.ts';

/**
 * POST /releases { typeId, subject, text }: announces the release to every member confirmed
 * now. The release is stored with its audit entry; the sender (members/jobs/send-releases,
 * every minute) mails it at a set rate; GET /releases shows the progress.
 */
export const handler = defineAdminHandler(createReleaseContract, async ({ body }, event) => {
  const release = await createRelease(await releaseContent(body), event.admin);
  return { status: 200 as const, id: release.id };
});
