import { queryOptions } from '@tanstack/react-query';
import { having } from '../../../lib/api.ts';
import type { AdminAnswer } from '../../../lib/api-types.ts';
import { adminGet } from '../api.ts';

/** The collection screens' calls and answers (functions/catalog/admin: collections, shipping, videos). */

/** A collection with every field, as the edit form reads and saves it. */
export type AdminType = AdminAnswer<'/type-admin'>['type'];
export type TypeRow = AdminAnswer<'/types'>['list'][number];
/** The whole price table of GET /shipping-price-one (asked without a country). */
export type ShippingTable = Extract<AdminAnswer<'/shipping-price-one'>, { shippingArr: unknown }>;
export type CountryPrice = ShippingTable['shippingArr'][number];
export type TypeVideo = AdminAnswer<'/get-type-video'>['videos'][number];

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
    queryFn: () => adminGet('/shipping-price-one', { typeId }).then(having('shippingArr')),
  });

export const typeVideosQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'type-videos', id],
    queryFn: () => adminGet('/get-type-video', { id }),
  });
