import { filmChoiceSchema, filmSlotSchema, filmTitleSchema, publicFilmSchema } from '#shared/films.ts';
import * as z from '#shared/zod.ts';
import type { Contract } from './contract.ts';

/** The films of the content pages (shared/films.ts): read by every visitor, set by staff. */

/** GET /films → every slot that has a film, in one answer (a slot not listed has none yet). */
export const getFilmsContract = {
  response: z.object({ status: z.literal(200), films: z.array(publicFilmSchema) }),
} satisfies Contract;

/** POST /films { slot, title, film }: puts the slot's film, replacing the one it had (admin). */
export const setFilmInput = z.object({
  slot: filmSlotSchema,
  title: filmTitleSchema,
  film: filmChoiceSchema,
});
export const setFilmContract = {
  body: setFilmInput,
  response: z.object({ status: z.literal(200), film: publicFilmSchema }),
} satisfies Contract;

/** DELETE /films { slot } (body or query): the slot is empty again (admin). */
export const clearFilmInput = z.object({ slot: filmSlotSchema });
export const clearFilmContract = { response: z.object({ status: z.literal(200) }) } satisfies Contract;
