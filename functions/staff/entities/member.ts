import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '#platform/aws-clients.ts';
import { auditedWrite } from '#table/audit.ts';
import type { Keys } from '#table/keys.ts';
import { queryAll } from '#table/query.ts';
import { attemptUpdate, type Limit, takeAttempt } from '#table/rate-limit.ts';

export const memberKeys = (m: { email: string; createdAt: string }): Keys => ({
  pk: `MEMBER#${m.email}`,
  sk: '#MEMBER',
  gsi2pk: 'MEMBERS',
  gsi2sk: `${m.createdAt}#${m.email}`,
});

export const MEMBERS_LIST = 'MEMBERS';

export interface MemberEntity {
  kind: 'member';
  email: string;
  createdAt: string;
}

/**
 * Stores a member once, counting the sign-up toward `limit` in the same transaction (one round
 * trip): 'limited' past the limit (nothing stored); a second sign-up with the same email changes
 * nothing but is counted too.
 */
export async function addMember(
  email: string,
  now: Date,
  limit: { limit: Limit; subject: string },
): Promise<'added' | 'existing' | 'limited'> {
  const member: MemberEntity = { kind: 'member', email, createdAt: now.toISOString() };
  try {
    await ddb().send(
      new TransactWriteCommand({
        TransactItems: [
          { Update: attemptUpdate(limit.limit, limit.subject, now.getTime()) },
          {
            Put: {
              TableName: tableName(),
              Item: { ...memberKeys(member), ...member },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        ],
      }),
    );
    return 'added';
  } catch (error) {
    if (!(error instanceof TransactionCanceledException)) throw error;
    const [attempt, put] = error.CancellationReasons ?? [];
    if (attempt?.Code === 'ConditionalCheckFailed') return 'limited';
    if (put?.Code !== 'ConditionalCheckFailed') throw error;
    // Already a member: the sign-up still counts toward the limit.
    return (await takeAttempt(limit.limit, limit.subject, now.getTime())) ? 'existing' : 'limited';
  }
}

/** The admin's side of members (the mailing list of 000's sign-up): list, delete, export. */

/** Every member, newest first. */
export async function listMembers(): Promise<MemberEntity[]> {
  return queryAll<MemberEntity>({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :list',
    ExpressionAttributeValues: { ':list': MEMBERS_LIST },
    ScanIndexForward: false,
  });
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
