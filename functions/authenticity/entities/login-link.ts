import { createHash, randomBytes } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '#platform/aws-clients.ts';
import type { EntityFileDoc } from '#platform/table-doc.ts';
import type { AuthRecordEntity } from './auth-record.ts';

/**
 * A one-time login link mailed to a record's owner (the way in while strangers slow the card
 * down): the link carries a random token; the table keeps only its SHA-256. Used once, valid
 * for minutes, and only while the record's credentials are those it was issued for.
 */
export const loginLinkKey = (tokenHash: string) => ({ pk: `LOGINLINK#${tokenHash}`, sk: '#LOGINLINK' });

export interface LoginLinkEntity {
  kind: 'loginLink';
  cardNumber: string;
  credentialVersion: number;
  /** Epoch ms after which the link no longer works. */
  validUntil: number;
  /** TTL, epoch seconds. */
  expiresAt: number;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export async function issueLoginLink(
  record: AuthRecordEntity,
  now: number,
  validSeconds: number,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const item: LoginLinkEntity = {
    kind: 'loginLink',
    cardNumber: record.cardNumber,
    credentialVersion: record.credentialVersion,
    validUntil: now + validSeconds * 1000,
    expiresAt: Math.floor(now / 1000) + validSeconds * 2,
  };
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...loginLinkKey(hashToken(token)), ...item },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return token;
}

/** Spends the link (deletes it) if it is still valid, and returns what it was for; else undefined. */
export async function spendLoginLink(token: string, now: number): Promise<LoginLinkEntity | undefined> {
  try {
    const { Attributes } = await ddb().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: loginLinkKey(hashToken(token)),
        ConditionExpression: 'validUntil > :now',
        ExpressionAttributeValues: { ':now': now },
        ReturnValues: 'ALL_OLD',
      }),
    );
    return Attributes as LoginLinkEntity | undefined;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}

/** Its table items, for docs/reference/data-model-keys.md (`npm run docs`; functions/platform/table-doc.ts). */
export const tableDoc: EntityFileDoc = {
  items: [
    {
      entity: "One-time login link (TTL, used once; only the token's SHA-256)",
      pk: '`LOGINLINK#<sha256(token)>`',
      sk: '`#LOGINLINK`',
      keys: () => loginLinkKey('<sha256(token)>'),
    },
  ],
};
