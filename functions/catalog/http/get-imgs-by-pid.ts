import { defineHandler } from '#platform/handler.ts';
import { notFound } from '#platform/http-error.ts';
import { PRODUCT_IMAGE_TYPES } from '#shared/constants.ts';
import { getImgsByPidContract } from '#shared/contracts/catalog.ts';
import { getCollectionImages } from '../entities/image.ts';
import { getProductCollection } from '../entities/product.ts';
import { publicImage } from '../rules/public-views.ts';

/**
 * GET /get-imgs-by-pid?id&type[&gender&usrType]: product pictures (type 1, id = product) or a
 * collection's dimension, detail and gallery pictures (types 3–6, id = collection).
 * Authenticity photos (type 2) are never served here.
 */
export const handler = defineHandler(getImgsByPidContract, async ({ query }) => {
  const ofProduct = PRODUCT_IMAGE_TYPES.includes(query.type);
  const { owner, images } = ofProduct
    ? await getProductCollection(query.id).then((c) => ({ owner: c.product, images: c.images }))
    : await getCollectionImages(query.id).then((c) => ({ owner: c.type, images: c.images }));
  if (!owner) throw notFound(ofProduct ? 'product' : 'collection');
  const imgs = images.filter((i) => i.type === query.type).sort((a, b) => a.index - b.index);
  return { status: 200 as const, imgs: imgs.map(publicImage) };
});
