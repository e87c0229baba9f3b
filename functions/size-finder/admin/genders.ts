import type { TypeEntity } from '#catalog/index.ts';
import { badRequest } from '#platform/http-error.ts';
import type { Gender } from '#shared/constants.ts';

export const GENDER_NAMES: Record<Gender, string> = { 0: 'women', 1: 'men', 2: 'women and men' };

/**
 * Shoppers reach a size finder from the women's or the men's list (000 §2), so a finder is for
 * women or men: a women's or men's collection has its own gender's, a unisex one either.
 */
export function assertFinderGender(type: TypeEntity, gender: Gender): void {
  const allowed: Gender[] = type.gender === 2 ? [0, 1] : [type.gender];
  if (!allowed.includes(gender)) {
    throw badRequest(
      `gender: this collection is for ${GENDER_NAMES[type.gender]}, so its size finder is for ${GENDER_NAMES[type.gender]} (${type.gender})`,
    );
  }
}
