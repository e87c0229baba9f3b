import { listReleasesContract } from '#shared/contracts/releases.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { listReleases } from '../../entities/release.ts';

/** GET /releases: every release newest first, with its progress (sent / suppressed / failed). */
export const handler = defineAdminHandler(listReleasesContract, async () => ({
  list: (await listReleases()).map((r) => ({
    id: r.id,
    typeId: r.typeId,
    collectionName: r.collectionName,
    subject: r.subject,
    createdAt: r.createdAt,
    createdBy: r.createdBy,
    status: r.status,
    ...(r.total === undefined ? {} : { total: r.total }),
    sent: r.sent,
    suppressed: r.suppressed,
    failed: r.failed,
    interrupted: r.interrupted,
    ...(r.doneAt ? { doneAt: r.doneAt } : {}),
  })),
}));
