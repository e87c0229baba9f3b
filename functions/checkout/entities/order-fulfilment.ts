import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '#platform/aws-clients.ts';
import type { EntityFileDoc } from '#platform/table-doc.ts';
import type { CarrierId, FulfilmentState } from '#shared/vocabulary.ts';
import { auditedWrite } from '#table/audit.ts';
import { queryAll } from '#table/query.ts';
import { isConditionFailed } from '#table/transactions.ts';
import {
  type AdminOrder,
  DELIVERY_MAIL_DUE,
  deliveryMailDue,
  ORDERS_LIST,
  type OrderEntity,
  orderKey,
} from './order.ts';

/**
 * The order's fulfilment: after payment, the piece is shipped (carrier, tracking) and perhaps
 * marked delivered. These are attributes of the order's own item (`ORDER#<code>`), written here;
 * the payment `status` stays `paid` (docs/fulfilment.md).
 */
export interface Shipment {
  carrier: CarrierId;
  trackingNumber: string;
  trackingUrl: string;
  /** ISO time and the admin who marked the order shipped. */
  shippedAt: string;
  shippedBy: string;
  /** The last correction of carrier or tracking, if any (each one is in the audit log). */
  correctedAt?: string;
  correctedBy?: string;
}

export interface OrderFulfilment {
  fulfilment?: FulfilmentState;
  shipment?: Shipment;
  deliveredAt?: string;
  deliveredBy?: string;
  /** Until when the call that shipped the order is sending the delivery e-mail (epoch ms). */
  deliveryMailLeaseUntil?: number;
  deliveryMailSentAt?: string;
}

export type FulfilledOrder = AdminOrder & OrderFulfilment;

/**
 * Marks a paid order shipped, in one transaction with its audit entry, only if it is still paid
 * and not shipped: a second call (a retry, a colleague at the same moment) fails the condition
 * and writes nothing. (A paid order deleted as an abandoned checkout before its payment came is
 * shipped all the same: the piece is sold.) The order enters the delivery mail's work list with
 * a lease for the caller, who sends the mail next.
 */
export async function recordShipment(input: {
  order: FulfilledOrder;
  shipment: Shipment;
  now: number;
  mailLeaseUntil: number;
}): Promise<FulfilledOrder> {
  const { order, shipment } = input;
  await auditedWrite(
    [
      {
        Update: {
          TableName: tableName(),
          Key: orderKey(order.checkoutCode),
          UpdateExpression:
            'SET fulfilment = :shipped, shipment = :shipment, deliveryMailLeaseUntil = :lease, gsi1pk = :due, gsi1sk = :dueAt',
          ConditionExpression:
            'attribute_exists(pk) AND #status = :paid AND attribute_not_exists(fulfilment)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':shipped': 'shipped',
            ':shipment': shipment,
            ':lease': input.mailLeaseUntil,
            ':due': DELIVERY_MAIL_DUE,
            ':dueAt': deliveryMailDue(shipment.shippedAt, order.checkoutCode).gsi1sk,
            ':paid': 'paid',
          },
        },
      },
    ],
    {
      admin: shipment.shippedBy,
      action: 'ship',
      entity: 'order',
      entityId: order.checkoutCode,
      before: { status: order.status },
      after: { status: order.status, fulfilment: 'shipped', shipment },
    },
  );
  return { ...order, fulfilment: 'shipped', shipment, deliveryMailLeaseUntil: input.mailLeaseUntil };
}

/**
 * A correction of the carrier or tracking of a shipped (or delivered) order, with its audit
 * entry (before and after), only if the shipment is still the one the admin saw.
 */
export async function correctShipment(input: {
  order: FulfilledOrder & { shipment: Shipment };
  shipment: Shipment;
}): Promise<FulfilledOrder> {
  const { order, shipment } = input;
  await auditedWrite(
    [
      {
        Update: {
          TableName: tableName(),
          Key: orderKey(order.checkoutCode),
          UpdateExpression: 'SET shipment = :shipment',
          ConditionExpression:
            'attribute_exists(fulfilment) AND shipment.trackingNumber = :number AND shipment.carrier = :carrier',
          ExpressionAttributeValues: {
            ':shipment': shipment,
            ':number': order.shipment.trackingNumber,
            ':carrier': order.shipment.carrier,
          },
        },
      },
    ],
    {
      admin: shipment.correctedBy ?? shipment.shippedBy,
      action: 'correct-shipment',
      entity: 'order',
      entityId: order.checkoutCode,
      before: { shipment: order.shipment },
      after: { shipment },
    },
  );
  return { ...order, shipment };
}

/** A shipped order marked delivered by staff, with its audit entry; once only. */
export async function recordDelivered(input: {
  order: FulfilledOrder;
  admin: string;
  now: number;
}): Promise<FulfilledOrder> {
  const deliveredAt = new Date(input.now).toISOString();
  await auditedWrite(
    [
      {
        Update: {
          TableName: tableName(),
          Key: orderKey(input.order.checkoutCode),
          UpdateExpression: 'SET fulfilment = :delivered, deliveredAt = :at, deliveredBy = :admin',
          ConditionExpression: 'fulfilment = :shipped',
          ExpressionAttributeValues: {
            ':delivered': 'delivered',
            ':shipped': 'shipped',
            ':at': deliveredAt,
            ':admin': input.admin,
          },
        },
      },
    ],
    {
      admin: input.admin,
      action: 'deliver',
      entity: 'order',
      entityId: input.order.checkoutCode,
      before: { fulfilment: input.order.fulfilment },
      after: { fulfilment: 'delivered', deliveredAt, deliveredBy: input.admin },
    },
  );
  return { ...input.order, fulfilment: 'delivered', deliveredAt, deliveredBy: input.admin };
}

/**
 * Takes over sending a shipped order's delivery e-mail whose sender did not finish (SES failed,
 * or it crashed) once its lease has run out. Only one caller wins.
 */
export async function claimDeliveryMailLease(
  checkoutCode: string,
  now: number,
  until: number,
): Promise<boolean> {
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: orderKey(checkoutCode),
        UpdateExpression: 'SET deliveryMailLeaseUntil = :until',
        ConditionExpression:
          'attribute_exists(shipment) AND attribute_not_exists(deliveryMailSentAt) AND (attribute_not_exists(deliveryMailLeaseUntil) OR deliveryMailLeaseUntil < :now)',
        ExpressionAttributeValues: { ':now': now, ':until': until },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/** The delivery e-mail went out: recorded, and the order leaves the work list. */
export async function markDeliveryMailSent(checkoutCode: string, now: number): Promise<void> {
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: orderKey(checkoutCode),
      UpdateExpression: 'SET deliveryMailSentAt = :at REMOVE gsi1pk, gsi1sk',
      ExpressionAttributeValues: { ':at': new Date(now).toISOString() },
    }),
  );
}

/** Shipped orders whose delivery e-mail has not gone out: the mail sweep's second work list. */
export function ordersAwaitingDeliveryMail(): Promise<FulfilledOrder[]> {
  return queryAll<FulfilledOrder>({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :due',
    FilterExpression: 'attribute_not_exists(deliveryMailSentAt)',
    ExpressionAttributeValues: { ':due': DELIVERY_MAIL_DUE },
  });
}

/**
 * Paid orders not shipped yet, oldest first: the overdue check's list. Orders are
 * few (each piece sells once), so the shop-wide list on gsi2 with a filter is enough.
 */
export function paidOrdersWaitingToShip(): Promise<(OrderEntity & OrderFulfilment)[]> {
  return queryAll<OrderEntity & OrderFulfilment>({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :list',
    FilterExpression: '#status = :paid AND attribute_not_exists(fulfilment)',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':list': ORDERS_LIST, ':paid': 'paid' },
  });
}

/** Its table items, for docs/reference/data-model-keys.md (`npm run docs`; functions/platform/table-doc.ts). */
export const tableDoc: EntityFileDoc = {
  adds: {
    to: 'Order (deleted: `deletedAt`, kept)',
    what: "its fulfilment (shipment, delivery, the delivery e-mail's lease)",
  },
};
