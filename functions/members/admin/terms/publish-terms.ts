import { publishTermsContract } from '#shared/contracts/terms.ts';
import { TERMS_PAGE } from '#shared/terms.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { publishTerms } from '../../entities/terms.ts';
import { shopUrl } from '../../members.ts';

/**
 * POST /terms-versions { version, effectiveDate, summary }: publishes a new version of the terms
 * (audited) and queues its notice; the members' sender (members/jobs/send-releases) mails it
 * like a release, but as a legal notice: to every member confirmed now, subscribed or not, and
 * every buyer and owner who accepted an earlier version (jobs/terms-notice-recipients.ts).
 */
export const handler = defineAdminHandler(publishTermsContract, async ({ body }, event) => {
  const { terms, notice } = await publishTerms(
    { ...body, termsLink: `${shopUrl()}${TERMS_PAGE}` },
    event.admin,
  );
  return { status: 200 as const, version: terms.version, noticeId: notice.id };
});
