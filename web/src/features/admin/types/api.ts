import { queryOptions } from '@tanstack/react-query';
import type { InfoTitle } from '#shared/constants.ts';
import { adminGet, type Page } from '../api.ts';

/** The collection screens' calls and answers (functions/admin/types, shipping, videos). */

export interface AdminType extends Partial<Record<InfoTitle, string>> {
  id: string;
  name: string;
  label?: string;
  gender: 0 | 1 | 2;
  areaAmount: number;
  singlecollection: boolean;
  issoldout: boolean;
  preSale: boolean;
  preSaleText?: string;
  discount: boolean;
  discountCode?: string;
  discountAmount?: number;
  authPortalText?: string;
  womenImages: string[];
  menImages: string[];
  shippingPrices: Record<string, number>;
  createdAt: string;
}

export interface TypeRow {
  id: string;
  name: string;
  label?: string;
  gender: 0 | 1 | 2;
  singlecollection: boolean;
  issoldout: boolean;
  preSale: boolean;
  discount: boolean;
  womenImageCount: number;
  menImageCount: number;
  cover?: string;
  createdAt: string;
}

export const GENDER_NAMES: Record<number, string> = { 0: 'women', 1: 'men', 2: 'women and men' };

export const typeQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'type', id],
    queryFn: async () => (await adminGet<{ type: AdminType }>('/type-admin', { id })).type,
  });

export const typesPageQuery = (offset: number, pageSize: number) =>
  queryOptions({
    queryKey: ['admin', 'types', offset, pageSize],
    queryFn: () => adminGet<Page<TypeRow>>('/types', { offset, pageSize }),
  });

export interface CountryPrice {
  countryId: string;
  country: string;
  price: number | null;
}

export const shippingQuery = (typeId: string) =>
  queryOptions({
    queryKey: ['admin', 'shipping', typeId],
    queryFn: () =>
      adminGet<{ typeId: string; name: string; shippingArr: CountryPrice[] }>('/shipping-price-one', {
        typeId,
      }),
  });

export interface TypeVideo {
  gender: 0 | 1 | 2;
  url: string;
  src: string;
}

export const typeVideosQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'type-videos', id],
    queryFn: () =>
      adminGet<{ owner: { id: string; name: string; pillar: boolean }; videos: TypeVideo[] }>(
        '/get-type-video',
        {
          id,
        },
      ),
  });
