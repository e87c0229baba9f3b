import { randomBytes } from 'node:crypto';
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '#platform/aws-clients.ts';
import type { EntityFileDoc } from '#platform/table-doc.ts';
import { MEMBER_CONSENT_WORDS, type MemberStatus } from '#shared/membership.ts';
import { auditedWrite } from '#table/audit.ts';
import type { Keys } from '#table/keys.ts';
import { queryAll } from '#table/query.ts';
import { attemptUpdate, type Limit } from '#table/rate-limit.ts';
import { type TransactItem, transact } from '#table/transactions.ts';

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
  /**
   * The first bounce or complaint, even when the address was unsubscribed before: mail to it
   * does not arrive or is unwanted, so not even a legal notice is sent to it.
   */
  feedback?: Exclude<SuppressionReason, 'unsubscribe'>;
}

/** Whether the address bounced or complained: the shop mails it nothing, not even a legal notice. */
export const undeliverable = (s: SuppressionEntity | undefined): boolean =>
  s !== undefined && (s.reason !== 'unsubscribe' || s.feedback !== undefined);

export type SignUp =
  | { result: 'pending'; nonce: string; expiresAt: number }
  | { result: 'confirmed' }
  | { result: 'limited' };

/**
 * Records a sign-up, counting it toward the client's `limits` and the address's `mailLimit`
 * (mails per address) in the same transaction as the member's write, so a refused attempt
 * changes nothing and a counted one always has its write:
 * - no member, an unsubscribed one, or a pending sign-up past its time: a new pending member
 *   with its consent, a fresh subscription and confirmation nonce (older links stop working);
 * - a pending sign-up still in its time (the page's "send it again", or the form sent twice):
 *   the same sign-up with its consent renewed and its time restarted; its nonce and first
 *   sign-up time are kept, so the link of an earlier mail still works;
 * - a confirmed member is left as it is ('confirmed': the caller mails no link).
 * The first write assumes a new address (one round trip); when there is a member it is read,
 * and the write is conditioned on what was read (read again if it changed meanwhile).
 */
export async function signUpMember(input: {
  email: string;
  now: Date;
  page: string;
  address: string;
  validDays: number;
  /** The client address's limits (each counted; any one full refuses). */
  limits: Limit[];
  mailLimit: Limit;
}): Promise<SignUp> {
  const { email, now } = input;
  const at = now.getTime();
  const nowSeconds = Math.floor(at / 1000);
  const expiresAt = nowSeconds + input.validDays * 86_400;
  const consent: Consent = {
    at: now.toISOString(),
    page: input.page,
    words: MEMBER_CONSENT_WORDS,
    address: input.address,
  };
  const limits = [
    ...input.limits.map((limit) => ({ Update: attemptUpdate(limit, input.address, at) })),
    { Update: attemptUpdate(input.mailLimit, email, at) },
  ];
  // A new address first (most sign-ups): one round trip. The member is read only when there is one.
  let known = false;
  for (let attempt = 0; attempt < 4; attempt++) {
    const existing = known ? await getMember(email) : undefined;
    const status = existing ? memberStatus(existing) : undefined;
    const live =
      status === 'pending' && existing?.confirmNonce && (existing.expiresAt ?? 0) > nowSeconds
        ? existing
        : undefined;
    let write: TransactItem;
    let nonce: string | undefined;
    if (status === 'confirmed') {
      write = {
        ConditionCheck: {
          TableName: tableName(),
          Key: memberKey(email),
          ConditionExpression:
            'attribute_exists(pk) AND (attribute_not_exists(#status) OR #status = :confirmed)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':confirmed': 'confirmed' },
        },
      };
    } else if (live) {
      nonce = live.confirmNonce;
      write = {
        Update: {
          TableName: tableName(),
          Key: memberKey(email),
          UpdateExpression: 'SET consent = :consent, expiresAt = :expires',
          ConditionExpression: '#status = :pending AND confirmNonce = :nonce',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':consent': consent,
            ':expires': expiresAt,
            ':pending': 'pending',
            ':nonce': nonce,
          },
        },
      };
    } else {
      nonce = randomBytes(12).toString('base64url');
      const member: MemberEntity = {
        kind: 'member',
        email,
        createdAt: now.toISOString(),
        status: 'pending',
        subscription: randomBytes(12).toString('base64url'),
        consent,
        confirmNonce: nonce,
        expiresAt,
      };
      write = {
        Put: {
          TableName: tableName(),
          Item: { ...memberKeys(member), ...member },
          // What was read: no member, an unsubscribed one or a pending one past its time.
          ConditionExpression: existing
            ? '#status = :unsubscribed OR (#status = :pending AND expiresAt <= :now)'
            : 'attribute_not_exists(pk)',
          ...(existing
            ? {
                ExpressionAttributeNames: { '#status': 'status' },
                ExpressionAttributeValues: {
                  ':pending': 'pending',
                  ':unsubscribed': 'unsubscribed',
                  ':now': nowSeconds,
                },
              }
            : {}),
        },
      };
    }
    try {
      await transact([...limits, write]);
      return nonce === undefined ? { result: 'confirmed' } : { result: 'pending', nonce, expiresAt };
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const reasons = error.CancellationReasons ?? [];
      const member = reasons[limits.length];
      if (reasons.slice(0, limits.length).some((reason) => reason?.Code === 'ConditionalCheckFailed'))
        return { result: 'limited' };
      if (member?.Code !== 'ConditionalCheckFailed') throw error;
      // There is a member, or it changed since it was read (a confirmation, another sign-up): read it.
      known = true;
    }
  }
  throw new Error('the member kept changing during a sign-up');
}

/**
 * The member opened the confirmation link: pending → confirmed (TTL removed) and the address
 * leaves the suppression list, together. 'already' when that very link was used before;
 * 'expired' when it is this sign-up's link past its time (TTL has not removed it yet);
 * 'invalid' when the link is another sign-up's, or the member is gone.
 */
export async function confirmMember(
  email: string,
  nonce: string,
  now: Date,
): Promise<'confirmed' | 'already' | 'expired' | 'invalid'> {
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
    if (member?.confirmNonce !== nonce) return 'invalid';
    if (member.status === 'confirmed') return 'already';
    return member.status === 'pending' ? 'expired' : 'invalid';
  }
}

/**
 * Puts the address on the suppression list (the first reason and time are kept) and marks its
 * member, if any, unsubscribed (TTL removed, so the row stays). Idempotent: a second call
 * changes nothing. The suppression is written first: it is what sign-up honours.
 */
export async function suppressAddress(email: string, reason: SuppressionReason, now: Date): Promise<void> {
  const at = now.toISOString();
  const feedback = reason !== 'unsubscribe';
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: suppressionKey(email),
      UpdateExpression: `SET kind = :kind, email = :email, reason = if_not_exists(reason, :reason), #at = if_not_exists(#at, :at)${
        feedback ? ', feedback = if_not_exists(feedback, :reason)' : ''
      }`,
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

/** Whether the address is a member who confirmed it (a draw takes entries from them only). */
export async function isConfirmedMember(email: string): Promise<boolean> {
  const member = await getMember(email.trim().toLowerCase());
  return member !== undefined && memberStatus(member) === 'confirmed';
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

/** Its table items, for docs/reference/data-model-keys.md (`npm run docs`; functions/platform/table-doc.ts). */
export const tableDoc: EntityFileDoc = {
  items: [
    {
      entity: 'Member (pending: TTL `expiresAt`)',
      pk: '`MEMBER#<email>`',
      sk: '`#MEMBER`',
      gsi2: '`MEMBERS` / `<createdAt>#<email>`',
      keys: () => memberKeys({ email: '<email>', createdAt: '<createdAt>' }),
    },
    {
      entity: 'Suppressed address',
      pk: '`SUPPRESSED#<email>`',
      sk: '`#SUPPRESSED`',
      keys: () => suppressionKey('<email>'),
    },
  ],
};
