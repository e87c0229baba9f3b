import type { Gender } from '#shared/constants.ts';
import type {
  ImageEntity,
  OptionEntity,
  ProductEntity,
  ProductVideoEntity,
  SizeEntity,
  SizeFinderEntity,
  SizeGuideEntity,
  StepEntity,
  TypeEntity,
  TypeVideoEntity,
} from './entities.ts';
import {
  finderPrefix,
  productKey,
  SIZES_PREFIX,
  TYPES_LIST,
  typeFamily,
  typeKey,
  typeVideoPartition,
} from './keys.ts';
import { getItem, getItems, projection, queryAll } from './query.ts';

/** Storefront reads. Each function is one DynamoDB request (see docs/data-model.md). */

export const TYPE_LIST_FIELDS = [
  'id',
  'name',
  'label',
  'gender',
  'areaAmount',
  'singlecollection',
  'issoldout',
  'preSale',
  'preSaleText',
  'discount',
  'menproductimage',
  'womenproductimage',
  'createdAt',
] as const;

/** Collections a gender sees: its own and the unisex ones, oldest first. */
export async function listTypesForGender(gender: Gender): Promise<TypeEntity[]> {
  const { ProjectionExpression, ExpressionAttributeNames } = projection(TYPE_LIST_FIELDS);
  return queryAll<TypeEntity>({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :types',
    FilterExpression: '#g IN (:gender, :unisex)',
    ProjectionExpression,
    ExpressionAttributeNames: { ...ExpressionAttributeNames, '#g': 'gender' },
    ExpressionAttributeValues: { ':types': TYPES_LIST, ':gender': gender, ':unisex': 2 },
  });
}

export async function getType(id: string, fields?: readonly string[]): Promise<TypeEntity | undefined> {
  return getItem<TypeEntity>(typeKey(id), fields ? [...fields] : undefined);
}

export interface TypeFamily {
  type?: TypeEntity;
  sizes: SizeEntity[];
  products: ProductEntity[];
  finders: SizeFinderEntity[];
  steps: StepEntity[];
  options: OptionEntity[];
}

type FamilyItem = TypeEntity | SizeEntity | ProductEntity | SizeFinderEntity | StepEntity | OptionEntity;

function splitFamily(items: FamilyItem[]): TypeFamily {
  const family: TypeFamily = { sizes: [], products: [], finders: [], steps: [], options: [] };
  for (const item of items) {
    if (item.kind === 'type') family.type = item;
    else if (item.kind === 'size') family.sizes.push(item);
    else if (item.kind === 'product') family.products.push(item);
    else if (item.kind === 'sizeFinder') family.finders.push(item);
    else if (item.kind === 'step') family.steps.push(item);
    else if (item.kind === 'option') family.options.push(item);
  }
  return family;
}

/** The type with its sizes (in size order). */
export async function getTypeWithSizes(typeId: string): Promise<TypeFamily> {
  return splitFamily(
    await queryAll<FamilyItem>({
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :family AND gsi1sk BETWEEN :type AND :sizesEnd',
      ExpressionAttributeValues: {
        ':family': typeFamily(typeId),
        ':type': '#TYPE',
        ':sizesEnd': `${SIZES_PREFIX}\uffff`,
      },
    }),
  );
}

/** The type with its products (and, in between, its few sizes and finders). */
export async function getTypeWithProducts(typeId: string): Promise<TypeFamily> {
  return splitFamily(
    await queryAll<FamilyItem>({
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :family',
      ExpressionAttributeValues: { ':family': typeFamily(typeId) },
    }),
  );
}

/**
 * The type with its size finder for a gender: finder, steps and options, in order. The range
 * also holds the finders of lower gender codes; callers keep the finder they asked for.
 */
export async function getTypeWithFinder(typeId: string, gender: Gender): Promise<TypeFamily> {
  return splitFamily(
    await queryAll<FamilyItem>({
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :family AND gsi1sk BETWEEN :type AND :finderEnd',
      ExpressionAttributeValues: {
        ':family': typeFamily(typeId),
        ':type': '#TYPE',
        ':finderEnd': `${finderPrefix(gender)}\uffff`,
      },
    }),
  );
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

/** A type's own item and the images stored in its item collection. */
export async function getTypeImages(id: string): Promise<{ type?: TypeEntity; images: ImageEntity[] }> {
  const items = await queryAll<TypeEntity | ImageEntity>({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': typeKey(id).pk },
  });
  return {
    type: items.find((i): i is TypeEntity => i.kind === 'type'),
    images: items.filter((i): i is ImageEntity => i.kind === 'image'),
  };
}

export async function getProduct(id: string): Promise<ProductEntity | undefined> {
  return getItem<ProductEntity>(productKey(id));
}

/** A product and a type in one request. */
export async function getProductAndType(
  productId: string,
  typeId: string,
): Promise<{ product?: ProductEntity; type?: TypeEntity }> {
  const items = await getItems([productKey(productId), typeKey(typeId)]);
  return {
    product: items.find((i) => i.kind === 'product') as ProductEntity | undefined,
    type: items.find((i) => i.kind === 'type') as TypeEntity | undefined,
  };
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

/** The collection (or pillar) videos of an owner, one per gender. */
export async function getTypeVideos(ownerId: string): Promise<TypeVideoEntity[]> {
  return queryAll<TypeVideoEntity>({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': typeVideoPartition(ownerId) },
  });
}
