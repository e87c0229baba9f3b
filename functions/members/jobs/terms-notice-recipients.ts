import { listAuthRecords } from '#authenticity/index.ts';
import { buyersOfOtherTerms } from '#checkout/index.ts';
import {
  getMember,
  getSuppression,
  type MemberEntity,
  memberStatus,
  undeliverable,
} from '../entities/member.ts';
import type { TermsNoticeEntity } from '../entities/release.ts';

/**
 * Who a notice of new terms goes to (issue 34): it is a legal notice, not marketing. Everyone
 * the terms bind and who accepted an earlier version: the members confirmed when it was
 * published (`members`: unsubscribed from release mail since or not), every buyer whose paid
 * order records another version of the terms, and the present owner of each such piece (after
 * a transfer, its new owner). Each address once.
 */
export async function termsNoticeRecipients(
  notice: Pick<TermsNoticeEntity, 'version'>,
  members: string[],
): Promise<string[]> {
  const [buyers, records] = await Promise.all([buyersOfOtherTerms(notice.version), listAuthRecords()]);
  const ownerOf = new Map(records.map((record) => [record.pid, record.email]));
  const all = new Set(members);
  for (const buyer of buyers) {
    all.add(buyer.email.toLowerCase());
    const owner = ownerOf.get(buyer.productId);
    if (owner) all.add(owner.toLowerCase());
  }
  return [...all].sort();
}

export type Delivery = { send: false } | { send: true; member?: MemberEntity };

/**
 * Whether a terms notice may be mailed to the address now: always, unless it bounced or
 * complained (the suppression list); an unsubscribe from release mail does not stop it. A
 * subscribed member's notice carries the member's unsubscribe link (for release mail).
 */
export async function noticeDelivery(email: string): Promise<Delivery> {
  const [suppression, member] = await Promise.all([getSuppression(email), getMember(email)]);
  if (undeliverable(suppression)) return { send: false };
  return member && memberStatus(member) === 'confirmed' ? { send: true, member } : { send: true };
}

/** Whether a release may be mailed to the address now: only to a member still subscribed. */
export async function releaseDelivery(email: string): Promise<Delivery> {
  const member = await getMember(email);
  return member && memberStatus(member) === 'confirmed' ? { send: true, member } : { send: false };
}
