import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { tableName } from '#platform/aws-clients.ts';
import { consistentGet } from '#table/query.ts';
import { transact } from '#table/transactions.ts';
import { statusCounterKey, statusIndexKey } from './entities/status-items.ts';

/** Tries before giving up when other pieces take the counter's value meanwhile. */
const MAX_TRIES = 20;

/**
 * The piece's index in the status list (docs/passport.md, Lost or stolen), given once: the
 * counter moved and the piece's index written in one transaction, conditional on the counter's
 * value and on the piece having none, so two issues at once give one index to the piece and no
 * index to two pieces. A certificate is signed with it before its issue transaction, so the index
 * is given in its own (an issue that then fails leaves the piece its index, for the next one).
 */
export async function statusIndexOf(pid: string): Promise<number> {
  for (let tries = 0; tries < MAX_TRIES; tries++) {
    const given = await consistentGet<{ index: number }>(statusIndexKey(pid));
    if (given) return given.index;
    const next = (await consistentGet<{ next: number }>(statusCounterKey))?.next ?? 0;
    try {
      await transact([
        {
          Update: {
            TableName: tableName(),
            Key: statusCounterKey,
            UpdateExpression: 'SET #next = :after',
            ConditionExpression: next === 0 ? 'attribute_not_exists(pk) OR #next = :zero' : '#next = :next',
            ExpressionAttributeNames: { '#next': 'next' },
            ExpressionAttributeValues: {
              ':after': next + 1,
              ...(next === 0 ? { ':zero': 0 } : { ':next': next }),
            },
          },
        },
        {
          Put: {
            TableName: tableName(),
            Item: { ...statusIndexKey(pid), index: next },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      ]);
      return next;
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
    }
  }
  throw new Error(`no status index could be given to piece ${pid}: the counter kept moving`);
}

/** How many indexes were given (the list holds at least as many bits). */
export async function statusIndexesGiven(): Promise<number> {
  return (await consistentGet<{ next: number }>(statusCounterKey))?.next ?? 0;
}
