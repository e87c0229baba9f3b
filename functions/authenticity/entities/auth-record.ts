import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type ProductEntity, productSoldWithCardItem } from '#catalog/index.ts';
import { pendingEntryItem } from '#passport/index.ts';
import { ddb, tableName } from '#platform/aws-clients.ts';
import type { EntityFileDoc } from '#platform/table-doc.ts';
import { newOwnerSalt, ownerCommitment } from '#shared/passport/log.ts';
import type { EntryKind } from '#shared/passport/log-entry.ts';
import { auditedWrite } from '#table/audit.ts';
import type { Keys } from '#table/keys.ts';
import { consistentGet, queryAll } from '#table/query.ts';
import { isConditionFailed, type TransactItem, transact } from '#table/transactions.ts';

export const authRecordKey = (cardNumber: string) => ({ pk: `AUTH#${cardNumber}`, sk: '#AUTH' });

export const authRecordKeys = (a: { cardNumber: string; createdAt: string }): Keys => ({
  ...authRecordKey(a.cardNumber),
  gsi2pk: 'AUTHS',
  gsi2sk: `${a.createdAt}#${a.cardNumber}`,
});

/** A transfer of an authenticity record, kept beside it, append-only. */
export const transferKey = (cardNumber: string, at: string, id: string) => ({
  pk: `AUTH#${cardNumber}`,
  sk: `TRANSFER#${at}#${id}`,
});

export const TRANSFER_PREFIX = 'TRANSFER#';

/** The owner's proof of a piece (001 §3 Authenticity record); the password only as a hash. */
export interface AuthRecordEntity {
  kind: 'authRecord';
  cardNumber: string;
  pid: string;
  name: string;
  email?: string;
  passwordHash?: string;
  /** Bumped on every credential change, so a change races with no other. */
  credentialVersion: number;
  createdAt: string;
  transferDateTime?: string;
  /**
   * Opens the owner's commitment in the passport's public log (docs/passport.md, The log): a new
   * one at every sale and transfer, shown only to the owner. Records older than the passport
   * get one at their next change.
   */
  ownerSalt?: string;
  /** Reported lost or stolen by its owner (POST /passport/lost): no transfer until found. */
  lost?: boolean;
}

/**
 * The passport log's entry of a change to this record (sale, transfer, reset, lost, found), as a
 * transaction item of the change's own transaction: the owner is the commitment to the record's
 * salt (the one it has after the change).
 */
export async function ownershipEntryItem(
  kind: Exclude<EntryKind, 'issue'>,
  record: { pid: string; ownerSalt: string },
  time: string,
): Promise<TransactItem> {
  return pendingEntryItem({
    kind,
    piece: record.pid,
    owner: await ownerCommitment(record.pid, record.ownerSalt),
    time,
  });
}

/**
 * A transaction item that holds only while the card number has no authenticity record (a
 * product deleted with its card number must not leave an owner's record behind).
 */
export const noRecordItem = (cardNumber: string): TransactItem => ({
  ConditionCheck: {
    TableName: tableName(),
    Key: authRecordKey(cardNumber),
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

/** New credentials for a record whose mail never went out (the plaintext exists only in mail). */
export async function replaceRecordPassword(
  cardNumber: string,
  passwordHash: string,
  expectedVersion: number,
): Promise<boolean> {
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: authRecordKey(cardNumber),
        UpdateExpression: 'SET passwordHash = :hash, credentialVersion = :next',
        ConditionExpression: 'credentialVersion = :version',
        ExpressionAttributeValues: {
          ':hash': passwordHash,
          ':version': expectedVersion,
          ':next': expectedVersion + 1,
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

export async function getAuthRecord(cardNumber: string): Promise<AuthRecordEntity | undefined> {
  const result = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: authRecordKey(cardNumber), ConsistentRead: true }),
  );
  return result.Item as AuthRecordEntity | undefined;
}

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

/** A record as the audit log keeps it: without the owner's salt, which only the owner sees. */
export function auditedRecord(record: AuthRecordEntity): Omit<AuthRecordEntity, 'ownerSalt'> {
  const { ownerSalt: _salt, ...kept } = record;
  return kept;
}

/**
 * A record for a sold piece that has none (sold elsewhere, or before records existed): with an
 * owner's e-mail and password hash, or with neither, and its owner's salt; the sale's entry
 * joins the passport log's queue with it. Only for a piece that is sold and still carries this
 * card number.
 */
export async function createAuthRecord(input: AuthRecordEntity, admin: string): Promise<AuthRecordEntity> {
  const record = { ...input, ownerSalt: input.ownerSalt ?? newOwnerSalt() };
  await auditedWrite(
    [
      productSoldWithCardItem(record.pid, record.cardNumber),
      {
        Put: {
          TableName: tableName(),
          Item: { ...authRecordKeys(record), ...record },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      await saleEntryItem(record),
    ],
    {
      admin,
      action: 'create',
      entity: 'authenticity record',
      entityId: record.cardNumber,
      after: auditedRecord(record),
    },
  );
  return record;
}

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
  // A new owner, a new salt: the old owner can no longer open the new commitment.
  const ownerSalt = newOwnerSalt();
  try {
    await transact([
      {
        Update: {
          TableName: tableName(),
          Key: authRecordKey(record.cardNumber),
          UpdateExpression:
            'SET email = :to, passwordHash = :hash, credentialVersion = :next, transferDateTime = :at, ownerSalt = :salt',
          // A piece reported lost or stolen is not transferred until found.
          ConditionExpression:
            'credentialVersion = :version AND email = :from AND (attribute_not_exists(lost) OR lost = :false)',
          ExpressionAttributeValues: {
            ':to': input.toEmail,
            ':hash': input.passwordHash,
            ':next': record.credentialVersion + 1,
            ':version': record.credentialVersion,
            ':from': record.email,
            ':at': input.at,
            ':salt': ownerSalt,
            ':false': false,
          },
        },
      },
      await ownershipEntryItem('transfer', { pid: record.pid, ownerSalt }, input.at),
      {
        Put: {
          TableName: tableName(),
          Item: { ...transferKey(record.cardNumber, input.at, randomUUID()), ...entry },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      ...(input.sessionKey ? [{ Delete: { TableName: tableName(), Key: input.sessionKey } }] : []),
    ]);
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

export const readAuthRecord = (cardNumber: string) =>
  consistentGet<AuthRecordEntity>(authRecordKey(cardNumber));

/** A piece sold on another platform: its owner's record, with no e-mail and no password yet. */
export function soldElsewhereRecord(product: ProductEntity, createdAt: string): AuthRecordEntity {
  return {
    kind: 'authRecord',
    cardNumber: product.cardNumber ?? '',
    pid: product.id,
    name: product.name,
    credentialVersion: 1,
    createdAt,
    ownerSalt: newOwnerSalt(),
  };
}

/** A new record's `sale` entry in the passport log (its sale's own transaction). */
export function saleEntryItem(record: AuthRecordEntity): Promise<TransactItem> {
  if (!record.ownerSalt) throw new Error('a sold record is given its owner salt');
  return ownershipEntryItem('sale', { pid: record.pid, ownerSalt: record.ownerSalt }, record.createdAt);
}

export type LostOutcome = 'done' | 'already' | 'changed';

/**
 * The owner reports the piece lost or stolen (`lost` true) or found: the record's `lost` and a
 * `lost`/`found` entry in the passport log, in one transaction, only if the record is still the
 * one the owner's session read (credential version) and not already so. A record older than
 * the passport gets its salt here. 'already' when it stands so; 'changed' when the record moved.
 */
export async function setRecordLost(
  record: AuthRecordEntity,
  lost: boolean,
  at: string,
): Promise<LostOutcome> {
  if (Boolean(record.lost) === lost) return 'already';
  const ownerSalt = record.ownerSalt ?? newOwnerSalt();
  try {
    await transact([
      {
        Update: {
          TableName: tableName(),
          Key: authRecordKey(record.cardNumber),
          UpdateExpression: 'SET lost = :lost, ownerSalt = :salt',
          ConditionExpression: lost
            ? 'credentialVersion = :version AND (attribute_not_exists(lost) OR lost = :false)'
            : 'credentialVersion = :version AND lost = :true',
          ExpressionAttributeValues: {
            ':lost': lost,
            ':salt': ownerSalt,
            ':version': record.credentialVersion,
            ...(lost ? { ':false': false } : { ':true': true }),
          },
        },
      },
      await ownershipEntryItem(lost ? 'lost' : 'found', { pid: record.pid, ownerSalt }, at),
    ]);
    return 'done';
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const now = await getAuthRecord(record.cardNumber);
    return now?.credentialVersion === record.credentialVersion && Boolean(now.lost) === lost
      ? 'already'
      : 'changed';
  }
}

export const newRecordItem = (record: AuthRecordEntity): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: { ...authRecordKeys(record), ...record },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

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
      before: auditedRecord(record),
      after: auditedRecord(after),
    },
  );
  return after;
}

/**
 * The record's owner salt, given one first if it has none (a record from before the passport,
 * or sold elsewhere): a salt once set changes only with a transfer.
 */
export async function ensureOwnerSalt(
  record: AuthRecordEntity,
): Promise<AuthRecordEntity & { ownerSalt: string }> {
  if (record.ownerSalt) return { ...record, ownerSalt: record.ownerSalt };
  try {
    const { Attributes } = await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: authRecordKey(record.cardNumber),
        UpdateExpression: 'SET ownerSalt = :salt',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(ownerSalt)',
        ExpressionAttributeValues: { ':salt': newOwnerSalt() },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes as AuthRecordEntity & { ownerSalt: string };
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    const now = await getAuthRecord(record.cardNumber);
    if (!now?.ownerSalt) throw error;
    return { ...now, ownerSalt: now.ownerSalt };
  }
}

/** Its table items, for docs/reference/data-model-keys.md (`npm run docs`; functions/platform/table-doc.ts). */
export const tableDoc: EntityFileDoc = {
  items: [
    {
      entity: 'Authenticity record',
      pk: '`AUTH#<cardNumber>`',
      sk: '`#AUTH`',
      gsi2: '`AUTHS` / `<createdAt>#<cardNumber>`',
      keys: () => authRecordKeys({ cardNumber: '<cardNumber>', createdAt: '<createdAt>' }),
    },
    {
      entity: 'Transfer history (append-only)',
      pk: '`AUTH#<cardNumber>`',
      sk: '`TRANSFER#<time>#<uuid>`',
      keys: () => transferKey('<cardNumber>', '<time>', '<uuid>'),
    },
  ],
};
