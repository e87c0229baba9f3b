import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { ddb } from '#platform/aws-clients.ts';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export const MAX_TRANSACTION = 100;

/** Writes the items in one DynamoDB transaction: all or nothing. */
export async function transact(items: TransactItem[]): Promise<void> {
  await ddb().send(new TransactWriteCommand({ TransactItems: items }));
}

/** Whether a single conditional write (Put, Update, Delete) was refused by its condition. */
export const isConditionFailed = (error: unknown): boolean =>
  (error as { name?: string }).name === 'ConditionalCheckFailedException';
