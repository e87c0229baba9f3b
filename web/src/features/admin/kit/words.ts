import { GENDER, GENDERS, type Gender } from '#shared/vocabulary.ts';
import type { Choice } from './fields.tsx';

/** The gender codes of the spec (shared/vocabulary.ts) in the words staff read. */
export const GENDER_NAMES: Record<Gender, string> = {
  [GENDER.women]: 'women',
  [GENDER.men]: 'men',
  [GENDER.unisex]: 'women and men',
};

/** Every gender code as a choice: women, men, women and men. */
export const GENDER_CHOICES: readonly Choice<Gender>[] = GENDERS.map(
  (code) => [code, GENDER_NAMES[code]] as const,
);

/** For what is women's or men's but never both (a size guide entry). */
export const ONE_GENDER_CHOICES = GENDER_CHOICES.filter(
  ([code]) => code !== GENDER.unisex,
) as readonly Choice<typeof GENDER.women | typeof GENDER.men>[];
