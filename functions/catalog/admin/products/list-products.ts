import { adminAuthRecord, readAuthRecord } from '#authenticity/index.ts';
import { notFound } from '#platform/http-error.ts';
import { IMAGE_TYPE } from '#shared/constants.ts';
import { listProductsContract, type productDetailSchema } from '#shared/contracts/catalog-admin-products.ts';
import type * as z from '#shared/zod.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { getCollection } from '../../entities/collection.ts';
import { ownerMedia } from '../../entities/image.ts';
import { adminImages } from '../media/views.ts';
import { productsPage } from './products-page.ts';
import { adminProduct } from './views.ts';

/**
 * GET /products?offset&pageSize&searchInfo → { status: 200, pageCount, total, list }: products
 * newest first, 10 a page, searched by name, card number or collection name.
 * GET /products?id → { status: 200, product, type, authRecord, main, counts }: one product for
 * the admin's detail and edit screens (the storefront's GET /products/{id} shows shoppers only
 * what they may see).
 */
export const handler = defineAdminHandler(listProductsContract, ({ query }) =>
  query.id ? productDetail(query.id) : productsPage(query),
);

async function productDetail(id: string): Promise<z.input<typeof productDetailSchema>> {
  const media = await ownerMedia('product', id);
  const product = media.owner?.kind === 'product' ? media.owner : undefined;
  if (!product) throw notFound('product');
  const [type, record] = await Promise.all([
    product.typeId ? getCollection(product.typeId) : undefined,
    product.cardNumber ? readAuthRecord(product.cardNumber) : undefined,
  ]);
  const pictures = media.images.filter((i) => i.type === IMAGE_TYPE.product);
  const [main] = await adminImages(pictures.slice(0, 1));
  return {
    status: 200 as const,
    product: adminProduct(product),
    type: type
      ? {
          id: type.id,
          name: type.name,
          gender: type.gender,
          areaAmount: type.areaAmount,
          singlecollection: type.singlecollection,
        }
      : null,
    authRecord: record && record.pid === product.id ? adminAuthRecord(record) : null,
    main: main ?? null,
    counts: {
      pictures: pictures.length,
      authenticity: media.images.filter((i) => i.type === IMAGE_TYPE.authenticity).length,
      videos: media.videos.length,
    },
  };
}
