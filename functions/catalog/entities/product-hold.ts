import { tableName } from '#platform/aws-clients.ts';
import type { EntityFileDoc } from '#platform/table-doc.ts';
import { PRODUCT_STATUS } from '#shared/constants.ts';
import type { TransactItem } from '#table/transactions.ts';
import { productKey } from './keys.ts';
import type { PieceDraw } from './product.ts';

/**
 * The product row's part in a sale, as transaction items for the caller's transaction (checkout
 * writes them with its order, authenticity with its record): the hold, the sale, the hold's
 * release, and the check that a piece is sold with a card number. The product's attributes and
 * status numbers live here, in the catalogue, and nowhere else.
 */

/** Holds the piece for a checkout: only if it is available and free, or held by this very checkout. */
export const holdProductItem = (hold: {
  productId: string;
  holdId: string;
  holdUntil: number;
  now: number;
}): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: productKey(hold.productId),
    UpdateExpression: 'SET holdId = :hold, holdUntil = :until',
    // Free, or held by this very checkout (the same key, retried).
    ConditionExpression:
      'attribute_exists(pk) AND #status = :available AND (attribute_not_exists(holdUntil) OR holdUntil < :now OR holdId = :hold)',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':hold': hold.holdId,
      ':until': hold.holdUntil,
      ':available': PRODUCT_STATUS.available,
      ':now': hold.now,
    },
  },
});

/**
 * Sells the piece to an order: only if it is available and this order holds it, or nobody does.
 * The hold goes; the order's code and the time of sale stay on the piece.
 */
export const sellProductItem = (sale: {
  productId: string;
  holdId: string;
  checkoutCode: string;
  at: string;
  now: number;
}): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: productKey(sale.productId),
    UpdateExpression: 'SET #status = :sold, soldOrder = :code, soldAt = :at REMOVE holdId, holdUntil',
    ConditionExpression:
      '#status = :available AND (holdId = :hold OR attribute_not_exists(holdUntil) OR holdUntil < :now)',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':sold': PRODUCT_STATUS.sold,
      ':available': PRODUCT_STATUS.available,
      ':code': sale.checkoutCode,
      ':at': sale.at,
      ':hold': sale.holdId,
      ':now': sale.now,
    },
  },
});

/** Gives the piece back: only the hold of this checkout is removed. */
export const releaseProductHoldItem = (hold: { productId: string; holdId: string }): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: productKey(hold.productId),
    UpdateExpression: 'REMOVE holdId, holdUntil',
    ConditionExpression: 'holdId = :hold',
    ExpressionAttributeValues: { ':hold': hold.holdId },
  },
});

/** Holds while the piece is sold and still carries this card number. */
export const productSoldWithCardItem = (productId: string, cardNumber: string): TransactItem => ({
  ConditionCheck: {
    TableName: tableName(),
    Key: productKey(productId),
    ConditionExpression: '#status = :sold AND cardNumber = :card',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':sold': PRODUCT_STATUS.sold, ':card': cardNumber },
  },
});

/** The hold a draw keeps on its piece: no checkout can take it, and the draw's sale may. */
export const drawHoldId = (drawId: string) => `draw:${drawId}`;
/** A draw's hold lasts until it is settled (released or sold), not for a time. */
export const DRAW_HOLD_UNTIL = Number.MAX_SAFE_INTEGER;

/** Offers an available, free piece by a draw: the draw holds it and the piece says so. */
export const reserveForDrawItem = (productId: string, draw: PieceDraw, now: number): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: productKey(productId),
    UpdateExpression: 'SET holdId = :hold, holdUntil = :until, #draw = :draw',
    ConditionExpression:
      'attribute_exists(pk) AND #status = :available AND (attribute_not_exists(holdUntil) OR holdUntil < :now)',
    ExpressionAttributeNames: { '#status': 'status', '#draw': 'draw' },
    ExpressionAttributeValues: {
      ':hold': drawHoldId(draw.drawId),
      ':until': DRAW_HOLD_UNTIL,
      ':draw': draw,
      ':available': PRODUCT_STATUS.available,
      ':now': now,
    },
  },
});

/** The draw gives its piece back (no entry, or no entrant could pay): first come again. */
export const endDrawItem = (productId: string, drawId: string): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: productKey(productId),
    UpdateExpression: 'REMOVE holdId, holdUntil, #draw',
    ConditionExpression: 'holdId = :hold',
    ExpressionAttributeNames: { '#draw': 'draw' },
    ExpressionAttributeValues: { ':hold': drawHoldId(drawId) },
  },
});

/** Its table items, for docs/reference/data-model-keys.md (`npm run docs`; functions/platform/table-doc.ts). */
export const tableDoc: EntityFileDoc = {
  adds: {
    to: 'Product',
    what: 'its hold, sale and release (transaction items checkout and authenticity write)',
  },
};
