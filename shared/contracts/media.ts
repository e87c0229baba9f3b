import { pictureSetKeyOf } from '#shared/media.ts';
import * as z from '#shared/zod.ts';
import type { Contract } from './contract.ts';

/** The picture sets (functions/media/): what staff may ask of them. */

export const PICTURE_SET_URL_MESSAGE =
  'please give the stored url of a picture that gets a picture set (s3/collection_images/… or s3/authenticity/…, a JPEG, PNG, WebP or GIF)';

/**
 * GET /picture-set?url (added): whether a stored picture's responsive set has been made yet
 * (`ready`: its last variant exists), and, while it has not, whether the picture itself is
 * stored yet (`stored`; a ready set means it is: a set whose picture was deleted is removed).
 * The admin shows a fresh upload as "processing" until `ready`, and never asks for a variant
 * before, so no page logs a 404 for one.
 */
export const pictureSetContract = {
  query: z.object({
    url: z
      .string({ error: PICTURE_SET_URL_MESSAGE })
      .check(z.refine((url) => pictureSetKeyOf(url) !== undefined, { error: PICTURE_SET_URL_MESSAGE })),
  }),
  response: z.object({ status: z.literal(200), ready: z.boolean(), stored: z.boolean() }),
} satisfies Contract;
