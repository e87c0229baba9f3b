import { queryOptions } from '@tanstack/react-query';
import type {
  getTypeAdminContract,
  getTypeVideoContract,
  listTypesContract,
  shippingPriceOneContract,
} from '#shared/contracts/catalog-admin.ts';
import type { Answer } from '#shared/contracts/contract.ts';
import { adminGet } from '../api.ts';

/** The collection screens' calls and answers (functions/catalog/admin: collections, shipping, videos). */

/** A collection with every field, as the edit form reads and saves it. */
export type AdminType = Answer<typeof getTypeAdminContract>['type'];
export type TypeRow = Answer<typeof listTypesContract>['list'][number];
/** The whole price table of GET /shipping-price-one (asked without a country). */
export type ShippingTable = Extract<Answer<typeof shippingPriceOneContract>, { shippingArr: unknown }>;
export type CountryPrice = ShippingTable['shippingArr'][number];
export type TypeVideo = Answer<typeof getTypeVideoContract>['videos'][number];

export const typeQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'type', id],
    queryFn: async () => (await adminGet('/type-admin', { id })).type,
  });

export const typesPageQuery = (offset: number, pageSize: number) =>
  queryOptions({
    queryKey: ['admin', 'types', offset, pageSize],
    queryFn: () => adminGet('/types', { offset, pageSize }),
  });

export const shippingQuery = (typeId: string) =>
  queryOptions({
    queryKey: ['admin', 'shipping', typeId],
    queryFn: () => adminGet('/shipping-price-one', { typeId }),
  });

export const typeVideosQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'type-videos', id],
    queryFn: () => adminGet('/get-type-video', { id }),
  });
