import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '#platform/aws-clients.ts';
import { type EntityFileDoc, placeholder } from '#platform/table-doc.ts';
import type { Gender } from '#shared/constants.ts';
import { auditedWrite } from '#table/audit.ts';
import { byIndex, projection, queryAll, withoutKeys } from '#table/query.ts';
import type { TransactItem } from '#table/transactions.ts';
import type { CollectionEntity } from './collection.ts';
import {
  COLLECTIONS_LIST,
  collectionFamily,
  collectionKey,
  productKey,
  SIZES_PREFIX,
  sizeGuideKeys,
  sizeKey,
  sizeKeys,
} from './keys.ts';
import type { ProductEntity } from './product.ts';

export interface SizeEntity {
  kind: 'size';
  id: string;
  typeId: string;
  name: string;
  gender: Gender;
  index: number;
  description?: string;
  menDescription?: string;
  menMeaning?: string;
  womenMeaning?: string;
}

export interface SizeGuideEntity {
  kind: 'sizeGuide';
  id: string;
  sizeId: string;
  name: string;
  index: number;
  fromInches?: string;
  toInches?: string;
  fromCm?: string;
  toCm?: string;
  description?: string;
  type: number;
  gender: 0 | 1;
  imageUrl?: string;
  largeImgUrl?: string;
}

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
export async function sizesOfCollection(
  typeId: string,
): Promise<{ type?: CollectionEntity; sizes: SizeEntity[] }> {
  const items = await queryAll<CollectionEntity | SizeEntity>({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :family AND gsi1sk BETWEEN :type AND :sizesEnd',
    ExpressionAttributeValues: {
      ':family': collectionFamily(typeId),
      ':type': '#TYPE',
      ':sizesEnd': `${SIZES_PREFIX}\uffff`,
    },
  });
  const clean = items.map(withoutKeys);
  return {
    type: clean.find((i): i is CollectionEntity => i.kind === 'type'),
    sizes: clean.filter((i): i is SizeEntity => i.kind === 'size'),
  };
}

export type CollectionName = Pick<CollectionEntity, 'id' | 'name'>;

/** Every collection's id and name, oldest first. */
export async function collectionNames(): Promise<CollectionName[]> {
  return queryAll<CollectionName>({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :types',
    ExpressionAttributeValues: { ':types': COLLECTIONS_LIST },
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
            ExpressionAttributeValues: { ':family': collectionFamily(t.id), ':sizes': SIZES_PREFIX },
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

/** Optional text fields: set when present, removed when left blank. */
function updateItem(
  key: { pk: string; sk: string },
  set: Record<string, unknown>,
  condition: { expression: string; names?: Record<string, string>; values?: Record<string, unknown> },
): TransactItem {
  const names: Record<string, string> = { ...condition.names };
  const values: Record<string, unknown> = { ...condition.values };
  const sets: string[] = [];
  const removes: string[] = [];
  for (const [i, [field, value]] of Object.entries(set).entries()) {
    names[`#u${i}`] = field;
    if (value === undefined) removes.push(`#u${i}`);
    else {
      values[`:u${i}`] = value;
      sets.push(`#u${i} = :u${i}`);
    }
  }
  const expression = [
    sets.length ? `SET ${sets.join(', ')}` : '',
    removes.length ? `REMOVE ${removes.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return {
    Update: {
      TableName: tableName(),
      Key: key,
      UpdateExpression: expression,
      ConditionExpression: condition.expression,
      ExpressionAttributeNames: names,
      ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
    },
  };
}

const typeExists = (typeId: string): TransactItem => ({
  ConditionCheck: {
    TableName: tableName(),
    Key: collectionKey(typeId),
    ConditionExpression: 'attribute_exists(pk)',
  },
});

export async function createSize(size: SizeEntity, admin: string, extra: TransactItem[] = []): Promise<void> {
  await auditedWrite(
    [
      ...extra,
      typeExists(size.typeId),
      {
        Put: {
          TableName: tableName(),
          Item: { ...sizeKeys(size), ...size },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    ],
    { admin, action: 'create', entity: 'size', entityId: size.id, after: size },
  );
}

/**
 * Saves a size's editable fields (its meaning videos too; `extra` holds their upload tickets) and moves it within
 * its family when its index or collection changes. Products that use the size keep its name
 * (`size`, which the storefront matches on) in step with it, in the same transaction.
 */
export async function updateSize(
  before: SizeEntity,
  after: SizeEntity,
  renamedProducts: ProductUsingSize[],
  admin: string,
  extra: TransactItem[] = [],
): Promise<void> {
  const { gsi1pk, gsi1sk } = sizeKeys(after);
  const items: TransactItem[] = [
    updateItem(
      sizeKey(after.id),
      {
        name: after.name,
        typeId: after.typeId,
        gender: after.gender,
        index: after.index,
        description: after.description,
        menDescription: after.menDescription,
        menMeaning: after.menMeaning,
        womenMeaning: after.womenMeaning,
        gsi1pk,
        gsi1sk,
      },
      {
        expression: 'attribute_exists(pk) AND #was = :was',
        names: { '#was': 'typeId' },
        values: { ':was': before.typeId },
      },
    ),
    ...renamedProducts.map((p) =>
      updateItem(
        productKey(p.id),
        { size: after.name },
        {
          expression: 'attribute_exists(pk) AND #sid = :sid',
          names: { '#sid': 'sizeId' },
          values: { ':sid': after.id },
        },
      ),
    ),
  ];
  if (after.typeId !== before.typeId) items.unshift(typeExists(after.typeId));
  items.push(...extra);
  await auditedWrite(items, {
    admin,
    action: 'update',
    entity: 'size',
    entityId: after.id,
    before,
    after: renamedProducts.length ? { ...after, renamedInProducts: renamedProducts.map((p) => p.id) } : after,
  });
}

/** Deletes a size with all its guide entries (their pictures are removed by the caller after). */
export async function deleteSize(size: SizeEntity, guides: SizeGuideEntity[], admin: string): Promise<void> {
  await auditedWrite(
    [size, ...guides].map((item) => ({
      Delete: {
        TableName: tableName(),
        Key: item.kind === 'size' ? sizeKey(item.id) : sizeGuideKeys(item as SizeGuideEntity),
        ConditionExpression: 'attribute_exists(pk)',
      },
    })),
    { admin, action: 'delete', entity: 'size', entityId: size.id, before: { ...size, guides } },
  );
}

export async function createGuide(guide: SizeGuideEntity, admin: string): Promise<void> {
  await auditedWrite(
    [
      {
        ConditionCheck: {
          TableName: tableName(),
          Key: sizeKey(guide.sizeId),
          ConditionExpression: 'attribute_exists(pk)',
        },
      },
      {
        Put: {
          TableName: tableName(),
          Item: { ...sizeGuideKeys(guide), ...guide },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    ],
    { admin, action: 'create', entity: 'sizeGuide', entityId: guide.id, after: guide },
  );
}

/** Saves a guide entry's fields; its pictures change only through the picture calls. */
export async function updateGuide(
  before: SizeGuideEntity,
  after: SizeGuideEntity,
  admin: string,
): Promise<void> {
  await auditedWrite(
    [
      updateItem(
        sizeGuideKeys(after),
        {
          name: after.name,
          index: after.index,
          type: after.type,
          gender: after.gender,
          fromCm: after.fromCm,
          toCm: after.toCm,
          fromInches: after.fromInches,
          toInches: after.toInches,
          description: after.description,
        },
        { expression: 'attribute_exists(pk)' },
      ),
    ],
    { admin, action: 'update', entity: 'sizeGuide', entityId: after.id, before, after },
  );
}

export async function deleteGuide(guide: SizeGuideEntity, admin: string): Promise<void> {
  await auditedWrite(
    [
      {
        Delete: {
          TableName: tableName(),
          Key: sizeGuideKeys(guide),
          ConditionExpression: 'attribute_exists(pk)',
        },
      },
    ],
    { admin, action: 'delete', entity: 'sizeGuide', entityId: guide.id, before: guide },
  );
}

export type GuideImageField = 'imageUrl' | 'largeImgUrl';

/**
 * Sets (url) or removes (undefined) one picture of a guide entry, if it is still the picture
 * the caller saw, so two staff replacing it at once cannot leave a file nobody refers to.
 */
export async function setGuideImage(
  before: SizeGuideEntity,
  field: GuideImageField,
  url: string | undefined,
  extra: TransactItem[],
  admin: string,
): Promise<void> {
  const old = before[field];
  await auditedWrite(
    [
      updateItem(
        sizeGuideKeys(before),
        { [field]: url },
        old === undefined
          ? { expression: 'attribute_exists(pk) AND attribute_not_exists(#old)', names: { '#old': field } }
          : {
              expression: 'attribute_exists(pk) AND #old = :old',
              names: { '#old': field },
              values: { ':old': old },
            },
      ),
      ...extra,
    ],
    {
      admin,
      action: url ? 'upload' : 'delete-image',
      entity: 'sizeGuide',
      entityId: before.id,
      before: { id: before.id, sizeId: before.sizeId, [field]: old },
      after: { id: before.id, sizeId: before.sizeId, [field]: url },
    },
  );
}

/** A size and its guide entries. */
export async function getSizeWithGuides(
  sizeId: string,
): Promise<{ size?: SizeEntity; guides: SizeGuideEntity[] }> {
  const items = await queryAll<SizeEntity | SizeGuideEntity>({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': `SIZE#${sizeId}` },
  });
  return {
    size: items.find((i): i is SizeEntity => i.kind === 'size'),
    guides: items.filter((i): i is SizeGuideEntity => i.kind === 'sizeGuide'),
  };
}

/** Its table items, for docs/reference/data-model-keys.md (`npm run docs`; functions/platform/table-doc.ts). */
export const tableDoc: EntityFileDoc = {
  items: [
    {
      entity: 'Size',
      pk: '`SIZE#<sid>`',
      sk: '`#SIZE`',
      gsi1: '`TYPE#<tid>` / `#TYPE#SIZE#<index>#<sid>`',
      keys: () => sizeKeys({ id: '<sid>', typeId: '<tid>', index: placeholder('<index>') }),
    },
    {
      entity: 'Size guide entry',
      pk: '`SIZE#<sid>`',
      sk: '`GUIDE#<gid>`',
      keys: () => sizeGuideKeys({ id: '<gid>', sizeId: '<sid>' }),
    },
  ],
};
