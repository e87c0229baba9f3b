import * as z from 'zod';
import { httpError, notFound } from '#platform/http-error.ts';
import { ADMIN_LIMITS, ADMIN_MESSAGES } from '#shared/admin.ts';
import type { OwnerKind } from '../../entities/image.ts';

/** Inputs shared by the picture calls. */
export const PICTURE_TYPE_MESSAGE = 'please choose a picture type (1 to 6)';

/** 001 §3 Image type: 1 product, 2 authenticity, 3 dimension, 4 men details, 5 women details, 6 gallery. */
export const pictureTypeSchema = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
  z
    .number({ error: PICTURE_TYPE_MESSAGE })
    .int({ error: PICTURE_TYPE_MESSAGE })
    .min(1, { error: PICTURE_TYPE_MESSAGE })
    .max(6, { error: PICTURE_TYPE_MESSAGE }),
);

/** A stored url handed back by /upload-url (`s3/<key>`). */
export const storedUrlSchema = z
  .string({ error: 'each url must be text' })
  .trim()
  .min(1, { error: 'a url cannot be empty' })
  .max(300, { error: 'a url is at most 300 characters' });

/** The list of urls of one upload: checked in the handler so the spec's words come out verbatim. */
export const urlListSchema = z
  .array(storedUrlSchema, { error: 'urls must be a list of uploaded files' })
  .min(1, { error: 'please select at least one file' })
  .max(1000, { error: ADMIN_MESSAGES.tooManyPictures });

/** 001 §5: at most 10 files per picker, "please select no more than 10 pictures". */
export function checkPickerSize(urls: string[], tooMany: string = ADMIN_MESSAGES.tooManyPictures): void {
  if (urls.length > ADMIN_LIMITS.picturesPerPicker) throw httpError(400, tooMany);
  if (new Set(urls).size !== urls.length) throw httpError(400, 'the same file is listed twice');
}

export const ownerNotFound = (kind: OwnerKind) => notFound(kind === 'product' ? 'product' : 'collection');
