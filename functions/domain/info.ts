import type { TypeEntity } from '#data/entities.ts';
import type { InfoTitle } from '#shared/constants.ts';

/** The text of a collection's information page; a missing text reads as empty. */
export function infoContent(type: Pick<TypeEntity, InfoTitle>, title: InfoTitle): string {
  return type[title] ?? '';
}
