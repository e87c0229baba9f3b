import { tableName } from '#platform/aws-clients.ts';
import type { EntityFileDoc } from '#platform/table-doc.ts';
import { toBase64 } from '#shared/passport/bytes.ts';
import { queryAll } from '#table/query.ts';
import type { TransactItem } from '#table/transactions.ts';

/**
 * The passport's key set (docs/passport.md, How the shop keeps it): one item per signing key,
 * `PASSPORT#KEYS / KEY#<from>#<kid>`. The current key is the newest without `until`; a rotated
 * key keeps its item (what it signed still verifies).
 */
export interface SigningKeyEntity {
  kind: 'passportKey';
  kid: string;
  /** The KMS key's id or ARN. */
  keyId: string;
  /** SubjectPublicKeyInfo (DER), standard base64. */
  spki: string;
  /** YYYY-MM-DD: the first day it signs. */
  from: string;
  /** YYYY-MM-DD: the last day it signed, once rotated. */
  until?: string;
}

export const KEYS_PK = 'PASSPORT#KEYS';
const KEY_PREFIX = 'KEY#';
export const signingKeyKey = (key: { from: string; kid: string }) => ({
  pk: KEYS_PK,
  sk: `${KEY_PREFIX}${key.from}#${key.kid}`,
});
/** Held once the deployment's key is recorded: two first runs at once record it once. */
export const FIRST_KEY = { pk: KEYS_PK, sk: '#FIRST' };

export function signingKeyEntity(input: {
  kid: string;
  keyId: string;
  spki: Uint8Array;
  from: string;
}): SigningKeyEntity {
  return { kind: 'passportKey', ...input, spki: toBase64(input.spki) };
}

/** Every key, oldest first. */
export function listSigningKeys(): Promise<SigningKeyEntity[]> {
  return queryAll<SigningKeyEntity>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': KEYS_PK, ':prefix': KEY_PREFIX },
    ConsistentRead: true,
  });
}

/** The key that signs now: the newest not closed. */
export const currentKey = (keys: SigningKeyEntity[]) => keys.filter((key) => !key.until).at(-1);

/** The deployment's key as the first of the set: only while no first key is recorded. */
export function firstKeyItems(key: SigningKeyEntity): TransactItem[] {
  return [
    {
      Put: {
        TableName: tableName(),
        Item: { ...FIRST_KEY, kid: key.kid },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: { ...signingKeyKey(key), ...key },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ];
}

/** A rotation: the new key from `today`, the old one closed `today`, only while the old one is current. */
export function rotationItems(old: SigningKeyEntity, next: SigningKeyEntity): TransactItem[] {
  return [
    {
      Put: {
        TableName: tableName(),
        Item: { ...signingKeyKey(next), ...next },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Update: {
        TableName: tableName(),
        Key: signingKeyKey(old),
        UpdateExpression: 'SET #until = :today',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#until)',
        ExpressionAttributeNames: { '#until': 'until' },
        ExpressionAttributeValues: { ':today': next.from },
      },
    },
  ];
}

/**
 * The log's checkpoint key (docs/passport.md, Keys): `PASSPORT#KEYS / LOGKEY#<KMS key id>`, its
 * vkey and the day it was first recorded, written once by the signer.
 */
export interface LogKeyEntity {
  kind: 'passportLogKey';
  keyId: string;
  vkey: string;
  from: string;
}

const LOG_KEY_PREFIX = 'LOGKEY#';

export function logKeyItem(key: Omit<LogKeyEntity, 'kind'>): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { pk: KEYS_PK, sk: `${LOG_KEY_PREFIX}${key.keyId}`, kind: 'passportLogKey', ...key },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

export function listLogKeys(): Promise<LogKeyEntity[]> {
  return queryAll<LogKeyEntity>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': KEYS_PK, ':prefix': LOG_KEY_PREFIX },
    ConsistentRead: true,
  });
}

/** Its table items, for docs/reference/data-model-keys.md (`npm run docs`; functions/platform/table-doc.ts). */
export const tableDoc: EntityFileDoc = {
  items: [
    {
      entity: 'Passport signing key (`until` once rotated)',
      pk: '`PASSPORT#KEYS`',
      sk: '`KEY#<from>#<kid>` (and `#FIRST`)',
      keys: () => [signingKeyKey({ from: '<from>', kid: '<kid>' }), FIRST_KEY],
    },
  ],
};
