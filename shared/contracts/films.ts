import { FILM_PROVIDER_IDS, FILM_PROVIDERS, type FilmProvider } from '#shared/film-providers.ts';
import {
  FILM_MESSAGES,
  FILM_SLOT_IDS,
  filmOfUrl,
  MEANING_MESSAGE,
  POSTER_URL,
  VIDEO_URL,
} from '#shared/films.ts';
import { singleLine } from '#shared/schemas.ts';
import * as z from '#shared/zod.ts';
import type { Contract } from './contract.ts';

/** The films of the content pages (shared/films.ts): read by every visitor, set by staff. */

const text = (max: number, error: string) =>
  z.string({ error }).check(z.trim(), z.minLength(1, { error }), z.maxLength(max, { error }));

export const embedChoiceSchema = z
  .strictObject({
    source: z.literal('embed'),
    provider: z.enum(FILM_PROVIDER_IDS as [FilmProvider, ...FilmProvider[]], {
      error: FILM_MESSAGES.provider,
    }),
    id: text(40, FILM_MESSAGES.embedId),
  })
  .check(
    z.refine((v) => FILM_PROVIDERS[v.provider].idPattern.test(v.id), {
      error: FILM_MESSAGES.embedId,
      path: ['id'],
    }),
  );

export const uploadChoiceSchema = z.strictObject({
  source: z.literal('upload'),
  /** `s3/videos/…` from /upload-url (kind video). */
  video: text(300, FILM_MESSAGES.video).check(z.regex(VIDEO_URL, { error: FILM_MESSAGES.video })),
  /** `s3/collection_images/…` from /upload-url (kind image). */
  poster: text(300, FILM_MESSAGES.poster).check(z.regex(POSTER_URL, { error: FILM_MESSAGES.poster })),
});

/** What staff choose for a film: an embed (provider and its video id) or an upload with a poster. */
export const filmChoiceSchema = z.discriminatedUnion('source', [embedChoiceSchema, uploadChoiceSchema], {
  error: FILM_MESSAGES.source,
});
export type FilmChoice = z.output<typeof filmChoiceSchema>;

export const filmSlotSchema = z.enum(FILM_SLOT_IDS, { error: FILM_MESSAGES.slot });
export const filmTitleSchema = text(120, FILM_MESSAGES.title).check(singleLine('the title'));

/** A film as the pages read it. */
export const publicFilmSchema = z.discriminatedUnion('source', [
  z.object({
    slot: z.string(),
    title: z.string(),
    source: z.literal('embed'),
    provider: z.enum(FILM_PROVIDER_IDS as [FilmProvider, ...FilmProvider[]]),
    id: z.string(),
    /** The provider's player address, framed by the page. */
    embedUrl: z.string(),
  }),
  z.object({
    slot: z.string(),
    title: z.string(),
    source: z.literal('upload'),
    video: z.string(),
    poster: z.string(),
    /** Same-origin /media addresses and the video's type, for <video><source>. */
    src: z.string(),
    type: z.string(),
    posterSrc: z.string(),
  }),
]);
export type PublicFilm = z.output<typeof publicFilmSchema>;

/** What staff send for a size's meaning video: blank (none), an upload's stored url, or a player address. */
export const meaningUrlSchema = z.optional(
  z.string({ error: MEANING_MESSAGE }).check(
    z.trim(),
    z.maxLength(300, { error: MEANING_MESSAGE }),
    z.refine((v) => v === '' || filmOfUrl(v) !== undefined, { error: MEANING_MESSAGE }),
  ),
);

/** GET /films → every slot that has a film, in one answer (a slot not listed has none yet). */
export const getFilmsContract = {
  response: z.object({ status: z.literal(200), films: z.array(publicFilmSchema) }),
  cache: 'catalogue',
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
export const clearFilmContract = {
  bodyOrQuery: clearFilmInput,
  response: z.object({ status: z.literal(200) }),
} satisfies Contract;
