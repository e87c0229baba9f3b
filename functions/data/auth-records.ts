import { randomUUID } from 'node:crypto';
import { QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '#lib/clients.ts';
import type { AuthRecordEntity } from './entities.ts';
import { authRecordKey, TRANSFER_PREFIX, transferKey } from './keys.ts';

export { getAuthRecord } from './orders.ts';

/** One entry of a record's append-only transfer history. */
export interface TransferEntry {
  kind: 'transfer';
  cardNumber: string;
  pid: string;
  at: string;
  from: string;
  to: string;
}

const isConditionFailure = (error: unknown) =>
  (error as { name?: string }).name === 'ConditionalCheckFailedException' ||
  (error as { name?: string }).name === 'TransactionCanceledException';

/**
 * Moves a record to a new owner in one transaction: new email and password hash, a bumped
 * credential version (which ends every session and password of the old owner), a history
 * entry that can only be added, never overwritten, and the end of the current session.
 * False when the record changed since it was read (another transfer or reset won).
 */
export async function transferRecord(input: {
  record: AuthRecordEntity;
  toEmail: string;
  passwordHash: string;
  at: string;
  sessionKey?: { pk: string; sk: string };
}): Promise<boolean> {
  const { record } = input;
  const entry: TransferEntry = {
    kind: 'transfer',
    cardNumber: record.cardNumber,
    pid: record.pid,
    at: input.at,
    from: record.email ?? '',
    to: input.toEmail,
  };
  try {
    await ddb().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: authRecordKey(record.cardNumber),
              UpdateExpression:
                'SET email = :to, passwordHash = :hash, credentialVersion = :next, transferDateTime = :at',
              ConditionExpression: 'credentialVersion = :version AND email = :from',
              ExpressionAttributeValues: {
                ':to': input.toEmail,
                ':hash': input.passwordHash,
                ':next': record.credentialVersion + 1,
                ':version': record.credentialVersion,
                ':from': record.email,
                ':at': input.at,
              },
            },
          },
          {
            Put: {
              TableName: tableName(),
              Item: { ...transferKey(record.cardNumber, input.at, randomUUID()), ...entry },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          ...(input.sessionKey ? [{ Delete: { TableName: tableName(), Key: input.sessionKey } }] : []),
        ],
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** A new password for the record's current owner; older passwords and sessions stop working. */
export async function resetRecordPassword(record: AuthRecordEntity, passwordHash: string): Promise<boolean> {
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: authRecordKey(record.cardNumber),
        UpdateExpression: 'SET passwordHash = :hash, credentialVersion = :next',
        ConditionExpression: 'credentialVersion = :version AND email = :email',
        ExpressionAttributeValues: {
          ':hash': passwordHash,
          ':next': record.credentialVersion + 1,
          ':version': record.credentialVersion,
          ':email': record.email,
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** A record's transfers, oldest first. */
export async function listTransfers(cardNumber: string): Promise<TransferEntry[]> {
  const result = await ddb().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': authRecordKey(cardNumber).pk, ':prefix': TRANSFER_PREFIX },
    }),
  );
  return (result.Items ?? []) as TransferEntry[];
}
