import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '#lib/clients.ts';
import type { ProductEntity, SizeEntity, SizeGuideEntity, TypeEntity } from './entities.ts';
import { SIZES_PREFIX, sizeGuideKeys, sizeKey, TYPES_LIST, typeFamily } from './keys.ts';
import { projection, queryAll } from './query.ts';

/**
 * Admin reads of sizes and size guides (001 §7 "Sizes", "Size guides"). A size lives in its
 * collection's gsi1 family (where the storefront reads it, ordered by index); its guide entries
 * live in the size's own item collection (`SIZE#<sid>`), so one query answers a size with its
 * guides and every write's checks.
 */

const KEY_FIELDS = new Set(['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk']);

/** The entity without its table keys. */
export function withoutKeys<T>(item: T): T {
  return Object.fromEntries(
    Object.entries(item as Record<string, unknown>).filter(([k]) => !KEY_FIELDS.has(k)),
  ) as T;
}

export const byIndex = <T extends { index: number; id: string }>(a: T, b: T) =>
  a.index - b.index || a.id.localeCompare(b.id);

/** One size, read consistently (writes check what they read). */
export async function getSize(id: string): Promise<SizeEntity | undefined> {
  const { Item } = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: sizeKey(id), ConsistentRead: true }),
  );
  return Item ? withoutKeys(Item as SizeEntity) : undefined;
}

/** One guide entry of a size, read consistently. */
export async function getGuide(sizeId: string, id: string): Promise<SizeGuideEntity | undefined> {
  const { Item } = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: sizeGuideKeys({ id, sizeId }), ConsistentRead: true }),
  );
  return Item ? withoutKeys(Item as SizeGuideEntity) : undefined;
}

/** A size and its guide entries (in index order), read consistently. */
export async function getSizeAndGuides(
  sizeId: string,
): Promise<{ size?: SizeEntity; guides: SizeGuideEntity[] }> {
  const items = await queryAll<SizeEntity | SizeGuideEntity>({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': sizeKey(sizeId).pk },
    ConsistentRead: true,
  });
  const clean = items.map(withoutKeys);
  return {
    size: clean.find((i): i is SizeEntity => i.kind === 'size'),
    guides: clean.filter((i): i is SizeGuideEntity => i.kind === 'sizeGuide').sort(byIndex),
  };
}

/** A collection and its sizes, in size order: one query of its family. */
export async function sizesOfType(typeId: string): Promise<{ type?: TypeEntity; sizes: SizeEntity[] }> {
  const items = await queryAll<TypeEntity | SizeEntity>({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :family AND gsi1sk BETWEEN :type AND :sizesEnd',
    ExpressionAttributeValues: {
      ':family': typeFamily(typeId),
      ':type': '#TYPE',
      ':sizesEnd': `${SIZES_PREFIX}\uffff`,
    },
  });
  const clean = items.map(withoutKeys);
  return {
    type: clean.find((i): i is TypeEntity => i.kind === 'type'),
    sizes: clean.filter((i): i is SizeEntity => i.kind === 'size'),
  };
}

export type CollectionName = Pick<TypeEntity, 'id' | 'name'>;

/** Every collection's id and name, oldest first. */
export async function collectionNames(): Promise<CollectionName[]> {
  return queryAll<CollectionName>({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :types',
    ExpressionAttributeValues: { ':types': TYPES_LIST },
    ...projection(['id', 'name']),
  });
}

/**
 * Every size of the shop, collection by collection (oldest collection first), each in size
 * order: one query for the collections, then one per collection, a few at a time.
 */
export async function allSizes(): Promise<{ types: CollectionName[]; sizes: SizeEntity[] }> {
  const types = await collectionNames();
  const perType: SizeEntity[][] = [];
  for (let i = 0; i < types.length; i += 5) {
    const batch = types.slice(i, i + 5);
    perType.push(
      ...(await Promise.all(
        batch.map((t) =>
          queryAll<SizeEntity>({
            IndexName: 'gsi1',
            KeyConditionExpression: 'gsi1pk = :family AND begins_with(gsi1sk, :sizes)',
            ExpressionAttributeValues: { ':family': typeFamily(t.id), ':sizes': SIZES_PREFIX },
          }),
        ),
      )),
    );
  }
  return { types, sizes: perType.flat().map(withoutKeys) };
}

export type ProductUsingSize = Pick<ProductEntity, 'id' | 'name' | 'typeId' | 'size' | 'sizeId'>;

/** The products (of any collection) whose size is this one. */
export async function productsUsingSize(sizeId: string): Promise<ProductUsingSize[]> {
  const { ProjectionExpression, ExpressionAttributeNames } = projection([
    'id',
    'name',
    'typeId',
    'size',
    'sizeId',
  ]);
  return queryAll<ProductUsingSize>({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :products',
    FilterExpression: '#sid = :sid',
    ProjectionExpression,
    ExpressionAttributeNames: { ...ExpressionAttributeNames, '#sid': 'sizeId' },
    ExpressionAttributeValues: { ':products': 'PRODUCTS', ':sid': sizeId },
  });
}
