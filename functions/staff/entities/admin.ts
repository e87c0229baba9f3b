import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '#platform/aws-clients.ts';
import type { EntityFileDoc } from '#platform/table-doc.ts';
import { isConditionFailed } from '#table/transactions.ts';

/** Staff accounts: `ADMIN#<username>`, the password only as an scrypt hash. */
export interface AdminEntity {
  kind: 'admin';
  username: string;
  passwordHash: string;
  createdAt: string;
}

export const adminKey = (username: string) => ({ pk: `ADMIN#${username}`, sk: '#ADMIN' });

export async function getAdmin(username: string): Promise<AdminEntity | undefined> {
  const { Item } = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: adminKey(username), ConsistentRead: true }),
  );
  return Item as AdminEntity | undefined;
}

/** Creates the account; false if the username is taken (an existing password is never replaced). */
export async function createAdmin(admin: AdminEntity): Promise<boolean> {
  try {
    await ddb().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...adminKey(admin.username), ...admin },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/** Its table items, for docs/reference/data-model-keys.md (`npm run docs`; functions/platform/table-doc.ts). */
export const tableDoc: EntityFileDoc = {
  items: [
    {
      entity: 'Admin account',
      pk: '`ADMIN#<username>`',
      sk: '`#ADMIN`',
      keys: () => adminKey('<username>'),
    },
  ],
};
