import { randomUUID } from 'node:crypto';
import { httpError, notFound } from '#platform/http-error.ts';
import { verifyUpload } from '#platform/uploads.ts';
import { IMAGE_TYPE } from '#shared/constants.ts';
import { uploadProductImageContract } from '#shared/contracts/catalog-admin-media.ts';
import { defineAdminHandler } from '#staff/index.ts';
import {
  imageEntity,
  imagesOfType,
  MAX_PICTURES_PER_SET,
  ownerMedia,
  writeImageSet,
} from '../../entities/image.ts';
import { adminImages } from './views.ts';

/**
 * POST /upload-product-img { id, url } → { status: 200, img, imgs }: makes an uploaded picture
 * the product's main picture (see get-product-image.ts): it goes before the others, which keep
 * their order.
 */
export const handler = defineAdminHandler(uploadProductImageContract, async ({ body }, event) => {
  const media = await ownerMedia('product', body.id);
  if (!media.owner) throw notFound('product');
  const existing = imagesOfType(media, IMAGE_TYPE.product);
  if (existing.length + 1 > MAX_PICTURES_PER_SET) {
    throw httpError(400, `a picture set holds at most ${MAX_PICTURES_PER_SET} pictures`);
  }
  const file = await verifyUpload(body.url, ['image']);
  const first = existing[0]?.index ?? 1;
  // In front of the first picture; when there is no room below it, everything moves up one.
  const shift = first > 0 ? 0 : 1;
  const main = imageEntity({
    id: randomUUID(),
    ownerId: body.id,
    type: IMAGE_TYPE.product,
    index: shift ? 0 : first - 1,
    url: file.url,
  });
  const desired = [main, ...existing.map((i) => ({ ...i, index: i.index + shift }))];
  await writeImageSet({
    kind: 'product',
    ownerId: body.id,
    existing,
    desired,
    extra: [file.consume],
    change: {
      admin: event.admin,
      action: 'upload',
      entity: 'product image',
      entityId: body.id,
      after: main,
    },
  });
  const imgs = await adminImages(desired);
  return { status: 200 as const, img: imgs[0] ?? null, imgs };
});
