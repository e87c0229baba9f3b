import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../lib/api.ts';

/** What the catalog screens read from the API (functions/domain/public-views.ts). */
export interface CatalogType {
  id: string;
  name: string;
  label?: string;
  gender: 0 | 1 | 2;
  areaAmount: number;
  singlecollection: boolean;
  issoldout: boolean;
  preSale: boolean;
  preSaleText?: string;
  menproductimage?: string;
  womenproductimage?: string;
}

export interface ProductSummary {
  id: string;
  typeId: string;
  name?: string;
  gender: 0 | 1 | 2;
  sold?: boolean;
}

export interface Product {
  id: string;
  typeId: string;
  typeName?: string;
  name?: string;
  gender: 0 | 1 | 2;
  size?: string;
  sizeId?: string;
  colors?: string[];
  priceUs: number;
  singleproduct?: boolean;
  sold: boolean;
}

export interface Size {
  sizeId: string;
  size: string;
  womenMeaning?: string;
  menMeaning?: string;
}

export interface StoredImage {
  id: string;
  url: string;
  index: number;
}

/** 000 §4: the type list is cached per gender after the first load. */
export const typesQuery = (gender: 0 | 1) =>
  queryOptions({
    queryKey: ['types', gender],
    queryFn: () => apiGet<{ types: CatalogType[] }>('/getTypeByGender', { gender }).then((r) => r.types),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

/** The products of a collection, for one gender when given (cached per gender, 000 §4). */
export const singleProductsQuery = (typeId: string, gender?: number) =>
  queryOptions({
    queryKey: ['single-products', typeId, gender ?? 'all'],
    queryFn: () =>
      apiGet<{ products: ProductSummary[] }>('/has-single-product', { id: typeId, gender }).then(
        (r) => r.products,
      ),
    staleTime: 60_000,
  });

export const typeQuery = (typeId: string) =>
  queryOptions({
    queryKey: ['type', typeId],
    queryFn: () => apiGet<{ type: CatalogType }>('/type', { id: typeId }).then((r) => r.type),
  });

export const sizesQuery = (typeId: string) =>
  queryOptions({
    queryKey: ['has-sizes', typeId],
    queryFn: () => apiGet<{ sizes: Size[] }>('/has-sizes', { id: typeId }).then((r) => r.sizes ?? []),
  });

/** Availability matters on a product page: asked fresh on every visit. */
export const productQuery = (productId: string) =>
  queryOptions({
    queryKey: ['product', productId],
    queryFn: () =>
      apiGet<Product[]>(`/products/${encodeURIComponent(productId)}`).then((list) => list[0] ?? null),
    staleTime: 0,
  });

export const imagesQuery = (id: string, type: 1 | 3) =>
  queryOptions({
    queryKey: ['imgs', id, type],
    queryFn: () =>
      apiGet<{ imgs: StoredImage[] }>('/get-imgs-by-pid', { id, type }).then((r) => r.imgs ?? []),
  });

/**
 * A type's gallery text (000 §3): a JSON array of image paths; the literal 'undefined' counts
 * as empty, and unparsable text gives an empty gallery.
 */
export function parseGallery(text: string | undefined | null): string[] {
  if (!text || text === 'undefined') return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v !== '') : [];
  } catch {
    return [];
  }
}

/** The name a shopper sees for a collection: its label, or its name. */
export function typeTitle(type: Pick<CatalogType, 'label' | 'name'>): string {
  return type.label?.trim() ? type.label : type.name;
}
