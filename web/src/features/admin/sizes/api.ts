import { adminDelete, adminGet, adminPatch, adminPost, type Page } from '../api.ts';

/** The size screens' calls and answers (functions/admin/sizes, functions/admin/size-guides). */

export const PAGE_SIZE = 10;

export interface Size {
  id: string;
  typeId: string;
  typeName?: string;
  name: string;
  gender: 0 | 1 | 2;
  index: number;
  description?: string;
  menDescription?: string;
}

export interface SizeGuide {
  id: string;
  sizeId: string;
  name: string;
  index: number;
  type: number;
  gender: 0 | 1;
  fromCm?: string;
  toCm?: string;
  fromInches?: string;
  toInches?: string;
  description?: string;
  imageUrl?: string;
  largeImgUrl?: string;
}

export type ImageField = 'imageUrl' | 'largeImgUrl';

export interface SizeFields {
  typeId: string;
  name: string;
  gender: number;
  index: string;
  description: string;
  menDescription: string;
}

export interface GuideFields {
  name: string;
  index: string;
  type: number;
  gender: number;
  fromCm: string;
  toCm: string;
  fromInches: string;
  toInches: string;
  description: string;
}

/** Every query of these screens starts with this, so one invalidation refreshes them all. */
export const sizesKey = (...rest: unknown[]) => ['admin', 'sizes', ...rest];

export const sizesApi = {
  typeList: () => adminGet<{ types: { val: string; text: string }[] }>('/typelist'),
  sizes: (offset: number, typeId?: string) =>
    adminGet<Page<Size>>('/sizes', { offset, pageSize: PAGE_SIZE, typeId: typeId || undefined }),
  size: (id: string) => adminGet<{ size: Size }>('/size', { id }),
  createSize: (fields: SizeFields) => adminPost<{ size: Size }>('/sizes', fields),
  updateSize: (id: string, fields: SizeFields) => adminPatch<{ size: Size }>('/sizes', { id, ...fields }),
  deleteSize: (id: string) => adminDelete('/sizes', { id }),
  guides: (sizeId: string, offset: number) =>
    adminGet<Page<SizeGuide> & { size: Size }>('/size-guides', { sizeId, offset, pageSize: PAGE_SIZE }),
  guide: (id: string, sizeId: string) => adminGet<{ guide: SizeGuide }>('/size-guide', { id, sizeId }),
  createGuide: (sizeId: string, fields: GuideFields) =>
    adminPost<{ guide: SizeGuide }>('/size-guide', { sizeId, ...fields }),
  updateGuide: (id: string, sizeId: string, fields: GuideFields) =>
    adminPatch<{ guide: SizeGuide }>('/size-guide', { id, sizeId, ...fields }),
  deleteGuide: (id: string, sizeId: string) => adminDelete('/size-guide', { id, sizeId }),
  uploadImage: (id: string, sizeId: string, type: ImageField, url: string) =>
    adminPost<{ guide: SizeGuide }>('/upload-sg-img', { id, sizeId, type, url }),
  deleteImage: (id: string, sizeId: string, type: ImageField) => adminDelete('/sg-img', { id, sizeId, type }),
};
