import { randomUUID } from 'node:crypto';
import { auditedRecord, newRecordItem, saleEntryItem } from '#authenticity/index.ts';
import { CertificateAlreadyIssued, issueCertificate, sequenceSoon } from '#passport/index.ts';
import { logger, safeError } from '#platform/logger.ts';
import { createProductContract } from '#shared/contracts/catalog-admin-products.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { createProduct } from '../../entities/product.ts';
import { prepareProduct } from './save.ts';
import { adminProduct } from './views.ts';

/**
 * POST /products { name, priceUs, priceCanada?, size?, sizeId?, cardNumber, status?, typeId,
 * gender?, colors, removeShipmentCharge?, singleproduct?, soldOnOtherPlatform? } →
 * { status: 200, id, product, passport }: a new piece. Blanks → 400 "please fill all the blanks" (001 §5) and
 * nothing written. A piece sold on another platform is saved sold, with its authenticity record
 * (no e-mail) in the same transaction (001 §4). Then the piece's passport certificate and card
 * code are issued (docs/passport.md: before its steel card is made); if that fails the piece
 * stands, `passport: 'failed'` says so, and the passport job issues it on its next run (or staff
 * from the passport panel).
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
  let passport: 'issued' | 'failed' = 'issued';
  try {
    // `first`: the passport job may find the new piece at this moment; one of them issues.
    await issueCertificate(product.id, { first: true });
  } catch (error) {
    if (!(error instanceof CertificateAlreadyIssued)) {
      logger.error('the new piece was saved without its passport certificate', {
        pid: product.id,
        error: safeError(error),
      });
      passport = 'failed';
    }
  }
  // The issue entry (and a piece sold elsewhere's sale entry) wait for the sequencer.
  await sequenceSoon();
  return { status: 200 as const, id: product.id, product: adminProduct(product, now), passport };
});
