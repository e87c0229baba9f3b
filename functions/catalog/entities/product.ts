import { tableName } from '#platform/aws-clients.ts';
import type { EntityFileDoc } from '#platform/table-doc.ts';
import type { Gender } from '#shared/constants.ts';
import { auditedWrite } from '#table/audit.ts';
import { consistentGet, getItem, getItems, projection, queryAll } from '#table/query.ts';
import { MAX_TRANSACTION, type TransactItem } from '#table/transactions.ts';
import { claimItem, releaseClaimItem } from './card-claim.ts';
import type { CollectionEntity } from './collection.ts';
import { type ImageEntity, ownerMedia } from './image.ts';
import {
  COLLECTIONS_LIST,
  collectionFamily,
  collectionKey,
  PRODUCT_PREFIX,
  productKey,
  productKeys,
  productKeysOf,
  sizeKey,
} from './keys.ts';
import type { ProductVideoEntity } from './video.ts';

export interface ProductEntity {
  kind: 'product';
  id: string;
  typeId: string;
  typeName: string;
  name: string;
  gender: Gender;
  size?: string;
  sizeId?: string;
  /** One colour per colour area, in area order. */
  colors: string[];
  /** 1 available, 0 sold. */
  status: 0 | 1;
  priceUs: number;
  priceCanada?: number;
  removeShipmentCharge: boolean;
  singleproduct: boolean;
  soldOnOtherPlatform: boolean;
  /** Admin only: the number engraved on the steel authenticity card. */
  cardNumber?: string;
  /** Checkout hold: who holds the piece and until when (epoch ms). */
  holdId?: string;
  holdUntil?: number;
  /** Offered by a release draw (issue 35): the draw holds the piece until it is settled. */
  draw?: PieceDraw;
  createdAt: string;
}

/** The draw a piece is offered by, and its entry window (ISO times). */
export interface PieceDraw {
  drawId: string;
  opensAt: string;
  closesAt: string;
}

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
export async function collectionNamesById(): Promise<Map<string, string>> {
  const types = await queryAll<{ id: string; name: string }>({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :list',
    ExpressionAttributeValues: { ':list': COLLECTIONS_LIST },
    ...projection(['id', 'name']),
  });
  return new Map(types.map((t) => [t.id, t.name]));
}

export const readProduct = (id: string) => consistentGet<ProductEntity>(productKey(id));

export const readSize = (id: string) =>
  consistentGet<{ kind: 'size'; id: string; typeId: string; name: string }>(sizeKey(id));

const typeExistsItem = (typeId: string): TransactItem => ({
  ConditionCheck: {
    TableName: tableName(),
    Key: collectionKey(typeId),
    ConditionExpression: 'attribute_exists(pk)',
  },
});

/**
 * What the caller writes with a product in the same transaction (an authenticity record, a
 * check on one), and what the audit entry then records after the write (the product alone when
 * not given). Appended after the product's own items.
 */
export interface WrittenWith {
  items: TransactItem[];
  after?: unknown;
}

const NOTHING_ELSE: WrittenWith = { items: [] };

export async function createProduct(
  product: ProductEntity,
  admin: string,
  also: WrittenWith = NOTHING_ELSE,
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
      ...also.items,
    ],
    {
      admin,
      action: 'create',
      entity: 'product',
      entityId: product.id,
      after: also.after ?? product,
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
  admin: string;
  now: number;
  also?: WrittenWith;
}): Promise<void> {
  const also = input.also ?? NOTHING_ELSE;
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
      ...also.items,
    ],
    {
      admin: input.admin,
      action: 'update',
      entity: 'product',
      entityId: after.id,
      before,
      after: also.after ?? after,
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

/**
 * Deletes a product that nobody owns: not sold through an order, not held in checkout, with no
 * authenticity record (the caller's check, in `also`). Its pictures and videos go in the same transaction when they fit (the
 * rest right after: they are unreachable once the product is gone). Answers their urls.
 */
export async function deleteProduct(input: {
  product: ProductEntity;
  childKeys: { pk: string; sk: string }[];
  admin: string;
  now: number;
  before: unknown;
  /** Checks the caller adds (no authenticity record for the card number). */
  also?: TransactItem[];
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
  if (product.cardNumber) main.push(releaseClaimItem(product.cardNumber, product.id));
  main.push(...(input.also ?? []));
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

export interface ProductCollection {
  product?: ProductEntity;
  images: ImageEntity[];
  videos: ProductVideoEntity[];
}

/** A product with its images and videos: its whole item collection. */
export async function getProductCollection(id: string): Promise<ProductCollection> {
  const items = await queryAll<ProductEntity | ImageEntity | ProductVideoEntity>({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': productKey(id).pk },
  });
  const collection: ProductCollection = { images: [], videos: [] };
  for (const item of items) {
    if (item.kind === 'product') collection.product = item;
    else if (item.kind === 'image') collection.images.push(item);
    else if (item.kind === 'video') collection.videos.push(item);
  }
  return collection;
}

export async function getProduct(id: string): Promise<ProductEntity | undefined> {
  return getItem<ProductEntity>(productKey(id));
}

/** A product and a type in one request. */
export async function getProductAndCollection(
  productId: string,
  typeId: string,
): Promise<{ product?: ProductEntity; type?: CollectionEntity }> {
  const items = await getItems([productKey(productId), collectionKey(typeId)]);
  return {
    product: items.find((i) => i.kind === 'product') as ProductEntity | undefined,
    type: items.find((i) => i.kind === 'type') as CollectionEntity | undefined,
  };
}

/** Every piece's id, oldest first (gsi2 PRODUCTS): the passport looks for those without a certificate. */
export function listPieceIds(): Promise<{ id: string }[]> {
  return queryAll<{ id: string }>({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :list',
    ExpressionAttributeValues: { ':list': 'PRODUCTS' },
    ...projection(['id']),
  });
}

/**
 * The pieces for sale on the shop now (available, not sold elsewhere, not held by a checkout or
 * offered by a draw), each with its first picture: what staff choose a draw's piece from.
 */
export async function listOfferablePieces(
  now: number,
): Promise<{ id: string; name: string; typeName: string; picture?: string }[]> {
  const pieces = await queryAll<
    Pick<ProductEntity, 'id' | 'name' | 'typeName' | 'holdUntil' | 'draw' | 'soldOnOtherPlatform'>
  >({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :list',
    FilterExpression: '#status = :available',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':list': 'PRODUCTS', ':available': 1 },
  });
  const free = pieces.filter(
    (p) => !p.soldOnOtherPlatform && !p.draw && !(p.holdUntil !== undefined && p.holdUntil > now),
  );
  return Promise.all(
    free.map(async (p) => {
      const { images } = await ownerMedia('product', p.id);
      const picture = images[0]?.url;
      return { id: p.id, name: p.name, typeName: p.typeName, ...(picture ? { picture } : {}) };
    }),
  );
}

/** A collection's pieces (gsi1 family), id and creation time only: the passport numbers them by creation. */
export function listCollectionPieces(typeId: string): Promise<{ id: string; createdAt: string }[]> {
  return queryAll<{ id: string; createdAt: string }>({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :family AND begins_with(gsi1sk, :products)',
    ExpressionAttributeValues: { ':family': collectionFamily(typeId), ':products': PRODUCT_PREFIX },
    ...projection(['id', 'createdAt']),
  });
}

/** Its table items, for docs/reference/data-model-keys.md (`npm run docs`; functions/platform/table-doc.ts). */
export const tableDoc: EntityFileDoc = {
  items: [
    {
      entity: 'Product',
      pk: '`PRODUCT#<pid>`',
      sk: '`#PRODUCT`',
      gsi1: '`TYPE#<tid>` / `PRODUCT#<pid>`',
      gsi2: '`PRODUCTS` / `<createdAt>#<pid>`',
      keys: () => productKeys({ id: '<pid>', typeId: '<tid>', createdAt: '<createdAt>' }),
    },
  ],
};
