import { notFound } from '#platform/http-error.ts';
import { deletePicturesContract } from '#shared/contracts/catalog-admin-media.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { imagesOfType, ownerKindOf, ownerMedia, writeImageSet } from '../../entities/image.ts';
import { deleteInput } from './delete-input.ts';
import { removeFile } from './files.ts';

/**
 * DELETE /pictures { id: imageId, ownerId, type } → { status: 200 }: deletes one picture of a
 * product (types 1, 2) or collection (3–6), with its audit entry, then its file in the bucket.
 */
export const handler = defineAdminHandler(deletePicturesContract, async (_input, event) => {
  const body = deleteInput(event, deletePicturesContract.bodyOrQuery);
  const kind = ownerKindOf(body.type);
  const existing = imagesOfType(await ownerMedia(kind, body.ownerId), body.type);
  const image = existing.find((i) => i.id === body.id);
  if (!image) throw notFound('picture');
  await writeImageSet({
    kind,
    ownerId: body.ownerId,
    existing,
    desired: existing.filter((i) => i.id !== image.id),
    change: { admin: event.admin, action: 'delete', entity: 'image', entityId: image.id, before: image },
  });
  await removeFile(image.url);
  return { status: 200 as const };
});
