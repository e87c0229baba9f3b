import { logger, safeError } from '#platform/logger.ts';
import { sendMail } from '#platform/mail.ts';
import type { Mail } from '#platform/mail-templates.ts';
import { getMember, listMembers, type MemberEntity, memberStatus } from '../entities/member.ts';
import {
  claimRecipient,
  finishRelease,
  listMailings,
  listRecipients,
  type MailingEntity,
  type ReleaseEntity,
  recordOutcome,
  setReleaseTotal,
} from '../entities/release.ts';
import { unsubscribeHeaders, unsubscribeLinks } from '../members.ts';
import { releaseMailData } from '../rules/release-mail.ts';
import { termsNoticeMailData } from '../rules/terms-notice-mail.ts';

/**
 * The members' mail sender: works through every mailing being sent (a release announced, or a
 * notice of new terms: entities/release.ts), at a set rate (SES limits how
 * many mails a second an account sends; SEND_RATE stays under it). Scheduled every minute
 * (EventBridge in AWS; the local stack's job `member-releases`), each run sends for at most
 * RUN_SECONDS, so a release of thousands is sent over several runs and a run that dies is
 * simply continued by the next one.
 *
 * The queue of a release is its recipients that have no marker yet: the members confirmed when
 * it was announced. Each recipient is claimed (a conditional Put of its marker) BEFORE its mail
 * goes to SES, then marked sent, suppressed (unsubscribed meanwhile: re-read just before) or
 * failed. AT MOST ONCE: a sender killed between the claim and the outcome leaves the marker
 * claimed, and no run ever mails that address again for this release; once no recipient is
 * left and no claim is younger than CLAIM_LEASE_SECONDS, the release is done and such claims are
 * counted as interrupted (the mail may or may not have left). Nobody is mailed twice; a crash
 * costs at most one mail per sender in flight.
 */
export const SEND_RATE_PER_SECOND = 10;
export const RUN_SECONDS = 50;
export const CLAIM_LEASE_SECONDS = 120;

export interface SendRun {
  releases: number;
  sent: number;
  suppressed: number;
  failed: number;
  skipped: number;
  finished: number;
}

/** The members a release goes to: confirmed by the time it was announced. */
export function recipientsOf(release: Pick<ReleaseEntity, 'createdAt'>, members: MemberEntity[]): string[] {
  return members
    .filter((m) =>
      m.confirmedAt
        ? m.confirmedAt <= release.createdAt
        : m.status === undefined && m.createdAt <= release.createdAt,
    )
    .map((m) => m.email)
    .sort();
}

/** The mail a mailing sends to one member: its template and data, the unsubscribe link in it. */
function mailOf(mailing: MailingEntity, unsubscribeLink: string): Pick<Mail, 'template' | 'data'> {
  return mailing.kind === 'termsNotice'
    ? { template: 'terms-notice', data: termsNoticeMailData(mailing, unsubscribeLink) }
    : { template: 'member-release', data: releaseMailData(mailing, unsubscribeLink) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function sendReleases(
  options: {
    ratePerSecond?: number;
    runSeconds?: number;
    claimLeaseSeconds?: number;
    /** Only this mailing (a test's own). */
    releaseId?: string;
    now?: () => Date;
  } = {},
): Promise<SendRun> {
  const now = options.now ?? (() => new Date());
  const gap = 1000 / (options.ratePerSecond ?? SEND_RATE_PER_SECOND);
  const stopAt = Date.now() + (options.runSeconds ?? RUN_SECONDS) * 1000;
  const run: SendRun = { releases: 0, sent: 0, suppressed: 0, failed: 0, skipped: 0, finished: 0 };
  const sending = (await listMailings()).filter(
    (r) => r.status === 'sending' && (!options.releaseId || r.id === options.releaseId),
  );
  if (sending.length === 0) return run;
  const members = await listMembers();
  for (const release of sending.reverse()) {
    run.releases += 1;
    const recipients = recipientsOf(release, members);
    if (release.total === undefined) await setReleaseTotal(release.id, recipients.length);
    const marked = new Set((await listRecipients(release.id)).map((r) => r.email));
    for (const email of recipients) {
      if (marked.has(email)) continue;
      if (Date.now() >= stopAt) return run;
      if (!(await claimRecipient(release.id, email, now()))) {
        run.skipped += 1;
        continue;
      }
      const member = await getMember(email);
      if (!member || memberStatus(member) !== 'confirmed') {
        await recordOutcome(release.id, email, 'suppressed', now());
        run.suppressed += 1;
        continue;
      }
      const started = Date.now();
      try {
        // The links are bound to this member's subscription and expire a year from now.
        const links = unsubscribeLinks(member, now());
        await sendMail({ to: email, ...mailOf(release, links.page) }, unsubscribeHeaders(links.oneClick));
        await recordOutcome(release.id, email, 'sent', now());
        run.sent += 1;
      } catch (error) {
        logger.error('member mail failed', {
          kind: release.kind,
          releaseId: release.id,
          error: safeError(error),
        });
        await recordOutcome(release.id, email, 'failed', now(), (error as Error).name ?? 'Error');
        run.failed += 1;
      }
      const wait = gap - (Date.now() - started);
      if (wait > 0) await sleep(wait);
    }
    // No recipient left without a marker: done once no claim may still be in flight.
    const markers = await listRecipients(release.id);
    const claimed = markers.filter((m) => m.state === 'sending');
    const leaseStart = new Date(
      now().getTime() - (options.claimLeaseSeconds ?? CLAIM_LEASE_SECONDS) * 1000,
    ).toISOString();
    if (markers.length >= recipients.length && claimed.every((m) => m.at < leaseStart)) {
      await finishRelease(release.id, claimed.length, now());
      run.finished += 1;
    }
  }
  return run;
}

export const handler = async (): Promise<SendRun> => sendReleases();
