import type { AuthRecordEntity } from '#authenticity/index.ts';
import { readAuthRecord, soldElsewhereRecord } from '#authenticity/index.ts';
import { httpError } from '#platform/http-error.ts';
import type { ProductForm } from '#shared/contracts/catalog-admin-products.ts';
import { cardNumberClaimed } from '../../entities/card-claim.ts';
import { getCollection } from '../../entities/collection.ts';
import type { ProductEntity } from '../../entities/product.ts';
import { readSize } from '../../entities/product.ts';
import { productFrom, requireFilled } from './product-input.ts';

/**
 * Whether another piece already uses the card number: a product with it, its claim (catalog),
 * or an authenticity record of another piece (authenticity).
 */
async function cardNumberTaken(cardNumber: string, pid: string): Promise<boolean> {
  const [claimed, record] = await Promise.all([
    cardNumberClaimed(cardNumber, pid),
    readAuthRecord(cardNumber),
  ]);
  return claimed || (record !== undefined && record.pid !== pid);
}

/**
 * What POST and PATCH /products share: the form checked against its collection and size, the
 * card number checked unique, and — for a piece sold on another platform — the authenticity
 * record (no e-mail, no password) to create with it when it has none yet (001 §4).
 */
export async function prepareProduct(
  form: ProductForm,
  base: { id: string; createdAt: string; previous?: ProductEntity },
  now: number,
): Promise<{ product: ProductEntity; record?: AuthRecordEntity }> {
  const type = form.typeId ? await getCollection(form.typeId) : undefined;
  if (form.typeId && !type) throw httpError(400, 'this collection does not exist');
  const filled = requireFilled(form, type);

  let size: { id: string; name: string } | undefined;
  if (filled.sizeId) {
    const found = await readSize(filled.sizeId);
    if (!found || found.typeId !== filled.typeId)
      throw httpError(400, 'this size is not a size of the collection');
    size = { id: found.id, name: found.name };
  }

  const { previous } = base;
  if (previous?.cardNumber !== filled.cardNumber) {
    if (previous?.cardNumber) {
      const record = await readAuthRecord(previous.cardNumber);
      if (record?.pid === previous.id) {
        throw httpError(400, 'the card number cannot change: the authenticity record of this piece uses it');
      }
    }
    if (await cardNumberTaken(filled.cardNumber, base.id)) {
      throw httpError(400, 'this card number is already used by another piece');
    }
  }
  if ((previous as { soldOrder?: string } | undefined)?.soldOrder && filled.status === 1) {
    throw httpError(400, 'this piece was sold through an order: it cannot be put back on sale');
  }

  const product = productFrom(filled, base, type, size);
  let record: AuthRecordEntity | undefined;
  if (product.soldOnOtherPlatform) {
    const existing = await readAuthRecord(filled.cardNumber);
    if (existing && existing.pid !== product.id) {
      throw httpError(400, 'this card number is already used by another piece');
    }
    if (!existing) record = soldElsewhereRecord(product, new Date(now).toISOString());
  }
  return { product, ...(record ? { record } : {}) };
}
