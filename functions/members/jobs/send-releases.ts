import { endPreSaleItem, getType, listCollectionPieces, typeKey } from '#catalog/index.ts';
import { tableName } from '#platform/aws-clients.ts';
import { logger, safeError } from '#platform/logger.ts';
import { sendMail } from '#platform/mail.ts';
import type { Mail } from '#platform/mail-templates.ts';
import { auditItem } from '#table/audit.ts';
import { listMembers, type MemberEntity } from '../entities/member.ts';
import {
  cancelDrawOpening,
  claimRecipient,
  type DrawOpeningEntity,
  finishRelease,
  listMailings,
  listRecipients,
  type MailingEntity,
  type MailingProgress,
  type ReleaseEntity,
  recordOutcome,
  type ScheduledMailing,
  sendAtOf,
  setReleaseTotal,
  startRelease,
} from '../entities/release.ts';
import { unsubscribeHeaders, unsubscribeLinks } from '../members.ts';
import { drawOpeningMailData } from '../rules/draw-opening-mail.ts';
import { releaseMailData } from '../rules/release-mail.ts';
import { termsNoticeMailData } from '../rules/terms-notice-mail.ts';
import { noticeDelivery, releaseDelivery, termsNoticeRecipients } from './terms-notice-recipients.ts';

/**
 * The members' mail sender: first starts every scheduled release whose time has come (issue 34:
 * its collection's pre-sale ends in the same transaction, so the pieces can be bought when the
 * mail arrives) and every draw's opening whose window has opened (issue 45), then works through
 * every mailing being sent (a release announced, a notice of new terms, a draw's opening:
 * entities/release.ts), at a set rate (SES limits how
 * many mails a second an account sends; SEND_RATE stays under it). Scheduled every minute
 * (EventBridge in AWS; the local stack's job `member-releases`), each run sends for at most
 * RUN_SECONDS, so a release of thousands is sent over several runs and a run that dies is
 * simply continued by the next one.
 *
 * The queue of a release or a draw's opening is its recipients that have no marker yet: the
 * members confirmed when it started; of a terms notice, those members (subscribed or not), and the buyers and
 * owners who accepted an earlier version (terms-notice-recipients.ts). Each recipient is claimed (a conditional Put of its marker) BEFORE its mail
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
  /** Scheduled releases started by this run. */
  started: number;
  releases: number;
  sent: number;
  suppressed: number;
  failed: number;
  skipped: number;
  finished: number;
}

/** The members a mailing goes to: confirmed by the time it started (a terms notice: was announced). */
export function recipientsOf(
  release: Pick<MailingProgress, 'createdAt'> & { startedAt?: string },
  members: MemberEntity[],
): string[] {
  const at = release.startedAt ?? release.createdAt;
  return members
    .filter((m) => (m.confirmedAt ? m.confirmedAt <= at : m.status === undefined && m.createdAt <= at))
    .map((m) => m.email)
    .sort();
}

/** The mail a mailing sends to one member: its template and data, the unsubscribe link in it. */
function mailOf(mailing: MailingEntity, unsubscribeLink: string, now: Date): Pick<Mail, 'template' | 'data'> {
  if (mailing.kind === 'termsNotice')
    return { template: 'terms-notice', data: termsNoticeMailData(mailing, unsubscribeLink) };
  if (mailing.kind === 'drawOpening')
    return { template: 'draw-opening', data: drawOpeningMailData(mailing, unsubscribeLink, now) };
  return { template: 'member-release', data: releaseMailData(mailing, unsubscribeLink) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts a due release: the release item moves to sending and, for a collection, the pre-sale
 * ends with its audit entry, all in one transaction conditional on the version read (an edit
 * or a cancel that came first wins; the next run reads it). A release whose collection was
 * deleted meanwhile is not started (its mail would link to nothing); the log says so.
 */
async function startDue(release: ScheduledMailing, now: Date): Promise<boolean> {
  if (release.kind === 'drawOpening') return startDrawOpening(release, now);
  if (release.onSale) return startOnSale(release, now);
  if (!release.typeId) return startRelease(release, [], now);
  const collection = await getType(release.typeId, ['id', 'preSale']);
  if (!collection) {
    logger.error('a scheduled release names a collection that no longer exists', { releaseId: release.id });
    return false;
  }
  const audit = auditItem(
    {
      admin: `release ${release.id} (scheduled by ${release.createdBy})`,
      action: 'release',
      entity: 'type',
      entityId: release.typeId,
      before: { preSale: collection.preSale },
      after: { preSale: false },
    },
    now.getTime(),
  );
  return startRelease(release, [endPreSaleItem(release.typeId), audit], now);
}

/**
 * Starts a draw's opening once its window opened; one whose window closed meanwhile (the sender
 * was down) is cancelled, never sent: its link would lead to a closed draw.
 */
async function startDrawOpening(mailing: DrawOpeningEntity, now: Date): Promise<boolean> {
  if (mailing.closesAt <= now.toISOString()) {
    if (await cancelDrawOpening(mailing, now))
      logger.warn('a draw closed before its opening was mailed', { drawId: mailing.drawId });
    return false;
  }
  return startRelease(mailing, [], now);
}

/**
 * Starts a collection's automatic release (made when it went on sale from the editor) once the
 * collection is out of pre-sale and has a piece: a new collection's mail waits for its first
 * piece, and one put back in pre-sale meanwhile waits too (checked in the start's transaction).
 */
async function startOnSale(release: ReleaseEntity, now: Date): Promise<boolean> {
  const typeId = release.typeId ?? '';
  const collection = await getType(typeId, ['id', 'preSale']);
  if (!collection || collection.preSale) return false;
  if ((await listCollectionPieces(typeId)).length === 0) return false;
  const onSale = {
    ConditionCheck: {
      TableName: tableName(),
      Key: typeKey(typeId),
      ConditionExpression: 'preSale = :no',
      ExpressionAttributeValues: { ':no': false },
    },
  };
  return startRelease(release, [onSale], now);
}

export async function sendReleases(
  options: {
    ratePerSecond?: number;
    runSeconds?: number;
    claimLeaseSeconds?: number;
    /** Only this mailing (a test's own). */
    releaseId?: string;
    /** The clock: what is due, and the times written (a test drives it). */
    now?: () => Date;
    /** After each mail recorded as sent, with the run's count so far (a test crashes or pauses here). */
    afterMail?: (sent: number) => void | Promise<void>;
  } = {},
): Promise<SendRun> {
  const now = options.now ?? (() => new Date());
  const gap = 1000 / (options.ratePerSecond ?? SEND_RATE_PER_SECOND);
  const stopAt = Date.now() + (options.runSeconds ?? RUN_SECONDS) * 1000;
  const run: SendRun = {
    started: 0,
    releases: 0,
    sent: 0,
    suppressed: 0,
    failed: 0,
    skipped: 0,
    finished: 0,
  };
  const mine = (r: MailingEntity) => !options.releaseId || r.id === options.releaseId;
  const mailings = (await listMailings()).filter(mine);
  const due = mailings.filter(
    (r): r is ScheduledMailing =>
      r.kind !== 'termsNotice' && r.status === 'scheduled' && sendAtOf(r) <= now().toISOString(),
  );
  for (const release of due.reverse()) {
    const at = now();
    if (!(await startDue(release, at))) continue;
    // As written by the start (the list's index may not show it yet).
    Object.assign(release, { status: 'sending', startedAt: at.toISOString() });
    run.started += 1;
  }
  const sending = mailings.filter((r) => r.status === 'sending');
  if (sending.length === 0) return run;
  const members = await listMembers();
  for (const release of sending.reverse()) {
    run.releases += 1;
    const recipients =
      release.kind === 'termsNotice'
        ? await termsNoticeRecipients(release, recipientsOf(release, members))
        : recipientsOf(release, members);
    if (release.total === undefined) await setReleaseTotal(release.id, recipients.length);
    const marked = new Set((await listRecipients(release.id)).map((r) => r.email));
    for (const email of recipients) {
      if (marked.has(email)) continue;
      if (Date.now() >= stopAt) return run;
      if (!(await claimRecipient(release.id, email, now()))) {
        run.skipped += 1;
        continue;
      }
      const delivery = await (release.kind === 'termsNotice' ? noticeDelivery : releaseDelivery)(email);
      if (!delivery.send) {
        await recordOutcome(release.id, email, 'suppressed', now());
        run.suppressed += 1;
        continue;
      }
      const started = Date.now();
      let memberMailed = false;
      try {
        // The links are bound to this member's subscription and expire a year from now. A terms
        // notice to someone not subscribed (a buyer, an owner, a member who unsubscribed) has none.
        const links = delivery.member ? unsubscribeLinks(delivery.member, now()) : undefined;
        await sendMail(
          { to: email, ...mailOf(release, links?.page ?? '', now()) },
          links ? unsubscribeHeaders(links.oneClick) : [],
        );
        await recordOutcome(release.id, email, 'sent', now());
        run.sent += 1;
        memberMailed = true;
      } catch (error) {
        logger.error('member mail failed', {
          kind: release.kind,
          releaseId: release.id,
          error: safeError(error),
        });
        await recordOutcome(release.id, email, 'failed', now(), (error as Error).name ?? 'Error');
        run.failed += 1;
      }
      if (options.afterMail && memberMailed) await options.afterMail(run.sent);
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
