import { queryOptions } from '@tanstack/react-query';
import { groupCardNumber } from '#shared/card-number.ts';
import type { getTypeContract } from '#shared/contracts/catalog.ts';
import type { sizelistByTidContract, typelistContract } from '#shared/contracts/catalog-admin.ts';
import type { adminImagesContract, getVideoByPidContract } from '#shared/contracts/catalog-admin-media.ts';
import type {
  listProductsContract,
  searchProductsContract,
} from '#shared/contracts/catalog-admin-products.ts';
import type { Answer, Body } from '#shared/contracts/contract.ts';
import { adminGet, adminPost } from '../api.ts';
import { PAGE_SIZE } from '../paged.ts';

/** GET /products (POST /products/search when searched): a page of the list, or (with `id`) one product's detail. */
type ProductsAnswer = Answer<typeof listProductsContract>;
export type ProductsPage = Extract<ProductsAnswer, { list: unknown }>;
export type ProductDetail = Extract<ProductsAnswer, { product: unknown }>;
export type AdminProduct = ProductsPage['list'][number];
export type AuthRecordView = NonNullable<ProductDetail['authRecord']>;
export type AdminImage = Answer<typeof adminImagesContract>['imgs'][number];

export const STATUS_NAMES: Record<number, string> = { 1: 'available', 0: 'sold' };

export const productsQuery = (offset: number, searchInfo: string) =>
  queryOptions({
    queryKey: ['admin', 'products', offset, searchInfo],
    queryFn: () =>
      searchInfo
        ? adminPost('/products/search', {
            offset,
            pageSize: PAGE_SIZE,
            searchInfo,
          } satisfies Body<typeof searchProductsContract>)
        : adminGet('/products', { offset, pageSize: PAGE_SIZE }),
  });

export const productQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'product', id],
    queryFn: () => adminGet('/products', { id }),
  });

export const imagesQuery = (id: string, type: number) =>
  queryOptions({
    queryKey: ['admin', 'images', id, type],
    queryFn: async () =>
      (await adminGet('/admin-images', { id, type })).imgs,
  });

export const videosQuery = (pid: string) =>
  queryOptions({
    queryKey: ['admin', 'videos', pid],
    queryFn: async () =>
      (await adminGet('/get-video-by-pid', { pid })).vids,
  });

/** Collections for the product form's select (GET /typelist: `{ types: [{ val, text }] }`). */
export const typeListQuery = () =>
  queryOptions({
    queryKey: ['admin', 'typelist'],
    queryFn: async () => (await adminGet('/typelist')).types,
  });

/** What the form needs of the chosen collection: its colour areas, single-collection flag, gender. */
export const collectionQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'collection-shape', id],
    queryFn: async () => (await adminGet('/type', { id })).type,
  });

export const sizesQuery = (tid: string) =>
  queryOptions({
    queryKey: ['admin', 'sizelist', tid],
    queryFn: async () =>
      (await adminGet('/sizelist-by-tid', { tid })).sizes,
  });

/** Card numbers in groups of 4 (001 §9; shared/card-number.ts). */
export function groupsOf4(card: string | undefined): string {
  return groupCardNumber(card ?? '');
}
