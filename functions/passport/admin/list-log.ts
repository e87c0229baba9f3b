import { adminLogContract } from '#shared/contracts/passport.ts';
import { entryWithoutPrev, parseEntry } from '#shared/passport/log-entry.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { entriesPage, latestCheckpoint, pendingCount, readHead } from '../entities/log-reads.ts';
import { piecesWithoutCertificate } from '../pieces-without-certificate.ts';

/** Entries a page. */
const PAGE = 50;

/**
 * GET /passport/log[?piece=<pid>][&before=<seq>] — the public log for staff, newest first, 50 a
 * page (`before` pages back): its size, latest checkpoint, the entries still waiting for the
 * sequencer, and each entry's fields (the owner commitment is as opaque to staff as to anyone);
 * on the first page, how many registered pieces have no certificate yet.
 */
export const handler = defineAdminHandler(adminLogContract, async ({ query }) => {
  const first = query.before === undefined && query.piece === undefined;
  const [head, checkpoint, pending, page, without] = await Promise.all([
    readHead(),
    latestCheckpoint(),
    pendingCount(),
    entriesPage({ limit: PAGE, before: query.before, piece: query.piece }),
    first ? piecesWithoutCertificate() : undefined,
  ]);
  return {
    status: 200 as const,
    size: head.size,
    checkpoint: checkpoint?.text ?? null,
    pending,
    ...(without ? { withoutPassport: without.length } : {}),
    entries: page.flatMap(({ text }) => {
      // Map entries name no piece; entries of the format before `prev` (a development log) still show.
      const entry = parseEntry(text) ?? entryWithoutPrev(text);
      return entry
        ? [{ seq: entry.seq, time: entry.time, kind: entry.kind, piece: entry.piece, owner: entry.owner }]
        : [];
    }),
  };
});
