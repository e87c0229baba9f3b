import { httpError, notFound } from '#platform/http-error.ts';
import { ADMIN_LIMITS, ADMIN_MESSAGES } from '#shared/admin.ts';
import type { OwnerKind } from '../../entities/image.ts';

/**
 * The checks the picture calls share beyond their schemas
 * (shared/contracts/catalog-admin-media.ts).
 */

/** 001 §5: at most 10 files per picker, "please select no more than 10 pictures". */
export function checkPickerSize(urls: string[], tooMany: string = ADMIN_MESSAGES.tooManyPictures): void {
  if (urls.length > ADMIN_LIMITS.picturesPerPicker) throw httpError(400, tooMany);
  if (new Set(urls).size !== urls.length) throw httpError(400, 'the same file is listed twice');
}

export const ownerNotFound = (kind: OwnerKind) => notFound(kind === 'product' ? 'product' : 'collection');
