import { tableName } from '#platform/aws-clients.ts';
import type { EntityFileDoc } from '#platform/table-doc.ts';
import { deleteMediaObject, verifyUpload } from '#platform/uploads.ts';
import type { FilmChoice } from '#shared/contracts/films.ts';
import { auditedWrite } from '#table/audit.ts';
import type { Keys } from '#table/keys.ts';
import { queryAll } from '#table/query.ts';
import type { TransactItem } from '#table/transactions.ts';

/**
 * The films of the content pages (shared/films.ts), one item a slot in one small partition, so
 * every page's film is one Query. An upload's files (video and poster) are checked once, when
 * they are first chosen; a film's replaced or cleared upload files are deleted after the write.
 */
export const FILMS_PARTITION = 'FILMS';
export const filmKeys = (slot: string): Keys => ({ pk: FILMS_PARTITION, sk: `FILM#${slot}` });

export interface FilmEntity {
  kind: 'film';
  slot: string;
  title: string;
  film: FilmChoice;
}

export async function listFilms(): Promise<FilmEntity[]> {
  const items = await queryAll<FilmEntity & Keys>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :film)',
    ExpressionAttributeValues: { ':pk': FILMS_PARTITION, ':film': 'FILM#' },
    ConsistentRead: true,
  });
  return items.map(({ kind, slot, title, film }) => ({ kind, slot, title, film }));
}

const uploadFiles = (film: FilmChoice | undefined): string[] =>
  film?.source === 'upload' ? [film.video, film.poster] : [];

/** The condition that the slot still holds what was read (or nothing), so two editors cannot cross. */
function unchangedSince(before: FilmEntity | undefined) {
  return before
    ? {
        ConditionExpression: '#title = :title',
        ExpressionAttributeNames: { '#title': 'title' },
        ExpressionAttributeValues: { ':title': before.title },
      }
    : { ConditionExpression: 'attribute_not_exists(pk)' };
}

/**
 * Puts a slot's film, audited. A video or poster not already the slot's is a fresh upload and
 * is checked (its one-use ticket consumed in the same transaction); the files it replaces are
 * deleted once the write has landed.
 */
export async function setFilm(
  slot: string,
  title: string,
  film: FilmChoice,
  admin: string,
): Promise<FilmEntity> {
  const before = (await listFilms()).find((f) => f.slot === slot);
  const kept = new Set(uploadFiles(before?.film));
  const tickets: TransactItem[] = [];
  if (film.source === 'upload') {
    if (!kept.has(film.video)) tickets.push((await verifyUpload(film.video, ['video'])).consume);
    if (!kept.has(film.poster)) tickets.push((await verifyUpload(film.poster, ['image'])).consume);
  }
  const after: FilmEntity = { kind: 'film', slot, title, film };
  await auditedWrite(
    [
      { Put: { TableName: tableName(), Item: { ...filmKeys(slot), ...after }, ...unchangedSince(before) } },
      ...tickets,
    ],
    { admin, action: before ? 'replace-film' : 'set-film', entity: 'film', entityId: slot, before, after },
  );
  const still = new Set(uploadFiles(film));
  for (const url of kept) if (!still.has(url)) await deleteMediaObject(url);
  return after;
}

/** Empties a slot, audited; its uploaded files are deleted afterwards. Undefined: it was empty. */
export async function clearFilm(slot: string, admin: string): Promise<FilmEntity | undefined> {
  const before = (await listFilms()).find((f) => f.slot === slot);
  if (!before) return undefined;
  await auditedWrite(
    [{ Delete: { TableName: tableName(), Key: filmKeys(slot), ...unchangedSince(before) } }],
    { admin, action: 'clear-film', entity: 'film', entityId: slot, before },
  );
  for (const url of uploadFiles(before.film)) await deleteMediaObject(url);
  return before;
}

/** Its table items, for docs/reference/data-model-keys.md (`npm run docs`; functions/platform/table-doc.ts). */
export const tableDoc: EntityFileDoc = {
  items: [
    {
      entity: 'Film (one per content slot)',
      pk: '`FILMS`',
      sk: '`FILM#<slot>`',
      keys: () => filmKeys('<slot>'),
    },
  ],
};
