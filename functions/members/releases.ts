import { getType } from '#catalog/index.ts';
import { notFound } from '#platform/http-error.ts';
import { createOnSaleRelease, listReleases, type ReleaseEntity } from './entities/release.ts';
import { shopUrl } from './members.ts';
import { collectionLink, collectionPicture, type ReleaseContent } from './rules/release-mail.ts';

/** An admin's draft of a release: a collection's (typeId) or an event's (title and date). */
export interface ReleaseDraft {
  announces?: 'collection' | 'event';
  typeId?: string;
  eventTitle?: string;
  eventDate?: string;
  subject: string;
  text: string;
}

export type ReleaseContentOf = ReleaseContent & { announces: 'collection' | 'event'; typeId?: string };

/**
 * What a release mail says, from the admin's draft: of its collection (404 for an unknown one),
 * or of its event. The contract has checked that each kind has its fields.
 */
export async function releaseContent(draft: ReleaseDraft): Promise<ReleaseContentOf> {
  if (draft.announces === 'event') {
    return {
      announces: 'event',
      subject: draft.subject,
      text: draft.text,
      eventTitle: draft.eventTitle ?? '',
      eventDate: draft.eventDate ?? '',
    };
  }
  const collection = await getType(draft.typeId ?? '');
  if (!collection) throw notFound('collection');
  const base = shopUrl();
  const picture = collectionPicture(collection, base);
  return {
    announces: 'collection',
    typeId: collection.id,
    subject: draft.subject,
    text: draft.text,
    collectionName: collection.name,
    collectionLink: collectionLink(collection, base),
    ...(picture ? { pictureLink: picture } : {}),
  };
}

/**
 * A collection went on sale from the collection editor (pre-sale unticked, or created not in
 * pre-sale: issue 45): its members' release mail, once. Nothing if staff have a release of it
 * scheduled or sent (that one is its mail) or it had its automatic release already; otherwise
 * one is scheduled now, in words made from the collection, which staff may still edit or cancel
 * on the releases screen until it starts (the sender starts it once the collection has a piece).
 */
export async function announceOnSale(
  typeId: string,
  admin: string,
  now = new Date(),
): Promise<ReleaseEntity | undefined> {
  const announced = (await listReleases()).some((r) => r.typeId === typeId && r.status !== 'cancelled');
  if (announced) return undefined;
  const content = await releaseContent({ typeId, subject: '', text: '' });
  const name = content.collectionName ?? '';
  const words = {
    subject: `New release: ${name}`,
    text: `${name} is in the shop now. Every piece is the only one there is.`,
  };
  return createOnSaleRelease({ ...content, ...words, typeId }, admin, now);
}
