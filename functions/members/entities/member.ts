import { randomBytes } from 'node:crypto';
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '#platform/aws-clients.ts';
import { MEMBER_CONSENT_WORDS, type MemberStatus } from '#shared/membership.ts';
import { auditedWrite } from '#table/audit.ts';
import type { Keys } from '#table/keys.ts';
import { queryAll } from '#table/query.ts';
import { attemptUpdate, type Limit, takeAttempt } from '#table/rate-limit.ts';
import { transact } from '#table/transactions.ts';

export const memberKeys = (m: { email: string; createdAt: string }): Keys => ({
  pk: `MEMBER#${m.email}`,
  sk: '#MEMBER',
  gsi2pk: 'MEMBERS',
  gsi2sk: `${m.createdAt}#${m.email}`,
});

export const MEMBERS_LIST = 'MEMBERS';

/** What the shopper agreed to, as they saw it: when, on which page, the words, from which address. */
export interface Consent {
  at: string;
  page: string;
  words: string;
  address: string;
}

/**
 * A member. `status` is absent on members who signed up before double opt-in (they count as
 * confirmed: they typed their address themselves). A pending sign-up carries `expiresAt` (TTL)
 * and the nonce its confirmation link must carry; confirming removes the TTL.
 */
export interface MemberEntity {
  kind: 'member';
  email: string;
  createdAt: string;
  status?: MemberStatus;
  /**
   * This subscription's id, new at every sign-up that starts one (the Put replaces the item):
   * unsubscribe links carry it, so a link of an earlier subscription of the address unsubscribes
   * nobody. Absent on members who signed up before subscriptions had ids.
   */
  subscription?: string;
  consent?: Consent;
  confirmNonce?: string;
  confirmedAt?: string;
  unsubscribedAt?: string;
  /** Why the address is unsubscribed: the member's link, a bounce or a complaint. */
  unsubscribeReason?: SuppressionReason;
  /** TTL (epoch seconds), pending sign-ups only. */
  expiresAt?: number;
}

export const memberStatus = (m: Pick<MemberEntity, 'status'>): MemberStatus => m.status ?? 'confirmed';

export type SuppressionReason = 'unsubscribe' | 'bounce' | 'complaint';

/**
 * The suppression list: an address that unsubscribed, bounced or complained. Sign-up honours
 * it: the address becomes a member again only through a new confirmation (which removes it).
 */
export const suppressionKey = (email: string) => ({ pk: `SUPPRESSED#${email}`, sk: '#SUPPRESSED' });

export interface SuppressionEntity {
  kind: 'suppression';
  email: string;
  reason: SuppressionReason;
  at: string;
}

export type SignUp = { result: 'pending'; nonce: string } | { result: 'confirmed' } | { result: 'limited' };

/**
 * Records a sign-up as a pending member with its consent and a fresh confirmation nonce,
 * counting it toward the client's `limit` and the address's `mailLimit` (confirmation mails
 * per address) in the same transaction (one round trip). A pending or unsubscribed member is
 * replaced by the new pending sign-up (older links stop working); a confirmed member is left
 * as it is ('confirmed': nothing to mail), the attempt still counted.
 */
export async function signUpMember(input: {
  email: string;
  now: Date;
  page: string;
  address: string;
  validDays: number;
  limit: Limit;
  mailLimit: Limit;
}): Promise<SignUp> {
  const { email, now } = input;
  const nonce = randomBytes(12).toString('base64url');
  const member: MemberEntity = {
    kind: 'member',
    email,
    createdAt: now.toISOString(),
    status: 'pending',
    subscription: randomBytes(12).toString('base64url'),
    consent: { at: now.toISOString(), page: input.page, words: MEMBER_CONSENT_WORDS, address: input.address },
    confirmNonce: nonce,
    expiresAt: Math.floor(now.getTime() / 1000) + input.validDays * 86_400,
  };
  try {
    await transact([
      { Update: attemptUpdate(input.limit, input.address, now.getTime()) },
      { Update: attemptUpdate(input.mailLimit, email, now.getTime()) },
      {
        Put: {
          TableName: tableName(),
          Item: { ...memberKeys(member), ...member },
          ConditionExpression: 'attribute_not_exists(pk) OR #status IN (:pending, :unsubscribed)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':pending': 'pending', ':unsubscribed': 'unsubscribed' },
        },
      },
    ]);
    return { result: 'pending', nonce };
  } catch (error) {
    if (!(error instanceof TransactionCanceledException)) throw error;
    const [attempt, mails, put] = error.CancellationReasons ?? [];
    if (attempt?.Code === 'ConditionalCheckFailed' || mails?.Code === 'ConditionalCheckFailed')
      return { result: 'limited' };
    if (put?.Code !== 'ConditionalCheckFailed') throw error;
    // Already a confirmed member: the sign-up still counts toward the client's limit.
    return (await takeAttempt(input.limit, input.address, now.getTime()))
      ? { result: 'confirmed' }
      : { result: 'limited' };
  }
}

/**
 * The member opened the confirmation link: pending → confirmed (TTL removed) and the address
 * leaves the suppression list, together. 'already' when that very link was used before;
 * 'invalid' when the link is another sign-up's, expired, or the member is gone.
 */
export async function confirmMember(
  email: string,
  nonce: string,
  now: Date,
): Promise<'confirmed' | 'already' | 'invalid'> {
  try {
    await transact([
      {
        Update: {
          TableName: tableName(),
          Key: memberKey(email),
          UpdateExpression: 'SET #status = :confirmed, confirmedAt = :at REMOVE expiresAt',
          ConditionExpression: '#status = :pending AND confirmNonce = :nonce AND expiresAt > :now',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':confirmed': 'confirmed',
            ':pending': 'pending',
            ':at': now.toISOString(),
            ':nonce': nonce,
            ':now': Math.floor(now.getTime() / 1000),
          },
        },
      },
      { Delete: { TableName: tableName(), Key: suppressionKey(email) } },
    ]);
    return 'confirmed';
  } catch (error) {
    if (!(error instanceof TransactionCanceledException)) throw error;
    const member = await getMember(email);
    return member?.status === 'confirmed' && member.confirmNonce === nonce ? 'already' : 'invalid';
  }
}

/**
 * Puts the address on the suppression list (the first reason and time are kept) and marks its
 * member, if any, unsubscribed (TTL removed, so the row stays). Idempotent: a second call
 * changes nothing. The suppression is written first: it is what sign-up honours.
 */
export async function suppressAddress(email: string, reason: SuppressionReason, now: Date): Promise<void> {
  const at = now.toISOString();
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: suppressionKey(email),
      UpdateExpression:
        'SET kind = :kind, email = :email, reason = if_not_exists(reason, :reason), #at = if_not_exists(#at, :at)',
      ExpressionAttributeNames: { '#at': 'at' },
      ExpressionAttributeValues: { ':kind': 'suppression', ':email': email, ':reason': reason, ':at': at },
    }),
  );
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: memberKey(email),
        UpdateExpression:
          'SET #status = :unsubscribed, unsubscribedAt = :at, unsubscribeReason = :reason REMOVE expiresAt, confirmNonce',
        ConditionExpression:
          'attribute_exists(pk) AND (attribute_not_exists(#status) OR #status <> :unsubscribed)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':unsubscribed': 'unsubscribed', ':at': at, ':reason': reason },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

/**
 * The member's own unsubscribe link: the member is unsubscribed (the first time and reason are
 * kept), only if `subscription` (undefined: a link of a member from before subscriptions had
 * ids) is still the member's; then the address goes on the suppression list. Idempotent.
 * 'other-subscription' when the address has signed up again since (nothing is written); 'gone'
 * when there is no member (nobody is mailed; nothing is written).
 */
export async function unsubscribeMember(
  email: string,
  subscription: string | undefined,
  now: Date,
): Promise<'unsubscribed' | 'other-subscription' | 'gone'> {
  const at = now.toISOString();
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: memberKey(email),
        UpdateExpression:
          'SET #status = :unsubscribed, unsubscribedAt = if_not_exists(unsubscribedAt, :at), unsubscribeReason = if_not_exists(unsubscribeReason, :reason) REMOVE expiresAt, confirmNonce',
        ConditionExpression:
          subscription === undefined
            ? 'attribute_exists(pk) AND attribute_not_exists(subscription)'
            : 'subscription = :subscription',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':unsubscribed': 'unsubscribed',
          ':at': at,
          ':reason': 'unsubscribe',
          ...(subscription === undefined ? {} : { ':subscription': subscription }),
        },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    return (await getMember(email)) ? 'other-subscription' : 'gone';
  }
  await suppressAddress(email, 'unsubscribe', now);
  return 'unsubscribed';
}

export async function getSuppression(email: string): Promise<SuppressionEntity | undefined> {
  const { Item } = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: suppressionKey(email), ConsistentRead: true }),
  );
  return Item as SuppressionEntity | undefined;
}

/** The admin's side of members (the mailing list of 000's sign-up): list, delete, export. */

/**
 * Every member, newest first; a pending sign-up past its confirmation time is left out (TTL
 * deletes it, late: no rule relies on it).
 */
export async function listMembers(now = Date.now()): Promise<MemberEntity[]> {
  const members = await queryAll<MemberEntity>({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :list',
    ExpressionAttributeValues: { ':list': MEMBERS_LIST },
    ScanIndexForward: false,
  });
  const nowSeconds = Math.floor(now / 1000);
  return members.filter((m) => m.expiresAt === undefined || m.expiresAt > nowSeconds);
}

const memberKey = (email: string) => {
  const { pk, sk } = memberKeys({ email, createdAt: '' });
  return { pk, sk };
};

export async function getMember(email: string): Promise<MemberEntity | undefined> {
  const { Item } = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: memberKey(email), ConsistentRead: true }),
  );
  return Item as MemberEntity | undefined;
}

/** Removes the member and writes the audit entry, together; 409 if it vanished meanwhile. */
export async function deleteMember(member: MemberEntity, admin: string): Promise<void> {
  await auditedWrite(
    [
      {
        Delete: {
          TableName: tableName(),
          Key: memberKey(member.email),
          ConditionExpression: 'attribute_exists(pk)',
        },
      },
    ],
    { admin, action: 'delete', entity: 'member', entityId: member.email, before: member },
  );
}

/** An export of the member list is recorded too: who took a copy of the addresses, and when. */
export async function recordMembersExport(admin: string, rows: number): Promise<void> {
  await auditedWrite([], { admin, action: 'export', entity: 'members', entityId: 'csv', after: { rows } });
}
