import { tableName } from '#platform/aws-clients.ts';
import type { EntityFileDoc } from '#platform/table-doc.ts';
import { consistentGet, projection, queryAll } from '#table/query.ts';
import type { TransactItem } from '#table/transactions.ts';
import { cardClaimKey } from './keys.ts';

/** Keeps a card number unique across products (see keys.ts cardClaimKey). */
export interface CardClaimEntity {
  kind: 'cardClaim';
  cardNumber: string;
  pid: string;
}

/**
 * Whether another piece of the catalogue already uses the card number: a product with it
 * (products saved before claims existed included) or its claim. The authenticity records of
 * other pieces are the authenticity module's to check (the product form's handler asks both).
 */
export async function cardNumberClaimed(cardNumber: string, pid: string): Promise<boolean> {
  const [products, claim] = await Promise.all([
    queryAll<{ id: string; cardNumber?: string }>({
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :list',
      FilterExpression: 'cardNumber = :card',
      ExpressionAttributeValues: { ':list': 'PRODUCTS', ':card': cardNumber },
      ...projection(['id', 'cardNumber']),
    }),
    consistentGet<{ pid: string }>(cardClaimKey(cardNumber)),
  ]);
  return products.some((p) => p.id !== pid) || (claim !== undefined && claim.pid !== pid);
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

/** Its table items, for docs/reference/data-model-keys.md (`npm run docs`; functions/platform/table-doc.ts). */
export const tableDoc: EntityFileDoc = {
  items: [
    {
      entity: 'Card number claim (unique)',
      pk: '`CARD#<cardNumber>`',
      sk: '`#CARD`',
      keys: () => cardClaimKey('<cardNumber>'),
    },
  ],
};
