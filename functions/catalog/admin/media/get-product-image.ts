import { notFound } from '#platform/http-error.ts';
import { IMAGE_TYPE } from '#shared/constants.ts';
import { getProductImageContract } from '#shared/contracts/catalog-admin-media.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { imagesOfType, ownerMedia } from '../../entities/image.ts';
import { adminImages } from './views.ts';

/**
 * GET /product-image?id → { status: 200, img, imgs }. The spec names the product image calls
 * and the /ad-product-image page and says no more; here the product image is the piece's MAIN
 * picture: the first of its product pictures (type 1), which the storefront's product page
 * opens on. `img` is that picture (or null), `imgs` all of them in order (to pick another).
 */
export const handler = defineAdminHandler(getProductImageContract, async ({ query }) => {
  const media = await ownerMedia('product', query.id);
  if (!media.owner) throw notFound('product');
  const imgs = await adminImages(imagesOfType(media, IMAGE_TYPE.product));
  return { status: 200 as const, img: imgs[0] ?? null, imgs };
});
