import { getType } from '#catalog/index.ts';
import { notFound } from '#platform/http-error.ts';
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
