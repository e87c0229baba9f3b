import type { GUIDE_GENDERS, GUIDE_TYPES } from '#shared/contracts/catalog-admin-sizes.ts';
import type { AdminAnswer, AdminBody, FormText } from '../../../lib/api-types.ts';
import { adminDelete, adminGet, adminPatch, adminPost, formBody } from '../api.ts';
import { PAGE_SIZE } from '../paged.ts';

/** The size screens' calls and answers (functions/catalog/admin/sizes, size-guides). */

export type Size = AdminAnswer<'/size'>['size'];
export type SizeGuide = AdminAnswer<'/size-guide'>['guide'];
export type ImageField = AdminBody<'/upload-sg-img'>['type'];
export type GuideType = (typeof GUIDE_TYPES)[number];
export type GuideGender = (typeof GUIDE_GENDERS)[number];

/** What the size form sends: the fields of POST /sizes (PATCH adds the id), its numbers as typed. */
export type SizeFields = FormText<AdminBody<'/sizes'>>;
/** What the guide form sends: the fields of POST /size-guide but the size (PATCH adds the id). */
export type GuideFields = Omit<FormText<AdminBody<'/size-guide'>>, 'sizeId'>;

/** Every query of these screens starts with this, so one invalidation refreshes them all. */
export const sizesKey = (...rest: unknown[]) => ['admin', 'sizes', ...rest];

export const sizesApi = {
  typeList: () => adminGet('/typelist'),
  sizes: (offset: number, typeId?: string) =>
    adminGet('/sizes', {
      offset,
      pageSize: PAGE_SIZE,
      typeId: typeId || undefined,
    }),
  size: (id: string) => adminGet('/size', { id }),
  createSize: (fields: SizeFields) => adminPost('/sizes', formBody<AdminBody<'/sizes'>>(fields)),
  updateSize: (id: string, fields: SizeFields) =>
    adminPatch('/sizes', formBody<AdminBody<'/sizes', 'patch'>>({ id, ...fields })),
  deleteSize: (id: string) => adminDelete('/sizes', { id }),
  guides: (sizeId: string, offset: number) =>
    adminGet('/size-guides', {
      sizeId,
      offset,
      pageSize: PAGE_SIZE,
    }),
  guide: (id: string, sizeId: string) => adminGet('/size-guide', { id, sizeId }),
  createGuide: (sizeId: string, fields: GuideFields) =>
    adminPost('/size-guide', formBody<AdminBody<'/size-guide'>>({ sizeId, ...fields })),
  updateGuide: (id: string, sizeId: string, fields: GuideFields) =>
    adminPatch('/size-guide', formBody<AdminBody<'/size-guide', 'patch'>>({ id, sizeId, ...fields })),
  deleteGuide: (id: string, sizeId: string) =>
    adminDelete('/size-guide', {
      id,
      sizeId,
    }),
  uploadImage: (id: string, sizeId: string, type: ImageField, url: string) =>
    adminPost('/upload-sg-img', {
      id,
      sizeId,
      type,
      url,
    }),
  deleteImage: (id: string, sizeId: string, type: ImageField) =>
    adminDelete('/sg-img', {
      id,
      sizeId,
      type,
    }),
};
