import { queryOptions } from '@tanstack/react-query';
import { groupCardNumber } from '#shared/card-number.ts';
import { having } from '../../../lib/api.ts';
import type { AdminAnswer } from '../../../lib/api-types.ts';
import { adminGet, adminPost } from '../api.ts';
import { PAGE_SIZE } from '../paged.ts';

/** GET /products (POST /products/search when searched): a page of the list, or (with `id`) one product's detail. */
type ProductsAnswer = AdminAnswer<'/products'>;
export type ProductsPage = Extract<ProductsAnswer, { list: unknown }>;
export type ProductDetail = Extract<ProductsAnswer, { product: unknown }>;
export type AdminProduct = ProductsPage['list'][number];
export type AuthRecordView = NonNullable<ProductDetail['authRecord']>;
export type AdminImage = AdminAnswer<'/admin-images'>['imgs'][number];

export const STATUS_NAMES: Record<number, string> = { 1: 'available', 0: 'sold' };

export const productsQuery = (offset: number, searchInfo: string) =>
  queryOptions({
    queryKey: ['admin', 'products', offset, searchInfo],
    queryFn: () =>
      searchInfo
        ? adminPost('/products/search', { offset, pageSize: PAGE_SIZE, searchInfo })
        : adminGet('/products', { offset, pageSize: PAGE_SIZE }).then(having('list')),
  });

export const productQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'product', id],
    // With `id` the answer is the one product's detail (the contract's union's other half).
    queryFn: () => adminGet('/products', { id }).then(having('product')),
  });

export const imagesQuery = (id: string, type: number) =>
  queryOptions({
    queryKey: ['admin', 'images', id, type],
    queryFn: async () => (await adminGet('/admin-images', { id, type })).imgs,
  });

export const videosQuery = (pid: string) =>
  queryOptions({
    queryKey: ['admin', 'videos', pid],
    queryFn: async () => (await adminGet('/get-video-by-pid', { pid })).vids,
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
    queryFn: async () => (await adminGet('/sizelist-by-tid', { tid })).sizes,
  });

/** Card numbers in groups of 4 (001 §9; shared/card-number.ts). */
export function groupsOf4(card: string | undefined): string {
  return groupCardNumber(card ?? '');
}
