import { createHash, randomBytes } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '#lib/clients.ts';
import type { Page } from '#shared/admin.ts';
import { auditedWrite, pageOf } from './audit.ts';
import type { OrderDeleteTokenEntity, OrderEntity, OrderTombstone } from './entities.ts';
import { ORDERS_LIST, orderDeleteTokenKey, orderKey } from './keys.ts';
import { queryAll } from './query.ts';

/**
 * The admin's side of orders: the list, one order, and the deletion, which never removes an
 * order's item (see `tombstoneOrder`).
 */
export type AdminOrder = OrderEntity & OrderTombstone;

/** An order for which money moved: a sale or a refund. */
export const moneyMoved = (order: OrderEntity): boolean =>
  order.status === 'paid' || order.status === 'refunded';

/**
 * Newest first. Deleted orders are left out, unless money moved for one after it was deleted
 * (a late payment of an abandoned checkout): then it shows again, so no payment is ever hidden.
 */
export async function listOrders(offset: number, pageSize: number): Promise<Page<AdminOrder>> {
  const all = await queryAll<AdminOrder>({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :list',
    FilterExpression: 'attribute_not_exists(deletedAt) OR #status IN (:paid, :refunded)',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':list': ORDERS_LIST, ':paid': 'paid', ':refunded': 'refunded' },
    ScanIndexForward: false,
  });
  return pageOf(all, offset, pageSize);
}

export async function readOrder(checkoutCode: string): Promise<AdminOrder | undefined> {
  const { Item } = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: orderKey(checkoutCode), ConsistentRead: true }),
  );
  return Item as AdminOrder | undefined;
}

/** A delete confirmation lives 10 minutes: long enough to read the order, short enough to go stale. */
export const DELETE_TOKEN_SECONDS = 10 * 60;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** A fresh single-use token to delete this order, for this admin only; the table keeps its hash. */
export async function issueDeleteToken(
  checkoutCode: string,
  admin: string,
  now = Date.now(),
): Promise<{ token: string; validUntil: number }> {
  const token = randomBytes(32).toString('base64url');
  const validUntil = now + DELETE_TOKEN_SECONDS * 1000;
  const item: OrderDeleteTokenEntity = {
    kind: 'orderDeleteToken',
    checkoutCode,
    admin,
    validUntil,
    expiresAt: Math.floor(validUntil / 1000) + 60,
  };
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...orderDeleteTokenKey(hashToken(token)), ...item },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return { token, validUntil };
}

/** The token's record if it exists, is this admin's, names this order and has not run out. */
export async function validDeleteToken(
  token: string,
  checkoutCode: string,
  admin: string,
  now = Date.now(),
): Promise<boolean> {
  const { Item } = await ddb().send(
    new GetCommand({
      TableName: tableName(),
      Key: orderDeleteTokenKey(hashToken(token)),
      ConsistentRead: true,
    }),
  );
  const record = Item as OrderDeleteTokenEntity | undefined;
  return (
    record?.kind === 'orderDeleteToken' &&
    record.checkoutCode === checkoutCode &&
    record.admin === admin &&
    record.validUntil > now
  );
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
}): Promise<AdminOrder> {
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
