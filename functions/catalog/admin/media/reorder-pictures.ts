import { httpError } from '#platform/http-error.ts';
import { reorderPicturesContract } from '#shared/contracts/catalog-admin-media.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { imagesOfType, ownerKindOf, ownerMedia, writeImageSet } from '../../entities/image.ts';
import { ownerNotFound } from './inputs.ts';
import { adminImages } from './views.ts';

/**
 * PATCH /pictures-order { ownerId, type, ids } (added: the order of pictures is editable) →
 * { status: 200, imgs }. `ids` is the whole set in its new order; a set that changed since the
 * page read it (a picture added or deleted) is refused with 409, so nothing is lost or revived.
 */
export const handler = defineAdminHandler(reorderPicturesContract, async ({ body }, event) => {
  const kind = ownerKindOf(body.type);
  const media = await ownerMedia(kind, body.ownerId);
  if (!media.owner) throw ownerNotFound(kind);
  const existing = imagesOfType(media, body.type);
  const known = new Set(existing.map((i) => i.id));
  if (
    new Set(body.ids).size !== body.ids.length ||
    body.ids.length !== existing.length ||
    body.ids.some((id) => !known.has(id))
  ) {
    throw httpError(409, 'the pictures changed meanwhile. please reload and try again.');
  }
  const byId = new Map(existing.map((i) => [i.id, i]));
  const desired = body.ids.map((id, index) => ({ ...(byId.get(id) as (typeof existing)[number]), index }));
  await writeImageSet({
    kind,
    ownerId: body.ownerId,
    existing,
    desired,
    change: {
      admin: event.admin,
      action: 'reorder',
      entity: 'image',
      entityId: `${kind}/${body.ownerId}/type-${body.type}`,
      before: existing.map((i) => i.id),
      after: body.ids,
    },
  });
  return { status: 200 as const, imgs: await adminImages(desired) };
});
