import { auditedRecord, newRecordItem, saleEntryItem } from '#authenticity/index.ts';
import { sequenceSoon } from '#passport/index.ts';
import { notFound } from '#platform/http-error.ts';
import { updateProductContract } from '#shared/contracts/catalog-admin-products.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { readProduct, updateProduct } from '../../entities/product.ts';
import { prepareProduct } from './save.ts';
import { adminProduct } from './views.ts';

/**
 * PATCH /products { id, ...the fields of POST /products } → { status: 200, id, product }: the
 * whole form saved over the piece, with the same blanks rule. Checkout holds and sale data are
 * kept; a piece somebody is paying for cannot be marked sold meanwhile (409), a piece sold
 * through an order cannot be put back on sale, and the card number of a piece with an
 * authenticity record cannot change. Turning "sold on another platform" on creates the record.
 */
export const handler = defineAdminHandler(updateProductContract, async ({ body }, event) => {
  const before = await readProduct(body.id);
  if (!before) throw notFound('product');
  const now = Date.now();
  const { product, record } = await prepareProduct(
    body,
    { id: before.id, createdAt: before.createdAt, previous: before },
    now,
  );
  await updateProduct({
    before,
    after: product,
    admin: event.admin,
    now,
    ...(record
      ? {
          also: {
            items: [newRecordItem(record), await saleEntryItem(record)],
            after: { product, authRecord: auditedRecord(record) },
          },
        }
      : {}),
  });
  if (record) await sequenceSoon();
  return { status: 200 as const, id: product.id, product: adminProduct(product, now) };
});
