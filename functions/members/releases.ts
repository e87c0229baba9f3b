import { getType } from '#catalog/index.ts';
import { notFound } from '#platform/http-error.ts';
import { shopUrl } from './members.ts';
import { collectionLink, collectionPicture, type ReleaseContent } from './rules/release-mail.ts';

/** What a release mail says of its collection, from the admin's draft. 404 for an unknown collection. */
export async function releaseContent(draft: {
  typeId: string;
  subject: string;
  text: string;
}): Promise<ReleaseContent & { typeId: string }> {
  const collection = await getType(draft.typeId);
  if (!collection) throw notFound('collection');
  const base = shopUrl();
  const picture = collectionPicture(collection, base);
  return {
    typeId: collection.id,
    subject: draft.subject,
    text: draft.text,
    collectionName: collection.name,
    collectionLink: collectionLink(collection, base),
    ...(picture ? { pictureLink: picture } : {}),
  };
}
