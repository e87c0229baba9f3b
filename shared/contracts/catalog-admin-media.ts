import { ADMIN_MESSAGES, uploadRequestSchema } from '#shared/admin.ts';
import { idSchema } from '#shared/schemas.ts';
import * as z from '#shared/zod.ts';
import { okSchema } from './catalog-admin.ts';
import type { Contract } from './contract.ts';

/**
 * The staff's picture and video calls: uploads (/upload-url), the picture sets of products
 * (types 1, 2) and collections (3–6), a product's main picture and its videos.
 */

export const PICTURE_TYPE_MESSAGE = 'please choose a picture type (1 to 6)';

/** 001 §3 Image type: 1 product, 2 authenticity, 3 dimension, 4 men details, 5 women details, 6 gallery. */
export const pictureTypeSchema = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
  z
    .number({ error: PICTURE_TYPE_MESSAGE })
    .check(
      z.int({ error: PICTURE_TYPE_MESSAGE }),
      z.gte(1, { error: PICTURE_TYPE_MESSAGE }),
      z.lte(6, { error: PICTURE_TYPE_MESSAGE }),
    ),
);

/** A stored url handed back by /upload-url (`s3/<key>`). */
export const storedUrlSchema = z
  .string({ error: 'each url must be text' })
  .check(
    z.trim(),
    z.minLength(1, { error: 'a url cannot be empty' }),
    z.maxLength(300, { error: 'a url is at most 300 characters' }),
  );

/**
 * The list of urls of one upload. Its size (at most 10 per picker, 001 §5) is checked in the
 * handler, so the spec's words come out verbatim.
 */
export const urlListSchema = z
  .array(storedUrlSchema, { error: 'urls must be a list of uploaded files' })
  .check(
    z.minLength(1, { error: 'please select at least one file' }),
    z.maxLength(1000, { error: ADMIN_MESSAGES.tooManyPictures }),
  );

/** A stored picture as the admin sees it: `src` is what an <img> loads (a short-lived link for type 2). */
export const adminImageSchema = z.object({
  id: z.string(),
  url: z.string(),
  src: z.string(),
  /** An authenticity photo's responsive set of short-lived links, one `srcset` per format. */
  srcset: z.optional(z.object({ avif: z.string(), webp: z.string(), jpg: z.string() })),
  type: z.number(),
  index: z.number(),
});

/** A product video: `src` is what a <video> loads. */
export const adminVideoSchema = z.object({
  id: z.string(),
  url: z.string(),
  src: z.string(),
  index: z.number(),
});

const imagesAnswer = z.object({ status: z.literal(200), imgs: z.array(adminImageSchema) });
/** The product's main picture (the first of its product pictures, or null) and all of them. */
const mainImageAnswer = z.object({
  status: z.literal(200),
  img: z.nullable(adminImageSchema),
  imgs: z.array(adminImageSchema),
});
const videosAnswer = z.object({ status: z.literal(200), vids: z.array(adminVideoSchema) });

/**
 * POST /upload-url { kind, contentType, size }: a presigned PUT for one server-made key. The
 * answer has no `status`: `url` (`s3/<key>`) is what the upload calls below take.
 */
export const createUploadContract = {
  body: uploadRequestSchema,
  response: z.object({
    key: z.string(),
    url: z.string(),
    uploadUrl: z.string(),
    method: z.literal('PUT'),
    headers: z.record(z.string(), z.string()),
  }),
} satisfies Contract;

/** GET /admin-images?id&type: one picture set in display order (authenticity photos included). */
export const adminImagesContract = {
  query: z.object({ id: idSchema, type: pictureTypeSchema }),
  response: imagesAnswer,
} satisfies Contract;

/** POST /uploadimgs { id, type, urls }: adds 1–10 uploaded pictures; answers the whole set. */
export const uploadImagesContract = {
  body: z.object({ id: idSchema, type: pictureTypeSchema, urls: urlListSchema }),
  response: imagesAnswer,
} satisfies Contract;

/** PATCH /pictures-order { ownerId, type, ids }: the whole set in its new order. */
export const reorderPicturesContract = {
  body: z.object({
    ownerId: idSchema,
    type: pictureTypeSchema,
    ids: z.array(idSchema, { error: 'ids must be the list of picture ids' }).check(z.maxLength(100)),
  }),
  response: imagesAnswer,
} satisfies Contract;

/**
 * DELETE /pictures { id: imageId, ownerId, type }. Like every DELETE with a body, its input is
 * read from the body or the query string by the handler (functions/catalog/admin/media/
 * delete-input.ts), not by the middleware, so the contract names only the answer.
 */
export const deletePictureInput = z.object({ id: idSchema, ownerId: idSchema, type: pictureTypeSchema });
export const deletePicturesContract = {
  bodyOrQuery: deletePictureInput,
  response: okSchema,
} satisfies Contract;

/** GET /product-image?id */
export const getProductImageContract = {
  query: z.object({ id: idSchema }),
  response: mainImageAnswer,
} satisfies Contract;

/** POST /upload-product-img { id, url }: an uploaded picture becomes the main one. */
export const uploadProductImageContract = {
  body: z.object({ id: idSchema, url: storedUrlSchema }),
  response: mainImageAnswer,
} satisfies Contract;

/** DELETE /product-img { id: productId, imageId } (body or query string, as DELETE /pictures). */
export const deleteProductImageInput = z.object({ id: idSchema, imageId: idSchema });
export const deleteProductImageContract = {
  bodyOrQuery: deleteProductImageInput,
  response: okSchema,
} satisfies Contract;

/** GET /get-video-by-pid?pid: a product's videos, in order. */
export const getVideoByPidContract = {
  query: z.object({ pid: idSchema }),
  response: videosAnswer,
} satisfies Contract;

/** POST /upload-video { pid, urls }: adds 1–10 uploaded videos; answers them all. */
export const uploadVideoContract = {
  body: z.object({ pid: idSchema, urls: urlListSchema }),
  response: videosAnswer,
} satisfies Contract;

/** DELETE /videos { id, pid } (body or query string, as DELETE /pictures). */
export const deleteVideoInput = z.object({ id: idSchema, pid: idSchema });
export const deleteVideoContract = { bodyOrQuery: deleteVideoInput, response: okSchema } satisfies Contract;
