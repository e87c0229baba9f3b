import { listAuthRecords } from '#authenticity/index.ts';
import { paidBuyersTerms } from '#checkout/index.ts';
import {
  getMember,
  getSuppression,
  type MemberEntity,
  memberStatus,
  undeliverable,
} from '../entities/member.ts';
import type { TermsNoticeEntity } from '../entities/release.ts';

/**
 * Who a notice of new terms goes to (issues 34, 45): it is a legal notice, not marketing, to
 * everyone the terms bind, however they came to be bound: the members confirmed when it was
 * published (`members`: unsubscribed from release mail since or not), every buyer whose paid
 * order does not record this version (an earlier one, or none: bought before the terms were
 * versioned), and the present owner of every piece with an owner on record (after a transfer, its
 * new owner; a piece staff registered by hand, sold elsewhere, too), unless that owner bought it
 * under this very version. Each address once.
 */
export async function termsNoticeRecipients(
  notice: Pick<TermsNoticeEntity, 'version'>,
  members: string[],
): Promise<string[]> {
  const [buyers, records] = await Promise.all([paidBuyersTerms(), listAuthRecords()]);
  const all = new Set(members);
  // "<e-mail> <piece>" of each purchase made under this version.
  const acceptedThis = new Set<string>();
  for (const buyer of buyers) {
    const email = buyer.email.toLowerCase();
    if (buyer.termsVersion === notice.version) acceptedThis.add(`${email} ${buyer.productId}`);
    else all.add(email);
  }
  for (const record of records) {
    const owner = record.email?.toLowerCase();
    if (owner && !acceptedThis.has(`${owner} ${record.pid}`)) all.add(owner);
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
