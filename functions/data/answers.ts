import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '#lib/clients.ts';
import type { AnswerEntity } from './entities.ts';
import { answerKeys, typeKey } from './keys.ts';

/** Stores size finder answers only if their collection exists: one atomic request. */
export async function addAnswer(answer: AnswerEntity): Promise<'added' | 'no-type'> {
  try {
    await ddb().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            ConditionCheck: {
              TableName: tableName(),
              Key: typeKey(answer.typeId),
              ConditionExpression: 'attribute_exists(pk)',
            },
          },
          {
            Put: {
              TableName: tableName(),
              Item: { ...answerKeys(answer), ...answer },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        ],
      }),
    );
    return 'added';
  } catch (error) {
    if (
      error instanceof TransactionCanceledException &&
      error.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed'
    ) {
      return 'no-type';
    }
    throw error;
  }
}
