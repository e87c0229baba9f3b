import { randomUUID } from 'node:crypto';
import { tableName } from '#lib/clients.ts';
import { auditedWrite } from './audit.ts';
import type { TransferEntry } from './auth-records.ts';
import type { AuthRecordEntity } from './entities.ts';
import { authRecordKey, authRecordKeys, productKey, transferKey } from './keys.ts';
import { queryAll } from './query.ts';

/** Authenticity records as staff manage them (001 §3, §7: GET /products-auth, POST /product-auth). */

/** Every record, newest first (gsi2 AUTHS). */
export async function listAuthRecords(): Promise<AuthRecordEntity[]> {
  return queryAll<AuthRecordEntity>({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :list',
    ExpressionAttributeValues: { ':list': 'AUTHS' },
    ScanIndexForward: false,
  });
}

/**
 * A record for a sold piece that has none (sold elsewhere, or before records existed): with an
 * owner's e-mail and password hash, or with neither. Only for a piece that is sold and still
 * carries this card number.
 */
export async function createAuthRecord(record: AuthRecordEntity, admin: string): Promise<void> {
  await auditedWrite(
    [
      {
        ConditionCheck: {
          TableName: tableName(),
          Key: productKey(record.pid),
          ConditionExpression: '#status = :sold AND cardNumber = :card',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':sold': 0, ':card': record.cardNumber },
        },
      },
      {
        Put: {
          TableName: tableName(),
          Item: { ...authRecordKeys(record), ...record },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    ],
    { admin, action: 'create', entity: 'authenticity record', entityId: record.cardNumber, after: record },
  );
}

/**
 * Staff give a record without an owner (a piece sold on another platform) its owner: e-mail,
 * password hash and a bumped credential version, only if nobody claimed it meanwhile; the claim
 * is kept in the record's append-only history (from no one to the owner).
 */
export async function claimAuthRecord(input: {
  record: AuthRecordEntity;
  email: string;
  passwordHash: string;
  at: string;
  admin: string;
}): Promise<AuthRecordEntity> {
  const { record } = input;
  const after: AuthRecordEntity = {
    ...record,
    email: input.email,
    passwordHash: input.passwordHash,
    credentialVersion: record.credentialVersion + 1,
  };
  const entry: TransferEntry = {
    kind: 'transfer',
    cardNumber: record.cardNumber,
    pid: record.pid,
    at: input.at,
    from: '',
    to: input.email,
  };
  await auditedWrite(
    [
      {
        Update: {
          TableName: tableName(),
          Key: authRecordKey(record.cardNumber),
          UpdateExpression: 'SET email = :email, passwordHash = :hash, credentialVersion = :next',
          ConditionExpression:
            'credentialVersion = :version AND (attribute_not_exists(email) OR email = :none)',
          ExpressionAttributeValues: {
            ':email': input.email,
            ':hash': input.passwordHash,
            ':next': after.credentialVersion,
            ':version': record.credentialVersion,
            ':none': '',
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
    ],
    {
      admin: input.admin,
      action: 'claim',
      entity: 'authenticity record',
      entityId: record.cardNumber,
      before: record,
      after,
    },
  );
  return after;
}
