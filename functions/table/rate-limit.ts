import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '#platform/aws-clients.ts';

export interface Limit {
  name: string;
  max: number;
  windowSeconds: number;
}

/**
 * Counts one attempt for `subject` in the current fixed window and tells whether it is
 * allowed. The count and the check are one conditional write, so concurrent attempts cannot
 * slip past the limit; the window's item expires by TTL.
 */
export async function takeAttempt(limit: Limit, subject: string, now = Date.now()): Promise<boolean> {
  const windowStart = Math.floor(now / 1000 / limit.windowSeconds) * limit.windowSeconds;
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: rateLimitKey(limit.name, subject, windowStart),
        UpdateExpression: 'ADD attempts :one SET expiresAt = if_not_exists(expiresAt, :expires)',
        ConditionExpression: 'attribute_not_exists(attempts) OR attempts < :max',
        ExpressionAttributeValues: {
          ':one': 1,
          ':max': limit.max,
          ':expires': windowStart + limit.windowSeconds * 2,
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** Returns an attempt counted in the current window (for work that failed on our side). */
export async function giveBackAttempt(limit: Limit, subject: string, now = Date.now()): Promise<void> {
  const windowStart = Math.floor(now / 1000 / limit.windowSeconds) * limit.windowSeconds;
  await ddb()
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: rateLimitKey(limit.name, subject, windowStart),
        UpdateExpression: 'ADD attempts :minusOne',
        ConditionExpression: 'attempts > :zero',
        ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
      }),
    )
    .catch((error: unknown) => {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    });
}

export const rateLimitKey = (name: string, subject: string, windowStart: number) => ({
  pk: `LIMIT#${name}#${subject}`,
  sk: String(windowStart),
});
