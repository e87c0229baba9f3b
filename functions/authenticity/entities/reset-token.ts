import { createHash, randomBytes } from 'node:crypto';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '#platform/aws-clients.ts';
import type { EntityFileDoc } from '#platform/table-doc.ts';
import { newOwnerSalt } from '#shared/passport/log.ts';
import { transact } from '#table/transactions.ts';
import { type AuthRecordEntity, authRecordKey, ownershipEntryItem } from './auth-record.ts';

/**
 * A password reset waiting for its owner's confirmation: the link mailed to the record's
 * address carries a random token; the table keeps only its SHA-256. Used once, valid an hour,
 * and only while the record's credentials are those it was issued for (a transfer or another
 * reset voids it). Until it is used, the present password keeps working.
 */
export const resetTokenKey = (tokenHash: string) => ({ pk: `RESET#${tokenHash}`, sk: '#RESET' });

export interface ResetTokenEntity {
  kind: 'resetToken';
  cardNumber: string;
  credentialVersion: number;
  /** Epoch ms after which the link no longer works. */
  validUntil: number;
  /** TTL, epoch seconds. */
  expiresAt: number;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** A fresh reset link's token for this record. */
export async function issueResetToken(
  record: AuthRecordEntity,
  now: number,
  validSeconds: number,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const item: ResetTokenEntity = {
    kind: 'resetToken',
    cardNumber: record.cardNumber,
    credentialVersion: record.credentialVersion,
    validUntil: now + validSeconds * 1000,
    expiresAt: Math.floor(now / 1000) + validSeconds * 2,
  };
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...resetTokenKey(hashToken(token)), ...item },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return token;
}

/** The reset a token stands for, if it is still valid. */
export async function readResetToken(token: string, now: number): Promise<ResetTokenEntity | undefined> {
  const { Item } = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: resetTokenKey(hashToken(token)), ConsistentRead: true }),
  );
  const reset = Item as ResetTokenEntity | undefined;
  return reset && reset.validUntil > now ? reset : undefined;
}

/**
 * Spends the token and gives the record its new password hash in one transaction: both or
 * neither, and only if the token is still valid and the record unchanged since it was issued.
 */
export async function resetWithToken(input: {
  token: string;
  record: AuthRecordEntity;
  passwordHash: string;
  now: number;
}): Promise<boolean> {
  const { record } = input;
  // The same owner keeps the salt; a record older than the passport gets one now.
  const ownerSalt = record.ownerSalt ?? newOwnerSalt();
  const at = new Date(input.now).toISOString();
  try {
    await transact([
      {
        Delete: {
          TableName: tableName(),
          Key: resetTokenKey(hashToken(input.token)),
          ConditionExpression: 'validUntil > :now AND credentialVersion = :version',
          ExpressionAttributeValues: { ':now': input.now, ':version': record.credentialVersion },
        },
      },
      {
        Update: {
          TableName: tableName(),
          Key: authRecordKey(record.cardNumber),
          UpdateExpression: 'SET passwordHash = :hash, credentialVersion = :next, ownerSalt = :salt',
          ConditionExpression: 'credentialVersion = :version AND email = :email',
          ExpressionAttributeValues: {
            ':hash': input.passwordHash,
            ':next': record.credentialVersion + 1,
            ':version': record.credentialVersion,
            ':email': record.email,
            ':salt': ownerSalt,
          },
        },
      },
      await ownershipEntryItem('reset', { pid: record.pid, ownerSalt }, at),
    ]);
    return true;
  } catch (error) {
    if (error instanceof TransactionCanceledException) return false;
    throw error;
  }
}

/** Its table items, for docs/reference/data-model-keys.md (`npm run docs`; functions/platform/table-doc.ts). */
export const tableDoc: EntityFileDoc = {
  items: [
    {
      entity: "Password reset link (TTL, used once; only the token's SHA-256)",
      pk: '`RESET#<sha256 of token>`',
      sk: '`#RESET`',
      keys: () => resetTokenKey('<sha256 of token>'),
    },
  ],
};
