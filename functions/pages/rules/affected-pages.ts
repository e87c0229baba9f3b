import type { ProductEntity, SizeEntity, TypeEntity } from '#catalog/index.ts';
import type { DrawEntity } from '#draws/index.ts';
import { type Gender, IMAGE_TYPE } from '#shared/constants.ts';
import { CLUB_FILM, FILM_SLOTS, MISSION_FILM, MUSIC_FILM } from '#shared/films.ts';
import { CONTENT_PATHS, type ListGender, type PublicPage, pagePath } from '#shared/pages/public-pages.ts';
import { collectionPages } from '#shared/pages/sitemap.ts';

/**
 * Which public pages (shared/pages/public-pages.ts) a batch of table changes makes stale, and
 * which must go (issue 47). Pure: the changes are DynamoDB stream records' keys and images,
 * unmarshalled; what a change alone cannot tell (a collection's gender, its pieces) the caller
 * reads first (`factsToRead`) and passes in.
 *
 * Items are recognised by their `kind` attribute (docs/data-model.md: every item carries it, so
 * one query can return mixed items), from the new image or, for a deletion, the old one; the
 * keys only give the order of a batch. What each page shows, read from the web app and the
 * public views of the API it renders (catalog/rules/public-views.ts, draws/views.ts):
 *
 * - `/home`: the main menu and the deployment's sister sites: nothing of the table. Only the
 *   full re-render writes it.
 * - a gender's list (`/women/`, `/men/`): the collections of that gender and the unisex ones,
 *   oldest first, each card with the collection's public fields (publicCollection); a single
 *   collection's card leads straight to its one unsold piece of that gender, so a piece's
 *   existence, collection, gender and availability count too.
 * - a piece's page: the piece's public fields (publicProduct) with its hold (what /is-sold
 *   answers), its pictures (type 1), its collection's title, colour areas and pre-sale text, and
 *   the collection's detail and gallery pictures (types 4, 5, 6).
 * - a collection's page on a gender's list (its landing, `/products/productrelated?type&gender`,
 *   or a single collection's list of pieces, `/products/singleproducts?type&gender`): the
 *   collection's public fields (its sold-out notice is its `issoldout` flag), and for a landing
 *   its sizes (whether it has any: "Find your size" or "product dimensions", each size's meaning
 *   film) and its detail and gallery pictures (types 4, 5, 6); for a list, the collection's
 *   pieces (productSummary: name, gender, sold). Which page a collection has follows its gender
 *   and `singlecollection`: a change of either removes the pages it no longer has.
 * - `/draws`: the open draws, each with its window, its piece's name and first picture.
 * - `/draw/<id>`: the draw's public fields (publicDraw) and its piece's name.
 * - the content pages: static text, but for the films staff set (shared/films.ts: /allvideos
 *   lists the listed slots' titles; the mission, music and club pages show one film each) and
 *   the terms' current version (the terms page and the membership page, whose overlay shows them).
 *
 * Nothing else of the table is on a public page: size guides (a piece carries its size's name,
 * and a size's rename rewrites its pieces in the same transaction, so they come through as piece
 * changes; a size itself is on its collection's landing), size finders, collection and pillar videos, product videos,
 * dimension and authenticity pictures, orders, sessions, members, releases, passports, draw
 * entries, audit entries and limits.
 */

/**
 * The kinds of item a public page shows; a change of any other kind names no page (the stream's
 * event source mapping filters on them: infra/constructs/page-rendering.ts).
 */
export const KINDS_ON_PAGES = ['product', 'type', 'image', 'draw', 'film', 'terms', 'size'] as const;

/** One item's change, as a stream record carries it (images unmarshalled). */
export interface TableChange {
  /** The record's SequenceNumber: the order of changes within the batch. */
  sequence: string;
  keys: { pk: string; sk: string };
  oldImage?: Record<string, unknown>;
  newImage?: Record<string, unknown>;
}

/** What the caller reads before asking: the gender and pieces of the collections `factsToRead` names. */
export interface CatalogueFacts {
  /** A collection's gender; absent (not found, not read): both lists, to be safe. */
  collectionGender: ReadonlyMap<string, Gender>;
  /**
   * Whether a collection is single (read with its gender): which page it has on a list. Absent
   * (not found: deleted, and its pages removed by its deletion; not read): no collection page.
   */
  collectionSingle: ReadonlyMap<string, boolean>;
  /** A collection's pieces' ids. */
  collectionPieces: ReadonlyMap<string, readonly string[]>;
}

export interface AffectedPages {
  /** Pages to render again from the table as it is now, each once, in path order. */
  render: PublicPage[];
  /** Pages whose subject is gone (a deleted piece or draw): to answer 404/410 from now on. */
  remove: PublicPage[];
  /** For each page (by its path), the earliest change that asked for it: where a retry starts. */
  firstCause: ReadonlyMap<string, string>;
}

/** The fields of a piece its page shows: its public view, and its hold (its availability). */
export const PIECE_PAGE_FIELDS = [
  'typeId',
  'typeName',
  'name',
  'gender',
  'size',
  'sizeId',
  'colors',
  'priceUs',
  'singleproduct',
  'removeShipmentCharge',
  'status',
  'soldOnOtherPlatform',
  'draw',
  'holdId',
  'holdUntil',
] as const satisfies readonly (keyof ProductEntity)[];

/** The fields of a piece a list depends on (a single collection's card leads to its unsold piece). */
export const LIST_PIECE_FIELDS = [
  'typeId',
  'gender',
  'status',
  'soldOnOtherPlatform',
  'draw',
] as const satisfies readonly (keyof ProductEntity)[];

/** The fields of a piece a single collection's list of pieces shows (productSummary), and its place. */
export const COLLECTION_PIECE_FIELDS = [
  'typeId',
  'name',
  'gender',
  'status',
] as const satisfies readonly (keyof ProductEntity)[];

/** The fields of a size its collection's landing reads (publicSize: the whole answer is in the page). */
export const LANDING_SIZE_FIELDS = [
  'typeId',
  'name',
  'gender',
  'index',
  'description',
  'menDescription',
  'menMeaning',
  'womenMeaning',
] as const satisfies readonly (keyof SizeEntity)[];

/** The fields of a piece a draw's page and the open draws show. */
export const DRAW_PIECE_FIELDS = ['name', 'draw'] as const satisfies readonly (keyof ProductEntity)[];

/** A collection's fields its lists show (publicCollection), and its place in them. */
export const LIST_COLLECTION_FIELDS = [
  'name',
  'label',
  'gender',
  'areaAmount',
  'areaNames',
  'singlecollection',
  'issoldout',
  'preSale',
  'preSaleText',
  'discount',
  'menproductimage',
  'womenproductimage',
  'createdAt',
] as const satisfies readonly (keyof TypeEntity)[];

/**
 * A collection's fields its own pages show: every field of its public view (the page carries the
 * whole answer for the app to start from), and which page it has (gender, single).
 */
export const COLLECTION_PAGE_FIELDS = [
  'name',
  'label',
  'gender',
  'areaAmount',
  'areaNames',
  'singlecollection',
  'issoldout',
  'preSale',
  'preSaleText',
  'discount',
  'menproductimage',
  'womenproductimage',
] as const satisfies readonly (keyof TypeEntity)[];

/** A collection's fields its pieces' pages show. */
export const PIECE_PAGE_COLLECTION_FIELDS = [
  'name',
  'label',
  'areaAmount',
  'areaNames',
  'preSale',
  'preSaleText',
] as const satisfies readonly (keyof TypeEntity)[];

/** A draw's fields its page shows (publicDraw). */
export const DRAW_PAGE_FIELDS = [
  'pid',
  'opensAt',
  'closesAt',
  'state',
  'listHash',
  'entered',
  'round',
  'chainHash',
  'roundDrawn',
  'drawsAt',
  'waitingSince',
  'beaconState',
  'winner',
] as const satisfies readonly (keyof DrawEntity)[];

/** A draw's fields the open draws show, besides whether it is open. */
export const OPEN_DRAWS_FIELDS = [
  'pid',
  'opensAt',
  'closesAt',
  'state',
] as const satisfies readonly (keyof DrawEntity)[];

/** A collection's pictures its pieces' pages show: the details of each gender and the gallery. */
const PIECE_PAGE_COLLECTION_PICTURES: readonly number[] = [
  IMAGE_TYPE.menDetails,
  IMAGE_TYPE.womenDetails,
  IMAGE_TYPE.gallery,
];

/** The world pages that show a film slot (web/src/features/content/world-pages.tsx). */
const FILM_PAGES: Record<string, readonly string[]> = {
  [MISSION_FILM]: ['/world/mission/written', '/world/mission/video'],
  [MUSIC_FILM]: ['/world/mission/music'],
  [CLUB_FILM]: ['/world/club'],
};

/** The pages that show the terms' current version (the terms page; the membership page's overlay). */
const TERMS_PAGES = ['/more/terms-and-conditions', '/world/membership'] as const;

const CONTENT = new Set<string>(CONTENT_PATHS);

/** The content pages showing a film slot's film or title. */
export function filmPages(slot: string): string[] {
  const info = FILM_SLOTS.find((s) => s.id === slot);
  const pages = new Set<string>(FILM_PAGES[slot] ?? []);
  // An unknown slot (one retired since): /allvideos, which lists the slots, to be safe.
  if (!info || info.listed) pages.add('/allvideos');
  if (info?.page) pages.add(info.page);
  return [...pages].filter((path) => CONTENT.has(path));
}

type Image = Record<string, unknown>;

const kindOf = (change: TableChange): unknown => (change.newImage ?? change.oldImage)?.kind;
const text = (image: Image | undefined, field: string): string | undefined => {
  const value = image?.[field];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

/** Whether any of `fields` differs between the images (an item created or deleted differs in all). */
export function differs(old: Image | undefined, now: Image | undefined, fields: readonly string[]): boolean {
  if (!old || !now) return old !== now;
  return fields.some((field) => !sameValue(old[field], now[field]));
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (a instanceof Set || b instanceof Set) {
    if (!(a instanceof Set && b instanceof Set) || a.size !== b.size) return false;
    return [...a].every((v) => b.has(v));
  }
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((k) => sameValue((a as Image)[k], (b as Image)[k]));
}

/** The lists a collection of this gender appears on: its own, or both when unisex (or unknown). */
export function listsOf(gender: unknown): ListGender[] {
  if (gender === 0 || gender === 1) return [gender];
  return [0, 1];
}

/** Stream sequence numbers are decimal strings of up to 40 digits: compare as numbers. */
export function compareSequence(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

const drawIdOf = (image: Image | undefined): string | undefined => {
  const draw = image?.draw;
  return draw && typeof draw === 'object' ? text(draw as Image, 'drawId') : undefined;
};

/**
 * The collections whose gender and whether single (pieces whose lists or whose collection's
 * pages may change; sizes and pictures on a collection's landing) and pieces (a collection whose
 * pieces' pages show what changed) the caller must read before `affectedPages`.
 */
export function factsToRead(changes: readonly TableChange[]): { genders: string[]; pieces: string[] } {
  const genders = new Set<string>();
  const pieces = new Set<string>();
  const typeIds = (old: Image | undefined, now: Image | undefined) => {
    for (const typeId of [text(old, 'typeId'), text(now, 'typeId')]) if (typeId) genders.add(typeId);
  };
  for (const change of changes) {
    const { oldImage: old, newImage: now } = change;
    const kind = kindOf(change);
    if (kind === 'product') {
      if (differs(old, now, LIST_PIECE_FIELDS) || differs(old, now, COLLECTION_PIECE_FIELDS))
        typeIds(old, now);
    } else if (kind === 'type' && old && now && differs(old, now, PIECE_PAGE_COLLECTION_FIELDS)) {
      const id = text(now, 'id');
      if (id) pieces.add(id);
    } else if (kind === 'image' && collectionPicture(change)) {
      const owner = text(now ?? old, 'ownerId');
      if (owner) {
        pieces.add(owner);
        genders.add(owner);
      }
    } else if (kind === 'size' && differs(old, now, LANDING_SIZE_FIELDS)) {
      typeIds(old, now);
    }
  }
  return { genders: [...genders].sort(), pieces: [...pieces].sort() };
}

const collectionPicture = (change: TableChange) => {
  const type = (change.newImage ?? change.oldImage)?.type;
  return typeof type === 'number' && PIECE_PAGE_COLLECTION_PICTURES.includes(type);
};

/**
 * The pages a batch of changes makes stale, each once, whatever the order the records are
 * given in: a piece's or a draw's page goes when the last change of its own item (by sequence)
 * deletes it, and is rendered otherwise.
 */
export function affectedPages(changes: readonly TableChange[], facts: CatalogueFacts): AffectedPages {
  const pages = new Map<string, PublicPage>();
  const firstCause = new Map<string, string>();
  /** The last change (by sequence) of each piece's and draw's own item, and whether it left it. */
  const last = new Map<string, { sequence: string; gone: boolean }>();

  const ask = (page: PublicPage, change: TableChange) => {
    const path = pagePath(page);
    pages.set(path, page);
    const earlier = firstCause.get(path);
    if (earlier === undefined || compareSequence(change.sequence, earlier) < 0)
      firstCause.set(path, change.sequence);
  };
  const subject = (page: PublicPage, change: TableChange, gone = !change.newImage) => {
    const path = pagePath(page);
    const seen = last.get(path);
    if (!seen || compareSequence(change.sequence, seen.sequence) > 0)
      last.set(path, { sequence: change.sequence, gone });
    ask(page, change);
  };
  /** A collection's pages as the table is now (facts): a landing's, a list's or either. */
  const collection = (typeId: string | undefined, change: TableChange, only: 'landing' | 'list') => {
    if (!typeId) return;
    const single = facts.collectionSingle.get(typeId);
    if (single === undefined || single !== (only === 'list')) return;
    const gender = facts.collectionGender.get(typeId);
    for (const page of collectionPages({ id: typeId, gender: gender ?? 2, singlecollection: single }))
      ask(page, change);
  };
  const lists = (gender: unknown, change: TableChange) => {
    for (const g of listsOf(gender)) ask({ kind: 'list', gender: g }, change);
  };

  for (const change of changes) {
    const { oldImage: old, newImage: now } = change;
    switch (kindOf(change)) {
      case 'product': {
        const id = text(now ?? old, 'id');
        if (!id) break;
        if (!now) subject({ kind: 'piece', productId: id }, change);
        else if (differs(old, now, PIECE_PAGE_FIELDS)) subject({ kind: 'piece', productId: id }, change);
        if (differs(old, now, LIST_PIECE_FIELDS)) {
          const typeIds = new Set([text(old, 'typeId'), text(now, 'typeId')]);
          // A piece outside any collection is on no list.
          for (const typeId of typeIds) if (typeId) lists(facts.collectionGender.get(typeId), change);
        }
        if (differs(old, now, COLLECTION_PIECE_FIELDS))
          for (const typeId of new Set([text(old, 'typeId'), text(now, 'typeId')]))
            collection(typeId, change, 'list');
        if (differs(old, now, DRAW_PIECE_FIELDS)) {
          const draws = new Set([drawIdOf(old), drawIdOf(now)]);
          for (const drawId of draws) {
            if (!drawId) continue;
            ask({ kind: 'draw', drawId }, change);
            ask({ kind: 'draws' }, change);
          }
        }
        break;
      }
      case 'type': {
        if (differs(old, now, LIST_COLLECTION_FIELDS)) {
          const genders = new Set([
            ...listsOf(old?.gender ?? now?.gender),
            ...listsOf(now?.gender ?? old?.gender),
          ]);
          for (const gender of genders) ask({ kind: 'list', gender }, change);
        }
        // A collection made or deleted has no pieces yet or any more: only an edit reaches them.
        const id = text(now ?? old, 'id');
        if (id && differs(old, now, COLLECTION_PAGE_FIELDS)) {
          // The pages it has now; those it had and has no more (deleted, another gender, made
          // single or not) go.
          const pagesOf = (image: Image | undefined) =>
            image
              ? collectionPages({
                  id,
                  gender: Number(image.gender),
                  singlecollection: image.singlecollection === true,
                })
              : [];
          const after = pagesOf(now);
          const kept = new Set(after.map(pagePath));
          for (const page of pagesOf(old)) if (!kept.has(pagePath(page))) subject(page, change, true);
          for (const page of after) subject(page, change, false);
        }
        if (id && old && now && differs(old, now, PIECE_PAGE_COLLECTION_FIELDS)) {
          for (const productId of facts.collectionPieces.get(id) ?? [])
            ask({ kind: 'piece', productId }, change);
        }
        break;
      }
      case 'image': {
        const image = now ?? old;
        const owner = text(image, 'ownerId');
        if (!owner) break;
        if (image?.type === IMAGE_TYPE.product) {
          ask({ kind: 'piece', productId: owner }, change);
          // The open draws show their pieces' first pictures; which pieces are in one the picture
          // does not say, and the one page is cheap.
          ask({ kind: 'draws' }, change);
        } else if (collectionPicture(change)) {
          for (const productId of facts.collectionPieces.get(owner) ?? [])
            ask({ kind: 'piece', productId }, change);
          collection(owner, change, 'landing');
        }
        break;
      }
      case 'size': {
        if (differs(old, now, LANDING_SIZE_FIELDS))
          for (const typeId of new Set([text(old, 'typeId'), text(now, 'typeId')]))
            collection(typeId, change, 'landing');
        break;
      }
      case 'draw': {
        const drawId = text(now ?? old, 'drawId');
        if (!drawId) break;
        if (differs(old, now, DRAW_PAGE_FIELDS)) subject({ kind: 'draw', drawId }, change);
        const open = old?.state === 'open' || now?.state === 'open';
        if (open && differs(old, now, OPEN_DRAWS_FIELDS)) ask({ kind: 'draws' }, change);
        break;
      }
      case 'film': {
        const slot = text(now ?? old, 'slot');
        if (!slot) break;
        for (const path of filmPages(slot)) ask({ kind: 'content', path }, change);
        break;
      }
      case 'terms':
        for (const path of TERMS_PAGES) ask({ kind: 'content', path }, change);
        break;
    }
  }

  const render: PublicPage[] = [];
  const remove: PublicPage[] = [];
  for (const path of [...pages.keys()].sort()) {
    const page = pages.get(path) as PublicPage;
    (last.get(path)?.gone ? remove : render).push(page);
  }
  return { render, remove, firstCause };
}
