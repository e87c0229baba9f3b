import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type AuthRecordEntity, authRecordKeys, saleEntryItem } from '#authenticity/index.ts';
import { holdProductItem, releaseProductHoldItem, sellProductItem } from '#catalog/index.ts';
import type { PaymentKind, PaymentTypeCode } from '#payments/index.ts';
import { ddb, tableName } from '#platform/aws-clients.ts';
import type { EntityFileDoc } from '#platform/table-doc.ts';
import type { Page } from '#shared/admin.ts';
import type { Gender } from '#shared/constants.ts';
import type { OrderListFilter, OrderStatus } from '#shared/vocabulary.ts';
import { auditedWrite, pageOf } from '#table/audit.ts';
import type { Keys } from '#table/keys.ts';
import { queryAll } from '#table/query.ts';
import { isConditionFailed, transact } from '#table/transactions.ts';
import { shippingWait } from '../rules/shipping-wait.ts';
import { hashToken, orderDeleteTokenKey } from './order-delete-token.ts';
import { providerEventOnce } from './provider-event.ts';

export const orderKey = (checkoutCode: string) => ({ pk: `ORDER#${checkoutCode}`, sk: '#ORDER' });

export const orderKeys = (o: { checkoutCode: string; checkoutTime: string }): Keys => ({
  ...orderKey(o.checkoutCode),
  gsi2pk: 'ORDERS',
  gsi2sk: `${o.checkoutTime}#${o.checkoutCode}`,
});

/** Whole-shop lists on gsi2 of the admin's orders and members screens. */
export const ORDERS_LIST = 'ORDERS';

/**
 * Orders whose delivery e-mail is due: a sparse list on gsi1 (`DELIVERYMAIL`), set in the
 * transaction that ships the order and removed when the mail went out, so the mail sweep reads
 * only the few orders waiting for it, however long ago they were checked out.
 */
export const DELIVERY_MAIL_DUE = 'DELIVERYMAIL';
export const deliveryMailDue = (shippedAt: string, checkoutCode: string) => ({
  gsi1pk: DELIVERY_MAIL_DUE,
  gsi1sk: `${shippedAt}#${checkoutCode}`,
});

export interface Address {
  name: string;
  phone: string;
  email: string;
  address: string;
  address1: string;
  address2?: string;
  country: string;
  unit?: string;
  city: string;
  postalCode?: string;
  state?: string;
}

export type { OrderStatus } from '#shared/vocabulary.ts';

/** An order from checkout start to its end (001 §3 Order). Amounts in USD. */
export interface OrderEntity {
  kind: 'order';
  checkoutCode: string;
  productId: string;
  typeId: string;
  productName: string;
  typeName: string;
  size?: string;
  gender: Gender;
  colors: string[];
  contact: Address;
  hasBilling: boolean;
  billing?: Address;
  /** Its provider, as payments' registry knows it by this code. */
  paymentType: PaymentTypeCode;
  currency: 'USD';
  productPrice: number;
  discountCode?: string;
  /** The version of the terms shown before paying (a published one), when the page showed one. */
  termsVersion?: string;
  discountAmount: number;
  productPriceAfterDiscount: number;
  shippingFee: number;
  tax: number;
  duty: number | 'not included';
  finalPrice: number;
  status: OrderStatus;
  holdId: string;
  holdUntil: number;
  /** The provider's payment object (its id of the payment or order the shopper confirms). */
  paymentRef?: string;
  /**
   * How many times the provider failed to start this order's payment. It is part of the
   * idempotency key, so a retry after a provider 5xx (which a provider may save and replay for
   * the same key) asks again instead of meeting the same error until the hold ends.
   */
  paymentAttempt?: number;
  checkoutTime: string;
  paidAt?: string;
  refundedAt?: string;
  refundReason?: string;
  mailSentAt?: string;
  /** Until when the confirmation that sold the piece is sending its mail (epoch ms). */
  mailLeaseUntil?: number;
  /**
   * The sale's notice to staff (the orders address) is still to send: set with the sale, removed
   * once sent, under the same lease as the buyer's mail. Orders sold before the notice existed
   * have neither field and are never announced late.
   */
  staffMailDue?: true;
  staffMailSentAt?: string;
}

/**
 * An order an admin deleted: kept under its key as a tombstone (a late provider event still
 * finds it), hidden from the admin list unless money moved for it (see functions/data/admin-orders.ts).
 */
export interface OrderTombstone {
  deletedAt?: string;
  deletedBy?: string;
}

/**
 * The admin's side of orders: the list, one order, and the deletion, which never removes an
 * order's item (see `tombstoneOrder`).
 */
export type AdminOrder = OrderEntity & OrderTombstone;

/** An order for which money moved: a sale or a refund. */

/** The filters of the admin's orders list (GET /orders?filter=…), as conditions on the items. */
const LIST_FILTERS: Record<OrderListFilter, string> = {
  all: 'attribute_not_exists(deletedAt) OR #status IN (:paid, :refunded)',
  waiting: '#status = :paid AND attribute_not_exists(fulfilment)',
  // Then only those past the promise (shippingWait): a count of business days, not a condition.
  overdue: '#status = :paid AND attribute_not_exists(fulfilment)',
  shipped: '#status = :paid AND attribute_exists(fulfilment)',
  refunded: '#status = :refunded',
};

/**
 * Newest first. Deleted orders are left out, unless money moved for one after it was deleted
 * (a late payment of an abandoned checkout): then it shows again, so no payment is ever hidden.
 * `filter` narrows the list: paid orders waiting to ship (all of them, or only the overdue ones:
 * more than 7 business days at `now`), shipped (or delivered) ones, refunded ones.
 */
export async function listOrders(
  offset: number,
  pageSize: number,
  filter: OrderListFilter = 'all',
  now: number = Date.now(),
): Promise<Page<AdminOrder>> {
  const all = await queryAll<AdminOrder>({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :list',
    FilterExpression: LIST_FILTERS[filter],
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':list': ORDERS_LIST,
      ...(filter === 'refunded' ? {} : { ':paid': 'paid' }),
      ...(filter === 'all' || filter === 'refunded' ? { ':refunded': 'refunded' } : {}),
    },
    ScanIndexForward: false,
  });
  const listed = filter === 'overdue' ? all.filter((order) => shippingWait(order, now)?.overdue) : all;
  return pageOf(listed, offset, pageSize);
}

export async function readOrder(checkoutCode: string): Promise<AdminOrder | undefined> {
  const { Item } = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: orderKey(checkoutCode), ConsistentRead: true }),
  );
  return Item as AdminOrder | undefined;
}

/**
 * Deletes an order as a tombstone, in one transaction with its audit entry: the token is
 * consumed (it must still be this admin's, for this order, and unexpired), and the order is
 * marked deleted only if it is still in the state the admin saw — never paid meanwhile, and a
 * pending checkout only once its hold has run out. The item stays under its key, so a provider
 * event that arrives later still finds its order and the sale or refund is recorded, not lost.
 */
export async function tombstoneOrder(input: {
  order: AdminOrder;
  token: string;
  admin: string;
  now?: number;
}): Promise<AdminOrder & Required<OrderTombstone>> {
  const { order, admin } = input;
  const now = input.now ?? Date.now();
  const deletedAt = new Date(now).toISOString();
  const pending = order.status === 'pending';
  await auditedWrite(
    [
      {
        Delete: {
          TableName: tableName(),
          Key: orderDeleteTokenKey(hashToken(input.token)),
          ConditionExpression: 'checkoutCode = :code AND #admin = :admin AND validUntil > :now',
          ExpressionAttributeNames: { '#admin': 'admin' },
          ExpressionAttributeValues: { ':code': order.checkoutCode, ':admin': admin, ':now': now },
        },
      },
      {
        Update: {
          TableName: tableName(),
          Key: orderKey(order.checkoutCode),
          UpdateExpression: 'SET deletedAt = :at, deletedBy = :admin',
          ConditionExpression: `attribute_exists(pk) AND attribute_not_exists(deletedAt) AND #status = :seen${
            pending ? ' AND holdUntil < :now' : ''
          }`,
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':at': deletedAt,
            ':admin': admin,
            ':seen': order.status,
            ...(pending ? { ':now': now } : {}),
          },
        },
      },
    ],
    {
      admin,
      action: 'delete',
      entity: 'order',
      entityId: order.checkoutCode,
      before: order,
      after: { ...order, deletedAt, deletedBy: admin },
    },
  );
  return { ...order, deletedAt, deletedBy: admin };
}

/**
 * Which items' conditions refused a cancelled transaction. Undefined when no condition did: a
 * cancellation for another reason (a conflicting transaction on the same item, throttling) says
 * nothing about the data, so callers rethrow it and the request is retried.
 */
function failedAt(error: unknown): number[] | undefined {
  if (!(error instanceof TransactionCanceledException)) return undefined;
  const failed = (error.CancellationReasons ?? []).flatMap((reason, i) =>
    reason.Code === 'ConditionalCheckFailed' ? [i] : [],
  );
  return failed.length > 0 ? failed : undefined;
}

/** Whether DynamoDB cancelled a transaction because another one was at work on the same item. */
function metAnotherTransaction(error: unknown): boolean {
  return (
    error instanceof TransactionCanceledException &&
    (error.CancellationReasons ?? []).some((reason) => reason.Code === 'TransactionConflict')
  );
}

const HOLD_ATTEMPTS = 4;

/**
 * Holds the piece for this order and records the order, or answers 'unavailable' (sold or held
 * by someone else). When many shoppers try at once, DynamoDB cancels the transactions that meet
 * the winner's on the piece; those try again after a short random wait and then meet its hold.
 * A piece still contended after every attempt is being taken by someone else: 'unavailable'.
 * The same checkout again (its own hold id, its own unpaid order) re-takes its hold and replaces
 * its order; 'order-moved-on' when that order was paid (or refunded) meanwhile.
 */
export async function holdAndRecordOrder(
  order: OrderEntity,
  now: number,
): Promise<'held' | 'unavailable' | 'order-moved-on'> {
  for (let attempt = 1; ; attempt++) {
    try {
      await transact([
        holdProductItem({
          productId: order.productId,
          holdId: order.holdId,
          holdUntil: order.holdUntil,
          now,
        }),
        {
          Put: {
            TableName: tableName(),
            Item: { ...orderKeys(order), ...order },
            // A new order, or this key's own order that nobody has paid (a retry may change
            // the form and the amount before payment).
            ConditionExpression: 'attribute_not_exists(pk) OR #orderStatus IN (:pending, :failed)',
            ExpressionAttributeNames: { '#orderStatus': 'status' },
            ExpressionAttributeValues: { ':pending': 'pending', ':failed': 'failed' },
          },
        },
      ]);
      return 'held';
    } catch (error) {
      if (failedAt(error)?.includes(0)) return 'unavailable';
      if (failedAt(error)?.includes(1)) return 'order-moved-on';
      if (!metAnotherTransaction(error)) throw error;
      if (attempt === HOLD_ATTEMPTS) return 'unavailable';
      await new Promise((done) => setTimeout(done, 20 + Math.random() * 60 * attempt));
    }
  }
}

export async function getOrder(checkoutCode: string): Promise<OrderEntity | undefined> {
  const result = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: orderKey(checkoutCode), ConsistentRead: true }),
  );
  return result.Item as OrderEntity | undefined;
}

/**
 * Puts an order a restored table lacks back (the restore's reconciliation: its form from the
 * order journal), under its own keys, only while the table has no item there; false when it has
 * one (the order came back meanwhile: nothing is replaced).
 */
export async function putBackOrder(order: OrderEntity): Promise<boolean> {
  try {
    await ddb().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...orderKeys(order), ...order },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

export async function setPaymentRef(checkoutCode: string, paymentRef: string): Promise<void> {
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: orderKey(checkoutCode),
      UpdateExpression: 'SET paymentRef = :ref',
      ConditionExpression: 'attribute_exists(pk) AND #status = :pending',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':ref': paymentRef, ':pending': 'pending' },
    }),
  );
}

/** A confirmed payment, as sellOrder takes it. */
export interface SaleInput {
  order: OrderEntity;
  provider: PaymentKind;
  eventId: string;
  paymentRef: string;
  record: AuthRecordEntity;
  now: number;
  mailLeaseUntil: number;
}

export type SellOutcome = 'sold' | 'duplicate-event' | 'order-not-pending' | 'piece-taken' | 'record-exists';

/**
 * A confirmed payment sells the piece: the provider event is recorded (once), the order becomes
 * paid, the piece sold — only if this order still holds it, or nobody does — the owner's
 * authenticity record is created and the sale's entry joins the passport log's queue. All or
 * nothing.
 */
export async function sellOrder(input: SaleInput): Promise<SellOutcome> {
  const { order, now } = input;
  const at = new Date(now).toISOString();
  try {
    await transact([
      { Put: providerEventOnce(input.provider, input.eventId, order.checkoutCode, now) },
      {
        Update: {
          TableName: tableName(),
          Key: orderKey(order.checkoutCode),
          UpdateExpression:
            'SET #status = :paid, paidAt = :at, paymentRef = :ref, mailLeaseUntil = :lease, staffMailDue = :due',
          // A released (failed) order can still be paid with its payment: sold if the piece is free.
          ConditionExpression: '#status IN (:pending, :failed)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':paid': 'paid',
            ':pending': 'pending',
            ':failed': 'failed',
            ':at': at,
            ':ref': input.paymentRef,
            ':lease': input.mailLeaseUntil,
            ':due': true,
          },
        },
      },
      sellProductItem({
        productId: order.productId,
        holdId: order.holdId,
        checkoutCode: order.checkoutCode,
        at,
        now,
      }),
      {
        Put: {
          TableName: tableName(),
          Item: { ...authRecordKeys(input.record), ...input.record },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      await saleEntryItem(input.record),
    ]);
    return 'sold';
  } catch (error) {
    const failed = failedAt(error);
    if (!failed) throw error;
    if (failed.includes(0)) return 'duplicate-event';
    if (failed.includes(1)) return 'order-not-pending';
    if (failed.includes(2)) return 'piece-taken';
    return 'record-exists';
  }
}

/** A payment too late for its piece, as markRefunded takes it. */
export interface RefundInput {
  checkoutCode: string;
  provider: PaymentKind;
  eventId: string;
  paymentRef: string;
  reason: string;
  now: number;
  mailLeaseUntil: number;
}

export type RefundOutcome = 'refunded' | 'duplicate-event' | 'order-not-pending';

/**
 * A payment that came too late for its piece: recorded once, as refunded, with a lease for the
 * refund notice (sent like a sale's mail: by this caller, or after the lease by another).
 */
export async function markRefunded(input: RefundInput): Promise<RefundOutcome> {
  try {
    await transact([
      { Put: providerEventOnce(input.provider, input.eventId, input.checkoutCode, input.now) },
      {
        Update: {
          TableName: tableName(),
          Key: orderKey(input.checkoutCode),
          UpdateExpression:
            'SET #status = :refunded, refundedAt = :at, refundReason = :reason, paymentRef = :ref, mailLeaseUntil = :lease',
          ConditionExpression: '#status IN (:pending, :failed)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':refunded': 'refunded',
            ':pending': 'pending',
            ':failed': 'failed',
            ':at': new Date(input.now).toISOString(),
            ':reason': input.reason,
            ':ref': input.paymentRef,
            ':lease': input.mailLeaseUntil,
          },
        },
      },
    ]);
    return 'refunded';
  } catch (error) {
    const failed = failedAt(error);
    if (!failed) throw error;
    return failed.includes(0) ? 'duplicate-event' : 'order-not-pending';
  }
}

/**
 * Takes over sending the mail of a paid order (the buyer's, or the sale notice to staff, whichever
 * is still due) or the refund notice of a refunded one, whose first sender did not finish in
 * time (it crashed, or SES failed). Only one caller can win, and only once the previous lease has
 * run out. Refunded orders recorded before the notice had a lease are left.
 */
export async function claimMailLease(checkoutCode: string, now: number, until: number): Promise<boolean> {
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: orderKey(checkoutCode),
        UpdateExpression: 'SET mailLeaseUntil = :until',
        ConditionExpression:
          '(#status = :paid AND (attribute_not_exists(mailSentAt) OR attribute_exists(staffMailDue)) AND (attribute_not_exists(mailLeaseUntil) OR mailLeaseUntil < :now)) OR (#status = :refunded AND attribute_not_exists(mailSentAt) AND mailLeaseUntil < :now)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':paid': 'paid', ':refunded': 'refunded', ':now': now, ':until': until },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

export async function markMailSent(checkoutCode: string, now: number): Promise<void> {
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: orderKey(checkoutCode),
      UpdateExpression: 'SET mailSentAt = :at',
      ExpressionAttributeValues: { ':at': new Date(now).toISOString() },
    }),
  );
}

/** The sale notice went to staff: no sender sends it again. */
export async function markStaffMailSent(checkoutCode: string, now: number): Promise<void> {
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: orderKey(checkoutCode),
      UpdateExpression: 'SET staffMailSentAt = :at REMOVE staffMailDue',
      ExpressionAttributeValues: { ':at': new Date(now).toISOString() },
    }),
  );
}

/** Gives the piece back at once when checkout could not start (the provider failed). */
export async function releaseHold(
  order: OrderEntity,
  now: number,
  { providerFailed = false } = {},
): Promise<void> {
  await transact([
    releaseProductHoldItem({ productId: order.productId, holdId: order.holdId }),
    {
      Update: {
        TableName: tableName(),
        Key: orderKey(order.checkoutCode),
        UpdateExpression: `SET #status = :failed, failedAt = :at${
          providerFailed ? ', paymentAttempt = if_not_exists(paymentAttempt, :zero) + :one' : ''
        }`,
        ConditionExpression: '#status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':failed': 'failed',
          ':pending': 'pending',
          ':at': new Date(now).toISOString(),
          ...(providerFailed ? { ':zero': 0, ':one': 1 } : {}),
        },
      },
    },
  ]);
}

/**
 * Paid orders checked out between `since` and `until` (ISO times) whose mail (the buyer's or the
 * sale notice to staff) has not gone out, and refunded ones whose refund notice has not: the mail sweep's work list. Orders are few
 * (each piece sells once), so the shop-wide list on gsi2, bounded by time, is enough.
 */
export async function paidOrdersAwaitingMail(since: string, until: string): Promise<OrderEntity[]> {
  return queryAll<OrderEntity>({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :list AND gsi2sk BETWEEN :since AND :until',
    FilterExpression:
      '(#status = :paid AND (attribute_not_exists(mailSentAt) OR attribute_exists(staffMailDue))) OR (#status = :refunded AND attribute_not_exists(mailSentAt) AND attribute_exists(mailLeaseUntil))',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':list': ORDERS_LIST,
      ':since': since,
      ':until': until,
      ':paid': 'paid',
      ':refunded': 'refunded',
    },
  });
}

/**
 * Every buyer of a paid order: their address, piece and the version of the terms the order
 * records (none: bought before the terms were versioned), for a terms notice.
 */
export async function paidBuyersTerms(): Promise<
  { email: string; productId: string; termsVersion?: string }[]
> {
  const orders = await queryAll<OrderEntity>({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :list',
    FilterExpression: '#status = :paid',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':list': ORDERS_LIST, ':paid': 'paid' },
  });
  return orders.map((order) => ({
    email: order.contact.email,
    productId: order.productId,
    ...(order.termsVersion ? { termsVersion: order.termsVersion } : {}),
  }));
}

/** Its table items, for docs/reference/data-model-keys.md (`npm run docs`; functions/platform/table-doc.ts). */
export const tableDoc: EntityFileDoc = {
  items: [
    {
      entity: 'Order (deleted: `deletedAt`, kept)',
      pk: '`ORDER#<checkoutCode>`',
      sk: '`#ORDER`',
      gsi1: '`DELIVERYMAIL` / `<shippedAt>#<checkoutCode>`, only while its delivery e-mail is due',
      gsi2: '`ORDERS` / `<checkoutTime>#<checkoutCode>`',
      keys: () => [
        orderKeys({ checkoutCode: '<checkoutCode>', checkoutTime: '<checkoutTime>' }),
        deliveryMailDue('<shippedAt>', '<checkoutCode>'),
      ],
    },
  ],
};
