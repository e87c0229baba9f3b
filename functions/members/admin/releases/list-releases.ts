import { listReleasesContract } from '#shared/contracts/releases.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { listReleases, sendAtOf } from '../../entities/release.ts';

/** GET /releases: every release newest first, with its schedule and progress (sent n of N). */
export const handler = defineAdminHandler(listReleasesContract, async () => ({
  list: (await listReleases()).map((r) => ({
    id: r.id,
    announces: r.announces ?? ('collection' as const),
    ...(r.typeId ? { typeId: r.typeId } : {}),
    ...(r.collectionName ? { collectionName: r.collectionName } : {}),
    ...(r.eventTitle ? { eventTitle: r.eventTitle } : {}),
    ...(r.eventDate ? { eventDate: r.eventDate } : {}),
    subject: r.subject,
    text: r.text,
    createdAt: r.createdAt,
    createdBy: r.createdBy,
    sendAt: sendAtOf(r),
    status: r.status,
    revision: r.revision ?? 0,
    ...(r.startedAt ? { startedAt: r.startedAt } : {}),
    ...(r.cancelledAt ? { cancelledAt: r.cancelledAt } : {}),
    ...(r.total === undefined ? {} : { total: r.total }),
    sent: r.sent,
    suppressed: r.suppressed,
    failed: r.failed,
    interrupted: r.interrupted,
    ...(r.doneAt ? { doneAt: r.doneAt } : {}),
  })),
}));
