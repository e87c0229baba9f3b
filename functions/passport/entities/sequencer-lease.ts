import { randomUUID } from 'node:crypto';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '#platform/aws-clients.ts';
import { type EntityFileDoc, placeholder } from '#platform/table-doc.ts';
import { isConditionFailed } from '#table/transactions.ts';
import { checkpointKey, LOG_PK, listEntryKey, logEntryKey, pieceEntryKey } from './log-items.ts';

/**
 * One sequencer at a time. Every append starts a run and a crowd starts many: each would read the
 * whole log and lose its round to another. A run holds this item while it works; a run that finds
 * it held ends at once, since the holder sequences until nothing is pending. Held past `until`
 * (a run killed by its timeout), it is free again.
 */
export const sequencerLeaseKey = { pk: LOG_PK, sk: '#SEQUENCER' } as const;
/** Longer than the function's timeout (infra/stack.ts PassportLog, 60 s). */
const LEASE_MS = 120_000;

/** The lease's holder id when this run took it, or undefined when another run holds it. */
export async function takeSequencerLease(now = Date.now()): Promise<string | undefined> {
  const holder = randomUUID();
  try {
    await ddb().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...sequencerLeaseKey, holder, until: now + LEASE_MS },
        ConditionExpression: 'attribute_not_exists(pk) OR #until < :now',
        ExpressionAttributeNames: { '#until': 'until' },
        ExpressionAttributeValues: { ':now': now },
      }),
    );
    return holder;
  } catch (error) {
    if (isConditionFailed(error)) return undefined;
    throw error;
  }
}

/** Gives the lease back, if this holder still has it. */
export async function releaseSequencerLease(holder: string): Promise<void> {
  try {
    await ddb().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: sequencerLeaseKey,
        ConditionExpression: 'holder = :holder',
        ExpressionAttributeValues: { ':holder': holder },
      }),
    );
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
  }
}

/** Its table items, for docs/reference/data-model-keys.md (`npm run docs`; functions/platform/table-doc.ts). */
export const tableDoc: EntityFileDoc = {
  items: [
    {
      entity: 'Passport log sequencer lease (`holder`, `until`: one sequencer at a time)',
      pk: '`PASSPORTLOG`',
      sk: '`#SEQUENCER`',
      keys: () => sequencerLeaseKey,
    },
    {
      entity: 'Passport log entry, sequenced (`text`, its canonical JSON)',
      pk: '`PASSPORTLOG`',
      sk: '`ENTRY#<seq, 12 digits>`',
      keys: () => logEntryKey(placeholder('<seq, 12 digits>')),
    },
    {
      entity: 'Passport log list entry of a release draw, sequenced (`seq`, `text`; docs/draw.md)',
      pk: '`PASSPORTLOG#LIST`',
      sk: '`<drawId>`',
      keys: () => listEntryKey('<drawId>'),
    },
    {
      entity: 'The same entry under its piece',
      pk: '`PASSPORT#<pid>`',
      sk: '`ENTRY#<seq, 12 digits>`',
      keys: () => pieceEntryKey('<pid>', placeholder('<seq, 12 digits>')),
    },
    {
      entity: 'Passport log checkpoint (signed note `text`)',
      pk: '`PASSPORTLOG`',
      sk: '`CHECKPOINT#<size, 12 digits>`',
      keys: () => checkpointKey(placeholder('<size, 12 digits>')),
    },
  ],
};
