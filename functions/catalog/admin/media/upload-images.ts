import { randomUUID } from 'node:crypto';
import { httpError } from '#platform/http-error.ts';
import { verifyUpload } from '#platform/uploads.ts';
import { IMAGE_TYPE } from '#shared/constants.ts';
import { uploadImagesContract } from '#shared/contracts/catalog-admin-media.ts';
import { defineAdminHandler } from '#staff/index.ts';
import {
  imageEntity,
  imagesOfType,
  MAX_PICTURES_PER_SET,
  ownerKindOf,
  ownerMedia,
  writeImageSet,
} from '../../entities/image.ts';
import { checkPickerSize, ownerNotFound } from './inputs.ts';
import { adminImages } from './views.ts';

/**
 * POST /uploadimgs { id, type, urls } (001 §7; the spec's multipart form becomes the stored urls
 * of files the browser already put with presigned PUTs): adds 1–10 pictures, in the order given,
 * after the set's existing ones. `id` is the product for types 1 (product) and 2 (authenticity),
 * the collection for 3–6. More than 10 → "please select no more than 10 pictures"; each file is
 * checked (ticket, length, first bytes) and refused files are deleted. Authenticity photos must
 * be uploaded as kind 'authenticity' (a private prefix), the others as 'image'.
 * → { status: 200, imgs: the whole set, in order }
 */
export const handler = defineAdminHandler(uploadImagesContract, async ({ body }, event) => {
  checkPickerSize(body.urls);
  const kind = ownerKindOf(body.type);
  const media = await ownerMedia(kind, body.id);
  if (!media.owner) throw ownerNotFound(kind);
  const existing = imagesOfType(media, body.type);
  if (existing.length + body.urls.length > MAX_PICTURES_PER_SET) {
    throw httpError(
      400,
      `a picture set holds at most ${MAX_PICTURES_PER_SET} pictures; this one has ${existing.length}`,
    );
  }
  const uploadKind = body.type === IMAGE_TYPE.authenticity ? 'authenticity' : 'image';
  const verified = [];
  for (const url of body.urls) verified.push(await verifyUpload(url, [uploadKind]));
  const start = existing.reduce((max, i) => Math.max(max, i.index + 1), 0);
  const added = verified.map((file, i) =>
    imageEntity({ id: randomUUID(), ownerId: body.id, type: body.type, index: start + i, url: file.url }),
  );
  await writeImageSet({
    kind,
    ownerId: body.id,
    existing,
    desired: [...existing, ...added],
    extra: verified.map((file) => file.consume),
    change: {
      admin: event.admin,
      action: 'upload',
      entity: 'image',
      entityId: `${kind}/${body.id}/type-${body.type}`,
      after: added,
    },
  });
  return { status: 200 as const, imgs: await adminImages([...existing, ...added]) };
});
