import { listTermsContract } from '#shared/contracts/terms.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { listMailings, type TermsNoticeEntity } from '../../entities/release.ts';
import { listTerms } from '../../entities/terms.ts';

/** GET /terms-versions: every published version newest first, with its notice's progress. */
export const handler = defineAdminHandler(listTermsContract, async () => {
  const [versions, mailings] = await Promise.all([listTerms(), listMailings()]);
  const notices = new Map(
    mailings.filter((m): m is TermsNoticeEntity => m.kind === 'termsNotice').map((m) => [m.id, m]),
  );
  return {
    list: versions.map((t) => {
      const n = notices.get(t.noticeId);
      return {
        version: t.version,
        effectiveDate: t.effectiveDate,
        summary: t.summary,
        publishedAt: t.publishedAt,
        publishedBy: t.publishedBy,
        notice: {
          id: t.noticeId,
          status: n?.status ?? 'sending',
          ...(n?.total === undefined ? {} : { total: n.total }),
          sent: n?.sent ?? 0,
          suppressed: n?.suppressed ?? 0,
          failed: n?.failed ?? 0,
        },
      };
    }),
  };
});
