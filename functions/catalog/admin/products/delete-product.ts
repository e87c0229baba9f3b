import { noRecordItem, readAuthRecord } from '#authenticity/index.ts';
import { httpError, notFound } from '#platform/http-error.ts';
import { deleteProductContract } from '#shared/contracts/catalog-admin-products.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { deleteKeys } from '#table/query.ts';
import { keyOfImage } from '../../entities/image.ts';
import { deleteProduct, productItems } from '../../entities/product.ts';
import { keyOfVideo } from '../../entities/video.ts';
import { deleteInput } from '../media/delete-input.ts';
import { removeFiles } from '../media/files.ts';

/**
 * DELETE /products { id } → { status: 200 }: deletes a piece with its pictures and videos (items
 * and files). Refused (409) for a piece somebody owns or is buying: sold through an order, with
 * an authenticity record (its owner's portal shows its photos), or held in checkout right now.
 */
export const handler = defineAdminHandler(deleteProductContract, async (_input, event) => {
  const body = deleteInput(event, deleteProductContract.bodyOrQuery);
  const { product, images, videos } = await productItems(body.id);
  if (!product) throw notFound('product');
  const now = Date.now();
  if ((product as { soldOrder?: string }).soldOrder) {
    throw httpError(409, 'this piece was sold through an order and cannot be deleted');
  }
  const record = product.cardNumber ? await readAuthRecord(product.cardNumber) : undefined;
  if (record) throw httpError(409, 'this piece has an authenticity record and cannot be deleted');
  if (product.holdUntil !== undefined && product.holdUntil > now) {
    throw httpError(409, 'a shopper is checking out this piece right now. please try again later.');
  }
  const later = await deleteProduct({
    product,
    childKeys: [...images.map(keyOfImage), ...videos.map(keyOfVideo)],
    admin: event.admin,
    now,
    before: { product, pictures: images.length, videos: videos.length },
    also: product.cardNumber ? [noRecordItem(product.cardNumber)] : [],
  });
  await deleteKeys(later);
  await removeFiles([...images, ...videos].map((m) => m.url));
  return { status: 200 as const };
});
