import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '#lib/clients.ts';
import type { MemberEntity } from './entities.ts';
import { memberKeys } from './keys.ts';

/** Stores a member once; a second sign-up with the same email changes nothing. */
export async function addMember(email: string, now: Date): Promise<'added' | 'existing'> {
  const member: MemberEntity = { kind: 'member', email, createdAt: now.toISOString() };
  try {
    await ddb().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...memberKeys(member), ...member },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return 'added';
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return 'existing';
    throw error;
  }
}
