import { queryOptions } from '@tanstack/react-query';
import type { PUBLIC_IMAGE_TYPES } from '#shared/constants.ts';
import type { GENDER, Gender } from '#shared/vocabulary.ts';
import { apiGet, apiGetUrl } from '../../lib/api.ts';
import type { PublicAnswer } from '../../lib/api-types.ts';
import { QUIET_FAILURE, retryThrottledOnly } from '../../lib/throttled.ts';
import { imagesRead, productRead, typeRead, typesRead } from './first-screen.ts';

/** A collection as the API's document describes GET /type's answer. */
export type CatalogCollection = PublicAnswer<'/type'>['type'];

/** A shopper browses the women's or the men's list; unisex collections show in both. */
export type ListGender = Exclude<Gender, typeof GENDER.unisex>;

/** 000 §4: the type list is cached per gender after the first load. */
export const typesQuery = (gender: ListGender) =>
  queryOptions({
    queryKey: ['types', gender],
    queryFn: () => apiGetUrl(typesRead(gender)).then((r) => r.types),
    staleTime: Number.POSITIVE_INFINITY,
    retry: retryThrottledOnly,
    // 000 §8: the page swallows a failure; the busy notice speaks for it (components/busy-notice.tsx).
    meta: QUIET_FAILURE,
  });

/** The products of a collection, for one gender when given (cached per gender, 000 §4). */
export const singleProductsQuery = (typeId: string, gender?: Gender) =>
  queryOptions({
    queryKey: ['single-products', typeId, gender ?? 'all'],
    queryFn: () => apiGet('/has-single-product', { id: typeId, gender }).then((r) => r.products),
    staleTime: 60_000,
  });

export const typeQuery = (typeId: string) =>
  queryOptions({
    queryKey: ['type', typeId],
    queryFn: () => apiGetUrl(typeRead(typeId)).then((r) => r.type),
  });

export const sizesQuery = (typeId: string) =>
  queryOptions({
    queryKey: ['has-sizes', typeId],
    queryFn: () => apiGet('/has-sizes', { id: typeId }).then((r) => r.sizes ?? []),
  });

/** Availability matters on a product page: asked fresh on every visit. */
export const productQuery = (productId: string) =>
  queryOptions({
    queryKey: ['product', productId],
    queryFn: () => apiGetUrl(productRead(productId)).then((list) => list[0] ?? null),
    staleTime: 0,
  });

/** The picture types a shopper sees (001 §3 Image): all but the authenticity photos (2). */
export type PublicImageType = (typeof PUBLIC_IMAGE_TYPES)[number];

export const imagesQuery = (id: string, type: PublicImageType) =>
  queryOptions({
    queryKey: ['imgs', id, type],
    queryFn: () => apiGetUrl(imagesRead(id, type)).then((r) => r.imgs ?? []),
  });

/** The name a shopper sees for a collection: its label, or its name. */
export function collectionTitle(type: Pick<CatalogCollection, 'label' | 'name'>): string {
  return type.label?.trim() ? type.label : type.name;
}
