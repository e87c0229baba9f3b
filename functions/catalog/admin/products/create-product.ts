import { randomUUID } from 'node:crypto';
import { auditedRecord, newRecordItem, saleEntryItem } from '#authenticity/index.ts';
import { sequenceSoon } from '#passport/index.ts';
import { createProductContract } from '#shared/contracts/catalog-admin-products.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { createProduct } from '../../entities/product.ts';
import { prepareProduct } from './save.ts';
import { adminProduct } from './views.ts';

/**
 * POST /products { name, priceUs, priceCanada?, size?, sizeId?, cardNumber, status?, typeId,
 * gender?, colors, removeShipmentCharge?, singleproduct?, soldOnOtherPlatform? } →
 * { status: 200, id, product }. Blanks → 400 "please fill all the blanks" (001 §5) and nothing
 * written. A piece sold on another platform is saved sold, with its authenticity record (no
 * e-mail) in the same transaction (001 §4).
 */
export const handler = defineAdminHandler(createProductContract, async ({ body }, event) => {
  const now = Date.now();
  const { product, record } = await prepareProduct(
    body,
    { id: randomUUID(), createdAt: new Date(now).toISOString() },
    now,
  );
  // A piece sold elsewhere: its record and its sale's passport log entry, with the product.
  await createProduct(
    product,
    event.admin,
    record
      ? {
          items: [newRecordItem(record), await saleEntryItem(record)],
          after: { product, authRecord: auditedRecord(record) },
        }
      : undefined,
  );
  if (record) await sequenceSoon();
  return { status: 200 as const, id: product.id, product: adminProduct(product, now) };
});
