import { queryOptions } from '@tanstack/react-query';
import { adminGet, type Page } from '../api.ts';

/** The product screens' calls and answers (functions/admin/products, media, videos). */
export const PAGE_SIZE = 10;

export interface AdminProduct {
  id: string;
  name: string;
  typeId: string;
  typeName: string;
  gender: 0 | 1 | 2;
  size?: string;
  sizeId?: string;
  colors: string[];
  status: 0 | 1;
  priceUs: number;
  priceCanada?: number;
  cardNumber?: string;
  removeShipmentCharge: boolean;
  singleproduct: boolean;
  soldOnOtherPlatform: boolean;
  createdAt: string;
  heldUntil?: number;
  soldOrder?: string;
  soldAt?: string;
}

export interface AdminImage {
  id: string;
  url: string;
  src: string;
  type: number;
  index: number;
}

export interface AdminVideo {
  id: string;
  url: string;
  src: string;
  index: number;
}

export interface AuthRecordView {
  cardNumber: string;
  pid: string;
  name: string;
  email: string;
  hasPassword: boolean;
  credentialVersion: number;
  createdAt: string;
  transferDateTime?: string;
}

export interface ProductDetail {
  product: AdminProduct;
  type: { id: string; name: string; gender: 0 | 1 | 2; areaAmount: number; singlecollection: boolean } | null;
  authRecord: AuthRecordView | null;
  main: AdminImage | null;
  counts: { pictures: number; authenticity: number; videos: number };
}

export const GENDER_NAMES: Record<number, string> = { 0: 'women', 1: 'men', 2: 'women and men' };
export const STATUS_NAMES: Record<number, string> = { 1: 'available', 0: 'sold' };

export const productsQuery = (offset: number, searchInfo: string) =>
  queryOptions({
    queryKey: ['admin', 'products', offset, searchInfo],
    queryFn: () =>
      adminGet<Page<AdminProduct>>('/products', {
        offset,
        pageSize: PAGE_SIZE,
        ...(searchInfo ? { searchInfo } : {}),
      }),
  });

export const productQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'product', id],
    queryFn: () => adminGet<ProductDetail>('/products', { id }),
  });

export const imagesQuery = (id: string, type: number) =>
  queryOptions({
    queryKey: ['admin', 'images', id, type],
    queryFn: async () => (await adminGet<{ imgs: AdminImage[] }>('/admin-images', { id, type })).imgs,
  });

export const videosQuery = (pid: string) =>
  queryOptions({
    queryKey: ['admin', 'videos', pid],
    queryFn: async () => (await adminGet<{ vids: AdminVideo[] }>('/get-video-by-pid', { pid })).vids,
  });

/** Collections for the product form's select (GET /typelist: `{ types: [{ val, text }] }`). */
export const typeListQuery = () =>
  queryOptions({
    queryKey: ['admin', 'typelist'],
    queryFn: async () => (await adminGet<{ types: { val: string; text: string }[] }>('/typelist')).types,
  });

/** What the form needs of the chosen collection: its colour areas, single-collection flag, gender. */
export const collectionQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'collection-shape', id],
    queryFn: async () =>
      (
        await adminGet<{
          type: {
            id: string;
            name: string;
            areaAmount: number;
            singlecollection: boolean;
            gender: 0 | 1 | 2;
          };
        }>('/type', { id })
      ).type,
  });

export const sizesQuery = (tid: string) =>
  queryOptions({
    queryKey: ['admin', 'sizelist', tid],
    queryFn: async () =>
      (
        await adminGet<{ sizes: { val: string; text: string; gender?: number }[] }>('/sizelist-by-tid', {
          tid,
        })
      ).sizes,
  });

/** Card numbers in groups of 4 (001 §9). */
export function groupsOf4(card: string | undefined): string {
  return (card ?? '').replace(/(.{4})(?=.)/g, '$1 ');
}
