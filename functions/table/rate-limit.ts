import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
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
  try {
    await ddb().send(new UpdateCommand(attemptUpdate(limit, subject, now)));
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/**
 * The conditional write that counts one attempt (refused past the limit), to put in a
 * transaction with the work it guards: one round trip instead of two.
 */
export function attemptUpdate(limit: Limit, subject: string, now = Date.now()) {
  const windowStart = Math.floor(now / 1000 / limit.windowSeconds) * limit.windowSeconds;
  return {
    TableName: tableName(),
    Key: rateLimitKey(limit.name, subject, windowStart),
    UpdateExpression: 'ADD attempts :one SET expiresAt = if_not_exists(expiresAt, :expires)',
    ConditionExpression: 'attribute_not_exists(attempts) OR attempts < :max',
    ExpressionAttributeValues: {
      ':one': 1,
      ':max': limit.max,
      ':expires': windowStart + limit.windowSeconds * 2,
    },
  };
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

/**
 * A throttle slows tries down instead of locking a subject out: the first `freeTries` of a
 * window go at once, then each try waits a growing delay (doubling from `firstDelaySeconds`,
 * at most `maxDelaySeconds`) after the previous one. The owner of the subject, who knows the
 * password, is never kept out for longer than the longest delay, whoever else is trying.
 */
export interface Throttle {
  name: string;
  freeTries: number;
  firstDelaySeconds: number;
  maxDelaySeconds: number;
  windowSeconds: number;
}

export type ThrottledTry = { allowed: true; tries: number } | { allowed: false; waitSeconds: number };

/** The wait a throttle puts after the `tries`-th try of a window (0 within the free tries). */
export function throttleDelaySeconds(throttle: Throttle, tries: number): number {
  if (tries <= throttle.freeTries) return 0;
  return Math.min(
    throttle.firstDelaySeconds * 2 ** (tries - throttle.freeTries - 1),
    throttle.maxDelaySeconds,
  );
}

interface ThrottleItem {
  attempts?: number;
  nextTryAt?: number;
}

/**
 * Counts one try for `subject` if its throttle lets it through now. Read, then one write
 * conditioned on the count read, so each try of a burst gets its own number and its own delay:
 * no burst slips past the throttle. The try is given back with `clearThrottle` when it succeeds.
 */
export async function takeThrottledTry(
  throttle: Throttle,
  subject: string,
  now = Date.now(),
): Promise<ThrottledTry> {
  const windowStart = Math.floor(now / 1000 / throttle.windowSeconds) * throttle.windowSeconds;
  const Key = rateLimitKey(throttle.name, subject, windowStart);
  for (let attempt = 0; attempt < 3; attempt++) {
    const { Item } = await ddb().send(new GetCommand({ TableName: tableName(), Key, ConsistentRead: true }));
    const item = (Item ?? {}) as ThrottleItem;
    if ((item.nextTryAt ?? 0) > now)
      return { allowed: false, waitSeconds: Math.ceil(((item.nextTryAt ?? 0) - now) / 1000) };
    const tries = (item.attempts ?? 0) + 1;
    try {
      await ddb().send(
        new UpdateCommand({
          TableName: tableName(),
          Key,
          UpdateExpression: 'SET attempts = :tries, nextTryAt = :next, expiresAt = :expires',
          ConditionExpression:
            item.attempts === undefined ? 'attribute_not_exists(attempts)' : 'attempts = :seen',
          ExpressionAttributeValues: {
            ':tries': tries,
            ':next': now + throttleDelaySeconds(throttle, tries) * 1000,
            ':expires': windowStart + throttle.windowSeconds * 2,
            ...(item.attempts === undefined ? {} : { ':seen': item.attempts }),
          },
        }),
      );
      return { allowed: true, tries };
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      // Another try of the same subject counted first: read again.
    }
  }
  return { allowed: false, waitSeconds: throttle.firstDelaySeconds };
}

/** Forgets a subject's tries of the current window (the right password was given). */
export async function clearThrottle(throttle: Throttle, subject: string, now = Date.now()): Promise<void> {
  const windowStart = Math.floor(now / 1000 / throttle.windowSeconds) * throttle.windowSeconds;
  await ddb().send(
    new DeleteCommand({ TableName: tableName(), Key: rateLimitKey(throttle.name, subject, windowStart) }),
  );
}
