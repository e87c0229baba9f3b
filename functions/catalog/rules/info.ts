import type { InfoTitle } from '#shared/constants.ts';
import type { CollectionEntity } from '../entities/collection.ts';

/** The text of a collection's information page; a missing text reads as empty. */
export function infoContent(type: Pick<CollectionEntity, InfoTitle>, title: InfoTitle): string {
  return type[title] ?? '';
}
