import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { tableName } from '#lib/clients.ts';
import type { ProductUsingSize } from './admin-sizes.ts';
import { auditedWrite } from './audit.ts';
import type { SizeEntity, SizeGuideEntity } from './entities.ts';
import { productKey, sizeGuideKeys, sizeKey, sizeKeys, typeKey } from './keys.ts';

/**
 * Admin writes of sizes and size guides. Each is one transaction with its audit entry, and
 * each item carries a condition, so a write never creates what exists, revives what was
 * deleted meanwhile, or overwrites a change it did not see (409 instead).
 */
type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

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
    Key: typeKey(typeId),
    ConditionExpression: 'attribute_exists(pk)',
  },
});

export async function createSize(size: SizeEntity, admin: string): Promise<void> {
  await auditedWrite(
    [
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
 * Saves a size's editable fields (its meaning videos are left as they are) and moves it within
 * its family when its index or collection changes. Products that use the size keep its name
 * (`size`, which the storefront matches on) in step with it, in the same transaction.
 */
export async function updateSize(
  before: SizeEntity,
  after: SizeEntity,
  renamedProducts: ProductUsingSize[],
  admin: string,
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
