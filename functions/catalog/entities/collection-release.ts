import { tableName } from '#platform/aws-clients.ts';
import type { EntityFileDoc } from '#platform/table-doc.ts';
import type { TransactItem } from '#table/transactions.ts';
import { collectionKey } from './keys.ts';

/**
 * Ends a collection's pre-sale: its pieces can be bought (a scheduled release's time, issue 34).
 * An Update for the caller's transaction, which holds the release's start and the audit entry.
 */
export function endPreSaleItem(typeId: string): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: collectionKey(typeId),
      UpdateExpression: 'SET preSale = :no',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':no': false },
    },
  };
}

/** Its table items, for docs/reference/data-model-keys.md (`npm run docs`; functions/platform/table-doc.ts). */
export const tableDoc: EntityFileDoc = {
  adds: { to: 'Type (collection)', what: 'its pre-sale ended by a scheduled release' },
};
