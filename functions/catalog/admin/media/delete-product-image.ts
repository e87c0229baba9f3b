import { httpError, notFound } from '#platform/http-error.ts';
import { IMAGE_TYPE } from '#shared/constants.ts';
import { deleteProductImageContract } from '#shared/contracts/catalog-admin-media.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { imagesOfType, ownerMedia, writeImageSet } from '../../entities/image.ts';
import { deleteInput } from './delete-input.ts';
import { removeFile } from './files.ts';

/**
 * DELETE /product-img { id: productId, imageId } → { status: 200 }: removes the product's main
 * picture (see get-product-image.ts); the next picture becomes the main one. `imageId` must be
 * the current main picture, so a stale page cannot delete another one (409).
 */
export const handler = defineAdminHandler(deleteProductImageContract, async (_input, event) => {
  const body = deleteInput(event, deleteProductImageContract.bodyOrQuery);
  const media = await ownerMedia('product', body.id);
  if (!media.owner) throw notFound('product');
  const existing = imagesOfType(media, IMAGE_TYPE.product);
  const main = existing[0];
  if (!main) throw notFound('product image');
  if (main.id !== body.imageId) {
    throw httpError(409, 'the main picture changed meanwhile. please reload and try again.');
  }
  await writeImageSet({
    kind: 'product',
    ownerId: body.id,
    existing,
    desired: existing.slice(1),
    change: {
      admin: event.admin,
      action: 'delete',
      entity: 'product image',
      entityId: body.id,
      before: main,
    },
  });
  await removeFile(main.url);
  return { status: 200 as const };
});
