import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '#platform/aws-clients.ts';
import type { EntityFileDoc } from '#platform/table-doc.ts';
import type { EntryEntity } from './entry.ts';
import { addressKey, emailKey, entryKey } from './keys.ts';

type Fields = Partial<Pick<EntryEntity, 'outcome' | 'paymentSettled' | 'mailedAt'>>;

/** Records what the settlement did to an entry (each field written once, never changed). */
export async function recordOutcome(entry: EntryEntity, fields: Fields): Promise<void> {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets = Object.entries(fields).map(([field, value], i) => {
    names[`#f${i}`] = field;
    values[`:f${i}`] = value;
    return `#f${i} = :f${i}`;
  });
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: entryKey(entry.drawId, entry.entryId),
      UpdateExpression: `SET ${sets.join(', ')}`,
      ConditionExpression: Object.keys(fields)
        .map((_, i) => `(attribute_not_exists(#f${i}) OR #f${i} = :f${i})`)
        .join(' AND '),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    }),
  );
}

/**
 * Takes the entry's result mail for `untilMs` (a sender that dies lets it go after that time):
 * false if it went out already or another sender has it now.
 */
export async function claimResultMail(entry: EntryEntity, now: number, untilMs: number): Promise<boolean> {
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: entryKey(entry.drawId, entry.entryId),
        UpdateExpression: 'SET mailLeaseUntil = :until',
        ConditionExpression:
          'attribute_not_exists(mailedAt) AND (attribute_not_exists(mailLeaseUntil) OR mailLeaseUntil < :now)',
        ExpressionAttributeValues: { ':until': untilMs, ':now': now },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** Its table items, for docs/reference/data-model-keys.md (`npm run docs`; functions/platform/table-doc.ts). */
export const tableDoc: EntityFileDoc = {
  items: [
    {
      entity: "A draw entry's settlement (outcome, captured or cancelled, result mail and its lease)",
      pk: '`DRAW#<drawId>`',
      sk: '`ENTRY#<entryId>`',
      keys: () => entryKey('<drawId>', '<entryId>'),
    },
    {
      entity: "A draw's entered e-mail / shipping address (one entered entry each)",
      pk: '`DRAW#<drawId>`',
      sk: '`EMAIL#<normalised e-mail>`, `ADDR#<SHA-256 of the normalised address>`',
      keys: () => [
        emailKey('<drawId>', '<normalised e-mail>'),
        addressKey('<drawId>', '<SHA-256 of the normalised address>'),
      ],
    },
  ],
};
