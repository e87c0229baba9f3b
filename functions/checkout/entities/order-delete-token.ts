import { createHash, randomBytes } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '#platform/aws-clients.ts';
import type { EntityFileDoc } from '#platform/table-doc.ts';

/** A single-use confirmation to delete one order, found by the SHA-256 of its token (TTL). */
export const orderDeleteTokenKey = (tokenHash: string) => ({
  pk: `ORDERDELETE#${tokenHash}`,
  sk: '#ORDERDELETE',
});

/** A confirmation the admin's order view hands out, which DELETE /orders must present once. */
export interface OrderDeleteTokenEntity {
  kind: 'orderDeleteToken';
  checkoutCode: string;
  admin: string;
  /** Epoch ms; the condition of the delete compares it (TTL deletes late). */
  validUntil: number;
  /** Epoch seconds, DynamoDB's TTL. */
  expiresAt: number;
}

/** A delete confirmation lives 10 minutes: long enough to read the order, short enough to go stale. */
export const DELETE_TOKEN_SECONDS = 10 * 60;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** A fresh single-use token to delete this order, for this admin only; the table keeps its hash. */
export async function issueDeleteToken(
  checkoutCode: string,
  admin: string,
  now = Date.now(),
): Promise<{ token: string; validUntil: number }> {
  const token = randomBytes(32).toString('base64url');
  const validUntil = now + DELETE_TOKEN_SECONDS * 1000;
  const item: OrderDeleteTokenEntity = {
    kind: 'orderDeleteToken',
    checkoutCode,
    admin,
    validUntil,
    expiresAt: Math.floor(validUntil / 1000) + 60,
  };
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...orderDeleteTokenKey(hashToken(token)), ...item },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return { token, validUntil };
}

/** The token's record if it exists, is this admin's, names this order and has not run out. */
export async function validDeleteToken(
  token: string,
  checkoutCode: string,
  admin: string,
  now = Date.now(),
): Promise<boolean> {
  const { Item } = await ddb().send(
    new GetCommand({
      TableName: tableName(),
      Key: orderDeleteTokenKey(hashToken(token)),
      ConsistentRead: true,
    }),
  );
  const record = Item as OrderDeleteTokenEntity | undefined;
  return (
    record?.kind === 'orderDeleteToken' &&
    record.checkoutCode === checkoutCode &&
    record.admin === admin &&
    record.validUntil > now
  );
}

/** Its table items, for docs/reference/data-model-keys.md (`npm run docs`; functions/platform/table-doc.ts). */
export const tableDoc: EntityFileDoc = {
  items: [
    {
      entity: 'Order delete token (TTL, used once)',
      pk: '`ORDERDELETE#<sha256>`',
      sk: '`#ORDERDELETE`',
      keys: () => orderDeleteTokenKey('<sha256>'),
    },
  ],
};
