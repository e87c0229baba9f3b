import type { ProductEntity } from '../../entities/product.ts';

/** A product as staff see it: every field of the piece (card number included), no table keys. */
export function adminProduct(product: ProductEntity, now = Date.now()) {
  // Written by the sale (functions/data/orders.ts sellOrder), not part of the entity's type.
  const p = product as ProductEntity & { soldOrder?: unknown; soldAt?: unknown };
  return {
    id: p.id,
    name: p.name,
    typeId: p.typeId,
    typeName: p.typeName,
    gender: p.gender,
    size: p.size,
    sizeId: p.sizeId,
    colors: p.colors ?? [],
    status: p.status,
    priceUs: p.priceUs,
    priceCanada: p.priceCanada,
    cardNumber: p.cardNumber,
    removeShipmentCharge: p.removeShipmentCharge,
    singleproduct: p.singleproduct,
    soldOnOtherPlatform: p.soldOnOtherPlatform,
    createdAt: p.createdAt,
    /** A shopper is paying for it right now (checkout hold, epoch ms). */
    heldUntil: p.holdUntil !== undefined && p.holdUntil > now ? p.holdUntil : undefined,
    soldOrder: typeof p.soldOrder === 'string' ? p.soldOrder : undefined,
    soldAt: typeof p.soldAt === 'string' ? p.soldAt : undefined,
  };
}
export type AdminProduct = ReturnType<typeof adminProduct>;
