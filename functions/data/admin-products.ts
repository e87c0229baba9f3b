import { GetCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '#lib/clients.ts';
import { auditedWrite } from './audit.ts';
import type { AuthRecordEntity, ImageEntity, ProductEntity, ProductVideoEntity } from './entities.ts';
import {
  authRecordKey,
  authRecordKeys,
  cardClaimKey,
  productKey,
  productKeysOf,
  sizeKey,
  TYPES_LIST,
  typeKey,
} from './keys.ts';
import { projection, queryAll } from './query.ts';

/**
 * The admin's product writes (001 §3, §4, §5). Each is one transaction with its audit entry;
 * conditions make sure a write never overwrites a product it did not read, never sells a piece
 * somebody is paying for, and never gives two pieces one card number.
 */
type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** Every product, newest first (gsi2 PRODUCTS). */
export async function listAllProducts(): Promise<ProductEntity[]> {
  return queryAll<ProductEntity>({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :list',
    ExpressionAttributeValues: { ':list': 'PRODUCTS' },
    ScanIndexForward: false,
  });
}

/** Collection names by id, for searching products by their collection's current name. */
export async function typeNames(): Promise<Map<string, string>> {
  const types = await queryAll<{ id: string; name: string }>({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :list',
    ExpressionAttributeValues: { ':list': TYPES_LIST },
    ...projection(['id', 'name']),
  });
  return new Map(types.map((t) => [t.id, t.name]));
}

async function consistentGet<T>(key: { pk: string; sk: string }): Promise<T | undefined> {
  const result = await ddb().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  return result.Item as T | undefined;
}

export const readProduct = (id: string) => consistentGet<ProductEntity>(productKey(id));
export const readSize = (id: string) =>
  consistentGet<{ kind: 'size'; id: string; typeId: string; name: string }>(sizeKey(id));
export const readAuthRecord = (cardNumber: string) =>
  consistentGet<AuthRecordEntity>(authRecordKey(cardNumber));

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

const claimItem = (cardNumber: string, pid: string): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: { ...cardClaimKey(cardNumber), kind: 'cardClaim', cardNumber, pid },
    ConditionExpression: 'attribute_not_exists(pk) OR pid = :pid',
    ExpressionAttributeValues: { ':pid': pid },
  },
});

const releaseClaimItem = (cardNumber: string, pid: string): TransactItem => ({
  Delete: {
    TableName: tableName(),
    Key: cardClaimKey(cardNumber),
    ConditionExpression: 'attribute_not_exists(pk) OR pid = :pid',
    ExpressionAttributeValues: { ':pid': pid },
  },
});

const typeExistsItem = (typeId: string): TransactItem => ({
  ConditionCheck: {
    TableName: tableName(),
    Key: typeKey(typeId),
    ConditionExpression: 'attribute_exists(pk)',
  },
});

/** A piece sold on another platform: its owner's record, with no e-mail and no password yet. */
export function soldElsewhereRecord(product: ProductEntity, createdAt: string): AuthRecordEntity {
  return {
    kind: 'authRecord',
    cardNumber: product.cardNumber ?? '',
    pid: product.id,
    name: product.name,
    credentialVersion: 1,
    createdAt,
  };
}

const newRecordItem = (record: AuthRecordEntity): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: { ...authRecordKeys(record), ...record },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

export async function createProduct(
  product: ProductEntity,
  record: AuthRecordEntity | undefined,
  admin: string,
): Promise<void> {
  await auditedWrite(
    [
      {
        Put: {
          TableName: tableName(),
          Item: { ...productKeysOf(product), ...product },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      claimItem(product.cardNumber ?? '', product.id),
      ...(product.typeId ? [typeExistsItem(product.typeId)] : []),
      ...(record ? [newRecordItem(record)] : []),
    ],
    {
      admin,
      action: 'create',
      entity: 'product',
      entityId: product.id,
      after: record ? { product, authRecord: record } : product,
    },
  );
}

/** The editable attributes of a product; holds and sale data are never touched here. */
const EDITABLE = [
  'typeId',
  'typeName',
  'name',
  'gender',
  'colors',
  'status',
  'priceUs',
  'priceCanada',
  'size',
  'sizeId',
  'removeShipmentCharge',
  'singleproduct',
  'soldOnOtherPlatform',
  'cardNumber',
] as const;

/**
 * Saves the edited product over the one read (`before`): only if its status is still what was
 * read, and — when the save marks it sold — only if no shopper holds it in checkout right now.
 */
export async function updateProduct(input: {
  before: ProductEntity;
  after: ProductEntity;
  record: AuthRecordEntity | undefined;
  admin: string;
  now: number;
}): Promise<void> {
  const { before, after } = input;
  const names: Record<string, string> = { '#status': 'status' };
  const values: Record<string, unknown> = { ':read': before.status };
  const sets: string[] = [];
  const removes: string[] = [];
  EDITABLE.forEach((field, i) => {
    const name = `#f${i}`;
    const value = after[field];
    if (value === undefined) {
      if (before[field] !== undefined) {
        names[name] = field;
        removes.push(name);
      }
      return;
    }
    names[name] = field;
    values[`:v${i}`] = value;
    sets.push(`${name} = :v${i}`);
  });
  const keys = productKeysOf(after);
  if (keys.gsi1pk) {
    sets.push('gsi1pk = :g1pk', 'gsi1sk = :g1sk');
    values[':g1pk'] = keys.gsi1pk;
    values[':g1sk'] = keys.gsi1sk;
  } else removes.push('gsi1pk', 'gsi1sk');

  let condition = 'attribute_exists(pk) AND #status = :read';
  if (after.status === 0 && before.status !== 0) {
    condition += ' AND (attribute_not_exists(holdUntil) OR holdUntil < :now)';
    values[':now'] = input.now;
  }
  const cardChanged = before.cardNumber !== after.cardNumber;
  await auditedWrite(
    [
      {
        Update: {
          TableName: tableName(),
          Key: productKey(after.id),
          UpdateExpression: [
            `SET ${sets.join(', ')}`,
            ...(removes.length > 0 ? [`REMOVE ${removes.join(', ')}`] : []),
          ].join(' '),
          ConditionExpression: condition,
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        },
      },
      ...(cardChanged ? [claimItem(after.cardNumber ?? '', after.id)] : []),
      ...(cardChanged && before.cardNumber ? [releaseClaimItem(before.cardNumber, before.id)] : []),
      ...(after.typeId && after.typeId !== before.typeId ? [typeExistsItem(after.typeId)] : []),
      ...(input.record ? [newRecordItem(input.record)] : []),
    ],
    {
      admin: input.admin,
      action: 'update',
      entity: 'product',
      entityId: after.id,
      before,
      after: input.record ? { product: after, authRecord: input.record } : after,
    },
  );
}

/** A product's whole item collection: the product, its pictures and its videos. */
export async function productItems(
  id: string,
): Promise<{ product?: ProductEntity; images: ImageEntity[]; videos: ProductVideoEntity[] }> {
  const items = await queryAll<
    (ProductEntity | ImageEntity | ProductVideoEntity) & { pk: string; sk: string }
  >({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': productKey(id).pk },
    ConsistentRead: true,
  });
  const found: { product?: ProductEntity; images: ImageEntity[]; videos: ProductVideoEntity[] } = {
    images: [],
    videos: [],
  };
  for (const item of items) {
    if (item.kind === 'product') found.product = item;
    else if (item.kind === 'image') found.images.push(item);
    else if (item.kind === 'video') found.videos.push(item);
  }
  return found;
}

const MAX_TRANSACTION = 100;

/**
 * Deletes a product that nobody owns: not sold through an order, not held in checkout, with no
 * authenticity record. Its pictures and videos go in the same transaction when they fit (the
 * rest right after: they are unreachable once the product is gone). Answers their urls.
 */
export async function deleteProduct(input: {
  product: ProductEntity;
  childKeys: { pk: string; sk: string }[];
  admin: string;
  now: number;
  before: unknown;
}): Promise<{ pk: string; sk: string }[]> {
  const { product } = input;
  const main: TransactItem[] = [
    {
      Delete: {
        TableName: tableName(),
        Key: productKey(product.id),
        ConditionExpression:
          'attribute_exists(pk) AND #status = :read AND attribute_not_exists(soldOrder) AND (attribute_not_exists(holdUntil) OR holdUntil < :now)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':read': product.status, ':now': input.now },
      },
    },
  ];
  if (product.cardNumber) {
    main.push(releaseClaimItem(product.cardNumber, product.id), {
      ConditionCheck: {
        TableName: tableName(),
        Key: authRecordKey(product.cardNumber),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    });
  }
  const room = MAX_TRANSACTION - 1 - main.length;
  const now = input.childKeys.slice(0, room);
  const later = input.childKeys.slice(room);
  await auditedWrite([...main, ...now.map((Key) => ({ Delete: { TableName: tableName(), Key } }))], {
    admin: input.admin,
    action: 'delete',
    entity: 'product',
    entityId: product.id,
    before: input.before,
  });
  return later;
}
