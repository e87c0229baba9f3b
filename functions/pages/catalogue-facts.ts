import { getType, listCollectionPieces } from '#catalog/index.ts';
import type { Gender } from '#shared/constants.ts';
import type { CatalogueFacts } from './rules/affected-pages.ts';

/**
 * What the changes of a batch do not say themselves (rules/affected-pages.ts, factsToRead): the
 * gender of the collections whose pieces, sizes or pictures changed (which list shows them) and
 * whether each is single (which page of its own it has), and the pieces of the
 * collections whose pieces' pages show what changed. One GetItem a collection, one gsi1 Query
 * (paged through) a collection's pieces; a batch names few collections.
 */
export async function readCatalogueFacts(needed: {
  genders: string[];
  pieces: string[];
}): Promise<CatalogueFacts> {
  const [genders, pieces] = await Promise.all([
    Promise.all(
      needed.genders.map(
        async (id) => [id, await getType(id, ['id', 'gender', 'singlecollection'])] as const,
      ),
    ),
    Promise.all(
      needed.pieces.map(async (id) => [id, (await listCollectionPieces(id)).map((p) => p.id)] as const),
    ),
  ]);
  return {
    // A collection not found (deleted meanwhile): left out, so both lists are rendered (and its
    // own pages none: its deletion removed them).
    collectionGender: new Map(
      genders.flatMap(([id, type]): [string, Gender][] => (type ? [[id, type.gender]] : [])),
    ),
    collectionSingle: new Map(
      genders.flatMap(([id, type]): [string, boolean][] =>
        type ? [[id, type.singlecollection === true]] : [],
      ),
    ),
    collectionPieces: new Map(pieces),
  };
}
