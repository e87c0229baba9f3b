import { getType } from '#catalog/index.ts';
import { clientAddress } from '#platform/client-address.ts';
import { defineHandler } from '#platform/handler.ts';
import { httpError, notFound } from '#platform/http-error.ts';
import { typeDiscountContract } from '#shared/contracts/checkout.ts';
import { takeAttempt } from '#table/rate-limit.ts';
import {
  checkDiscountCode,
  DISCOUNT_CHECK_FAILED,
  DISCOUNT_CHECK_LIMIT,
  DISCOUNT_FIELDS,
} from '../rules/discount.ts';

/**
 * GET /type-discount?discountCode&typeId (001 §7): is the code the collection's, and its percent.
 * Two DynamoDB requests: the per-address attempt counter (UpdateItem, first, so that unknown
 * collections count as tries too), then the collection (GetItem with a projection).
 */
export const handler = defineHandler(typeDiscountContract, async ({ query }, event) => {
  if (!(await takeAttempt(DISCOUNT_CHECK_LIMIT, clientAddress(event)))) {
    throw httpError(429, DISCOUNT_CHECK_FAILED);
  }
  const collection = await getType(query.typeId, DISCOUNT_FIELDS);
  if (!collection?.id) throw notFound('collection');
  return { status: 200 as const, ...checkDiscountCode(collection, query.discountCode) };
});
