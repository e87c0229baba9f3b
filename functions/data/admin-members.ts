import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '#lib/clients.ts';
import { auditedWrite } from './audit.ts';
import type { MemberEntity } from './entities.ts';
import { MEMBERS_LIST, memberKeys } from './keys.ts';
import { queryAll } from './query.ts';

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
