import { randomUUID } from 'node:crypto';
import type { CollectionEntity } from '#catalog/entities/collection.ts';
import type { ImageEntity } from '#catalog/entities/image.ts';
import { imageKeys, imageOwner } from '#catalog/entities/image.ts';
import { collectionKeys, productKeys, sizeGuideKeys, sizeKeys } from '#catalog/entities/keys.ts';
import type { ProductEntity } from '#catalog/entities/product.ts';
import type { SizeEntity, SizeGuideEntity } from '#catalog/entities/size.ts';
import type { CollectionVideoEntity, ProductVideoEntity } from '#catalog/entities/video.ts';
import { collectionVideoKeys, productVideoKeys } from '#catalog/entities/video.ts';
import type { OrderEntity } from '#checkout/entities/order.ts';
import type { OptionEntity, SizeFinderEntity, StepEntity } from '#size-finder/entities/size-finder.ts';
import { optionKeys, sizeFinderKeys, stepKeys } from '#size-finder/entities/size-finder.ts';
import { putItems } from './db.ts';

/** A small collection written straight into the test table, with ids unique to the test. */
export function uniqueId(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}`;
}

export function typeEntity(overrides: Partial<CollectionEntity> = {}): CollectionEntity {
  return {
    kind: 'type',
    id: uniqueId('t'),
    name: 'Test Collection',
    gender: 0,
    areaAmount: 2,
    singlecollection: false,
    issoldout: false,
    preSale: false,
    discount: false,
    discountCode: 'SECRET-CODE-1',
    authPortalText: 'portal-only text',
    womenproductimage: '["s3/collection_images/a.svg"]',
    menproductimage: 'undefined',
    shippingPrices: { CA: 40, US: 45, FR: 80 },
    material: 'silk faille',
    createdAt: new Date().toISOString(),
    ...overrides,
  };
}

export function productEntity(type: CollectionEntity, overrides: Partial<ProductEntity> = {}): ProductEntity {
  return {
    kind: 'product',
    id: uniqueId('p'),
    typeId: type.id,
    typeName: type.name,
    name: `${type.name} piece`,
    gender: type.gender,
    colors: ['black', 'white'],
    status: 1,
    priceUs: 4200,
    priceCanada: 5700,
    removeShipmentCharge: false,
    singleproduct: false,
    soldOnOtherPlatform: false,
    cardNumber: '4111222233334444',
    createdAt: new Date().toISOString(),
    ...overrides,
  };
}

/**
 * A pending card order of `product`, checked out at `at` by a buyer in Vancouver, with a hold
 * of 15 minutes from then: what POST /secret records before the hold's transaction.
 */
export function orderEntity(
  product: ProductEntity,
  at: number,
  email = `${uniqueId('buyer')}@example.com`,
): OrderEntity {
  return {
    kind: 'order',
    checkoutCode: randomUUID(),
    productId: product.id,
    typeId: product.typeId,
    productName: product.name,
    typeName: product.typeName,
    gender: product.gender,
    colors: product.colors,
    contact: {
      name: 'Ada Buyer',
      phone: '+1 604 555 0100',
      email,
      address: '1 Main St',
      address1: '1 Main St',
      country: 'CA',
      city: 'Vancouver',
      state: 'BC',
    },
    hasBilling: false,
    paymentType: 1,
    currency: 'USD',
    productPrice: product.priceUs,
    discountAmount: 0,
    productPriceAfterDiscount: product.priceUs,
    shippingFee: 40,
    tax: 0,
    duty: 0,
    finalPrice: product.priceUs + 40,
    status: 'pending',
    holdId: randomUUID(),
    holdUntil: at + 15 * 60_000,
    checkoutTime: new Date(at).toISOString(),
  };
}

export interface Fixture {
  type: CollectionEntity;
  products?: ProductEntity[];
  sizes?: SizeEntity[];
  guides?: SizeGuideEntity[];
  finder?: { finder: SizeFinderEntity; steps: StepEntity[]; options: OptionEntity[] };
  images?: ImageEntity[];
  videos?: ProductVideoEntity[];
  typeVideos?: CollectionVideoEntity[];
}

export async function store(fixture: Fixture): Promise<void> {
  const { type } = fixture;
  const items: Record<string, unknown>[] = [{ ...collectionKeys(type), ...type }];
  for (const p of fixture.products ?? []) items.push({ ...productKeys(p), ...p });
  for (const s of fixture.sizes ?? []) items.push({ ...sizeKeys(s), ...s });
  for (const g of fixture.guides ?? []) items.push({ ...sizeGuideKeys(g), ...g });
  if (fixture.finder) {
    const { finder, steps, options } = fixture.finder;
    items.push({ ...sizeFinderKeys(finder), ...finder });
    for (const s of steps) items.push({ ...stepKeys(s, finder), ...s });
    for (const o of options) {
      const step = steps.find((s) => s.id === o.stepsId);
      if (!step) throw new Error(`option ${o.id} has no step`);
      items.push({ ...optionKeys(o, step, finder), ...o });
    }
  }
  for (const i of fixture.images ?? []) {
    const ownerPk = imageOwner(i.type === 1 || i.type === 2 ? 'product' : 'type', i.ownerId);
    items.push({ ...imageKeys({ ...i, ownerPk }), ...i });
  }
  for (const v of fixture.videos ?? []) items.push({ ...productVideoKeys(v), ...v });
  for (const v of fixture.typeVideos ?? []) items.push({ ...collectionVideoKeys(v), ...v });
  await putItems(items);
}
