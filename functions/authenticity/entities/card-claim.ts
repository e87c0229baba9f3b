import { tableName } from '#platform/aws-clients.ts';
import { consistentGet, projection, queryAll } from '#table/query.ts';
import type { TransactItem } from '#table/transactions.ts';
import { readAuthRecord } from './auth-record.ts';

/**
 * A card number's claim: one per engraved number, so two pieces can never share one (written
 * with `attribute_not_exists` in the transaction that gives a product its number).
 */
export const cardClaimKey = (cardNumber: string) => ({ pk: `CARD#${cardNumber}`, sk: '#CARD' });

/** Keeps a card number unique across products (see keys.ts cardClaimKey). */
export interface CardClaimEntity {
  kind: 'cardClaim';
  cardNumber: string;
  pid: string;
}

/**
 * Whether another piece already uses the card number: a product with it (products saved before
 * claims existed included), its claim, or an authenticity record of another piece.
 */
export async function cardNumberTaken(cardNumber: string, pid: string): Promise<boolean> {
  const [products, claim, record] = await Promise.all([
    queryAll<{ id: string; cardNumber?: string }>({
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :list',
      FilterExpression: 'cardNumber = :card',
      ExpressionAttributeValues: { ':list': 'PRODUCTS', ':card': cardNumber },
      ...projection(['id', 'cardNumber']),
    }),
    consistentGet<{ pid: string }>(cardClaimKey(cardNumber)),
    readAuthRecord(cardNumber),
  ]);
  return (
    products.some((p) => p.id !== pid) ||
    (claim !== undefined && claim.pid !== pid) ||
    (record !== undefined && record.pid !== pid)
  );
}

export const claimItem = (cardNumber: string, pid: string): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: { ...cardClaimKey(cardNumber), kind: 'cardClaim', cardNumber, pid },
    ConditionExpression: 'attribute_not_exists(pk) OR pid = :pid',
    ExpressionAttributeValues: { ':pid': pid },
  },
});

export const releaseClaimItem = (cardNumber: string, pid: string): TransactItem => ({
  Delete: {
    TableName: tableName(),
    Key: cardClaimKey(cardNumber),
    ConditionExpression: 'attribute_not_exists(pk) OR pid = :pid',
    ExpressionAttributeValues: { ':pid': pid },
  },
});
