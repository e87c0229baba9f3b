import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { pagePath } from '#shared/pages/public-pages.ts';
import type { CollectionEntity } from '../../catalog/entities/collection.ts';
import { filmKeys } from '../../catalog/entities/film.ts';
import { imageKeys, imageOwner } from '../../catalog/entities/image.ts';
import { collectionKeys, productKeysOf, sizeKeys } from '../../catalog/entities/keys.ts';
import type { ProductEntity } from '../../catalog/entities/product.ts';
import { orderKeys } from '../../checkout/entities/order.ts';
import type { DrawEntity } from '../../draws/entities/draw.ts';
import {
  activeDrawIndex,
  allDrawsIndex,
  drawKey,
  entryKey,
  pieceDrawKey,
} from '../../draws/entities/keys.ts';
import { memberKeys } from '../../members/entities/member.ts';
import { termsKey } from '../../members/entities/terms.ts';
import { auditItem } from '../../table/audit.ts';
import { rateLimitKey } from '../../table/rate-limit.ts';
import { sessionKey } from '../../table/sessions.ts';
import {
  type AffectedPages,
  affectedPages,
  type CatalogueFacts,
  compareSequence,
  factsToRead,
  type TableChange,
} from './affected-pages.ts';

beforeAll(() => {
  process.env.TABLE_NAME ??= 'boutique';
});

type Item = Record<string, unknown> & { pk: string; sk: string };

const collection = (over: Partial<CollectionEntity> = {}): Item => {
  const type: CollectionEntity = {
    kind: 'type',
    id: 'coat',
    name: 'coat',
    gender: 0,
    areaAmount: 2,
    singlecollection: false,
    issoldout: false,
    preSale: false,
    discount: false,
    womenproductimage: '[]',
    menproductimage: '[]',
    shippingPrices: { US: 20 },
    createdAt: '2026-01-01T00:00:00.000Z',
    ...over,
  };
  return { ...collectionKeys(type), ...type };
};

const piece = (over: Partial<ProductEntity> = {}): Item => {
  const product: ProductEntity = {
    kind: 'product',
    id: 'p1',
    typeId: 'coat',
    typeName: 'coat',
    name: 'coat no. 1',
    gender: 0,
    colors: ['black', 'red'],
    status: 1,
    priceUs: 4200,
    removeShipmentCharge: false,
    singleproduct: false,
    soldOnOtherPlatform: false,
    createdAt: '2026-01-02T00:00:00.000Z',
    ...over,
  };
  return { ...productKeysOf(product), ...product };
};

const picture = (ownerKind: 'product' | 'type', ownerId: string, type: number, index = 0): Item => {
  const image = {
    kind: 'image',
    id: `img${index}`,
    ownerId,
    type,
    index,
    url: `s3/collection_images/${ownerId}-${index}.jpg`,
  };
  return { ...imageKeys({ ...image, ownerPk: imageOwner(ownerKind, ownerId) }), ...image };
};

const draw = (over: Partial<DrawEntity> = {}): Item => {
  const d: DrawEntity = {
    kind: 'draw',
    drawId: 'd1',
    pid: 'p1',
    opensAt: '2026-02-01T00:00:00.000Z',
    closesAt: '2026-02-02T00:00:00.000Z',
    state: 'open',
    createdAt: '2026-01-20T00:00:00.000Z',
    createdBy: 'staff',
    ...over,
  };
  return {
    ...drawKey(d.drawId),
    ...activeDrawIndex(d.closesAt, d.drawId),
    ...allDrawsIndex(d.createdAt, d.drawId),
    ...d,
  };
};

const film = (slot: string, title: string): Item => ({
  ...filmKeys(slot),
  kind: 'film',
  slot,
  title,
  film: { source: 'embed', provider: 'vimeo', id: '1' },
});

let sequence = 100;
/** One stream record's change: the item's keys, and the images before and after. */
function change(old: Item | undefined, now: Item | undefined, at?: number): TableChange {
  const item = (now ?? old) as Item;
  return {
    sequence: String(at ?? sequence++),
    keys: { pk: item.pk, sk: item.sk },
    ...(old ? { oldImage: old } : {}),
    ...(now ? { newImage: now } : {}),
  };
}

const NO_FACTS: CatalogueFacts = {
  collectionGender: new Map(),
  collectionSingle: new Map(),
  collectionPieces: new Map(),
};
/** The collections' genders and pieces; each named collection is not single unless `singles` says. */
const facts = (
  genders: Record<string, 0 | 1 | 2> = {},
  pieces: Record<string, string[]> = {},
  singles: readonly string[] = [],
): CatalogueFacts => ({
  collectionGender: new Map(Object.entries(genders)),
  collectionSingle: new Map(Object.keys(genders).map((id) => [id, singles.includes(id)])),
  collectionPieces: new Map(Object.entries(pieces)),
});

const LANDING = '/products/productrelated?type=coat&gender=0';
const LANDING_MEN = '/products/productrelated?type=coat&gender=1';
const SINGLES = '/products/singleproducts?type=coat&gender=0';
const SINGLES_MEN = '/products/singleproducts?type=coat&gender=1';
const size = (over: Record<string, unknown> = {}): Item => ({
  ...sizeKeys({ id: 's1', typeId: 'coat', index: 0 }),
  kind: 'size',
  id: 's1',
  typeId: 'coat',
  name: 'M',
  gender: 0,
  index: 0,
  ...over,
});

const paths = (answer: AffectedPages) => ({
  render: answer.render.map(pagePath),
  remove: answer.remove.map(pagePath),
});

const PIECE = '/products/productdetails?productId=p1';

describe('a piece', () => {
  it("made: its page and its collection's list", () => {
    expect(paths(affectedPages([change(undefined, piece())], facts({ coat: 0 })))).toEqual({
      render: [PIECE, '/women/'],
      remove: [],
    });
  });

  it('of a unisex collection shows on both lists; of an unknown collection, both to be safe', () => {
    const made = [change(undefined, piece())];
    expect(paths(affectedPages(made, facts({ coat: 2 }))).render).toEqual(['/men/', PIECE, '/women/']);
    expect(paths(affectedPages(made, NO_FACTS)).render).toEqual(['/men/', PIECE, '/women/']);
    expect(paths(affectedPages(made, facts({ coat: 1 }))).render).toEqual(['/men/', PIECE]);
  });

  it('outside any collection: its page only', () => {
    const single = piece({ typeId: '' });
    expect(single.gsi1pk).toBeUndefined();
    expect(paths(affectedPages([change(undefined, single)], NO_FACTS)).render).toEqual([PIECE]);
  });

  it('with a new price: its page, not the lists', () => {
    expect(paths(affectedPages([change(piece(), piece({ priceUs: 5000 }))], facts({ coat: 0 })))).toEqual({
      render: [PIECE],
      remove: [],
    });
  });

  it('sold: its page and its list', () => {
    const held = piece({ holdId: 'h1', holdUntil: 1_800_000_000_000 });
    const sold = { ...piece({ status: 0 }), soldOrder: 'ABC', soldAt: '2026-03-01T00:00:00.000Z' };
    expect(paths(affectedPages([change(held, sold)], facts({ coat: 0 }))).render).toEqual([PIECE, '/women/']);
  });

  it('held and released: its page (its availability), not the lists', () => {
    const held = piece({ holdId: 'h1', holdUntil: 1_800_000_000_000 });
    expect(paths(affectedPages([change(piece(), held)], facts({ coat: 0 }))).render).toEqual([PIECE]);
    expect(paths(affectedPages([change(held, piece())], facts({ coat: 0 }))).render).toEqual([PIECE]);
  });

  it("moved to another collection: both collections' lists", () => {
    const answer = affectedPages([change(piece(), piece({ typeId: 'ring' }))], facts({ coat: 0, ring: 1 }));
    expect(paths(answer).render).toEqual(['/men/', PIECE, '/women/']);
  });

  it('deleted: its page removed, its list rendered', () => {
    expect(paths(affectedPages([change(piece(), undefined)], facts({ coat: 0 })))).toEqual({
      render: ['/women/'],
      remove: [PIECE],
    });
  });

  it('deleted with its pictures, in any order: its page removed, never rendered', () => {
    const gone = change(piece(), undefined, 10);
    const pictureGone = change(picture('product', 'p1', 1), undefined, 11);
    for (const batch of [
      [gone, pictureGone],
      [pictureGone, gone],
    ]) {
      const answer = paths(affectedPages(batch, facts({ coat: 0 })));
      expect(answer.remove).toEqual([PIECE]);
      expect(answer.render).not.toContain(PIECE);
    }
  });

  it('deleted then made again in one batch: rendered', () => {
    const batch = [change(undefined, piece(), 12), change(piece(), undefined, 11)];
    expect(paths(affectedPages(batch, facts({ coat: 0 })))).toEqual({
      render: [PIECE, '/women/'],
      remove: [],
    });
  });

  it('offered by a draw: its page, its list, the draw and the open draws', () => {
    const offered = piece({
      holdId: 'draw:d1',
      holdUntil: Number.MAX_SAFE_INTEGER,
      draw: { drawId: 'd1', opensAt: '2026-02-01T00:00:00.000Z', closesAt: '2026-02-02T00:00:00.000Z' },
    });
    expect(paths(affectedPages([change(piece(), offered)], facts({ coat: 0 }))).render).toEqual([
      '/draw/d1',
      '/draws',
      PIECE,
      '/women/',
    ]);
  });

  it("renamed while in a draw: the draw's pages too", () => {
    const inDraw = { draw: { drawId: 'd1', opensAt: 'a', closesAt: 'b' } };
    const answer = affectedPages([change(piece(inDraw), piece({ ...inDraw, name: 'new name' }))], NO_FACTS);
    expect(paths(answer).render).toEqual(['/draw/d1', '/draws', PIECE]);
  });

  it("with a change no page shows (its card number, its sale's order): nothing", () => {
    expect(affectedPages([change(piece(), piece({ cardNumber: '0042' }))], NO_FACTS).render).toEqual([]);
  });

  it('with a picture changed: its page and the open draws; an authenticity photo: nothing', () => {
    expect(paths(affectedPages([change(undefined, picture('product', 'p1', 1))], NO_FACTS)).render).toEqual([
      '/draws',
      PIECE,
    ]);
    expect(affectedPages([change(undefined, picture('product', 'p1', 2))], NO_FACTS).render).toEqual([]);
  });
});

describe('a collection', () => {
  it('made or deleted: its lists, and its own page on each (made: rendered; deleted: removed)', () => {
    expect(paths(affectedPages([change(undefined, collection())], NO_FACTS)).render).toEqual([
      LANDING,
      '/women/',
    ]);
    expect(paths(affectedPages([change(collection({ gender: 2 }), undefined)], NO_FACTS))).toEqual({
      render: ['/men/', '/women/'],
      remove: [LANDING, LANDING_MEN],
    });
    const single = collection({ singlecollection: true, gender: 1 });
    expect(paths(affectedPages([change(single, undefined)], NO_FACTS))).toEqual({
      render: ['/men/'],
      remove: [SINGLES_MEN],
    });
  });

  it("renamed: its lists, its own page and its pieces' pages", () => {
    const answer = affectedPages(
      [change(collection(), collection({ label: 'the coat' }))],
      facts({}, { coat: ['p1', 'p2'] }),
    );
    expect(paths(answer).render).toEqual([
      PIECE,
      '/products/productdetails?productId=p2',
      LANDING,
      '/women/',
    ]);
  });

  it('of another gender now: the old list and the new; its page on the old list goes', () => {
    expect(paths(affectedPages([change(collection(), collection({ gender: 1 }))], NO_FACTS))).toEqual({
      render: ['/men/', LANDING_MEN, '/women/'],
      remove: [LANDING],
    });
    expect(paths(affectedPages([change(collection(), collection({ gender: 2 }))], NO_FACTS))).toEqual({
      render: ['/men/', LANDING, LANDING_MEN, '/women/'],
      remove: [],
    });
  });

  it('made single, then not single again: the page it has now rendered, the other removed, in any order', () => {
    const toSingle = change(collection(), collection({ singlecollection: true }), 20);
    expect(paths(affectedPages([toSingle], NO_FACTS))).toEqual({
      render: [SINGLES, '/women/'],
      remove: [LANDING],
    });
    const back = change(collection({ singlecollection: true }), collection(), 21);
    for (const batch of [
      [toSingle, back],
      [back, toSingle],
    ])
      expect(paths(affectedPages(batch, NO_FACTS))).toEqual({
        render: [LANDING, '/women/'],
        remove: [SINGLES],
      });
  });

  it('sold out, or on pre-sale: its lists and its own page', () => {
    for (const edited of [
      collection({ issoldout: true }),
      collection({ preSale: true, preSaleText: 'soon' }),
    ])
      expect(paths(affectedPages([change(collection(), edited)], NO_FACTS)).render).toEqual([
        LANDING,
        '/women/',
      ]);
  });

  it('with new list pictures: its lists and its own page (its photograph), not its pieces', () => {
    const answer = affectedPages(
      [change(collection(), collection({ womenproductimage: '["a.jpg"]' }))],
      facts({}, { coat: ['p1'] }),
    );
    expect(paths(answer).render).toEqual([LANDING, '/women/']);
  });

  it('with a size made, renamed, given a meaning film or deleted: its landing; a single collection: nothing', () => {
    for (const [old, now] of [
      [undefined, size()],
      [size(), size({ name: 'L' })],
      [size(), size({ womenMeaning: 'https://vimeo.com/1' })],
      [size(), undefined],
    ] as const) {
      expect(paths(affectedPages([change(old, now)], facts({ coat: 2 }))).render).toEqual([
        LANDING,
        LANDING_MEN,
      ]);
      expect(affectedPages([change(old, now)], facts({ coat: 0 }, {}, ['coat'])).render).toEqual([]);
    }
    // Unknown (deleted, its pages with it): nothing.
    expect(affectedPages([change(undefined, size())], NO_FACTS).render).toEqual([]);
  });

  it('with new shipping prices, discount code or info text: nothing', () => {
    const edited = collection({ shippingPrices: { US: 30 }, discountCode: 'VIP', material: 'silk' });
    expect(affectedPages([change(collection(), edited)], facts({}, { coat: ['p1'] })).render).toEqual([]);
  });

  it("with a detail or gallery picture: its pieces' pages and its landing; a dimension drawing: nothing", () => {
    const pieces = facts({ coat: 0 }, { coat: ['p1'] });
    for (const type of [4, 5, 6])
      expect(paths(affectedPages([change(undefined, picture('type', 'coat', type))], pieces)).render).toEqual(
        [PIECE, LANDING],
      );
    expect(affectedPages([change(undefined, picture('type', 'coat', 3))], pieces).render).toEqual([]);
  });
});

describe("a single collection's list of pieces", () => {
  const singles = facts({ coat: 0 }, {}, ['coat']);

  it('shows its pieces: one made, sold, renamed or deleted renders it', () => {
    expect(paths(affectedPages([change(undefined, piece())], singles)).render).toEqual([
      PIECE,
      SINGLES,
      '/women/',
    ]);
    expect(paths(affectedPages([change(piece(), piece({ status: 0 }))], singles)).render).toEqual([
      PIECE,
      SINGLES,
      '/women/',
    ]);
    expect(paths(affectedPages([change(piece(), piece({ name: 'another' }))], singles)).render).toEqual([
      PIECE,
      SINGLES,
    ]);
    expect(paths(affectedPages([change(piece(), undefined)], singles))).toEqual({
      render: [SINGLES, '/women/'],
      remove: [PIECE],
    });
  });

  it("not a piece's price, nor any piece of a collection that is not single (its landing lists none)", () => {
    expect(paths(affectedPages([change(piece(), piece({ priceUs: 1 }))], singles)).render).toEqual([PIECE]);
    expect(paths(affectedPages([change(piece(), piece({ status: 0 }))], facts({ coat: 0 }))).render).toEqual([
      PIECE,
      '/women/',
    ]);
  });

  it("a piece moved: both collections' lists of pieces, on each list they are on", () => {
    const answer = affectedPages(
      [change(piece(), piece({ typeId: 'ring' }))],
      facts({ coat: 0, ring: 2 }, {}, ['coat', 'ring']),
    );
    expect(paths(answer).render).toEqual([
      '/men/',
      PIECE,
      SINGLES,
      '/products/singleproducts?type=ring&gender=0',
      '/products/singleproducts?type=ring&gender=1',
      '/women/',
    ]);
  });
});

describe('draws', () => {
  it('made open: its page and the open draws', () => {
    expect(paths(affectedPages([change(undefined, draw())], NO_FACTS)).render).toEqual([
      '/draw/d1',
      '/draws',
    ]);
  });

  it('closing: its page and the open draws it leaves; later moves: its page only', () => {
    expect(paths(affectedPages([change(draw(), draw({ state: 'closing' }))], NO_FACTS)).render).toEqual([
      '/draw/d1',
      '/draws',
    ]);
    const closed = draw({ state: 'closed', listHash: 'h', entered: 3 });
    expect(paths(affectedPages([change(draw({ state: 'closing' }), closed)], NO_FACTS)).render).toEqual([
      '/draw/d1',
    ]);
  });

  it("settling fields no page shows, entries and the piece's pointer: nothing", () => {
    const drawn = draw({ state: 'drawn', winner: 'c' });
    const batch = [
      change(drawn, { ...drawn, offeredTo: 'e1' }),
      change(undefined, {
        ...entryKey('d1', 'e1'),
        kind: 'entry',
        drawId: 'd1',
        entryId: 'e1',
        state: 'pending',
      }),
      change(undefined, { ...pieceDrawKey('p1'), kind: 'pieceDraw', drawId: 'd1' }),
    ];
    expect(affectedPages(batch, NO_FACTS).render).toEqual([]);
  });

  it('deleted: its page removed', () => {
    expect(paths(affectedPages([change(draw(), undefined)], NO_FACTS))).toEqual({
      render: ['/draws'],
      remove: ['/draw/d1'],
    });
  });
});

describe('content', () => {
  it('a film: the pages that show it', () => {
    const pages = (slot: string) =>
      paths(affectedPages([change(undefined, film(slot, 't'))], NO_FACTS)).render;
    expect(pages('mission-video')).toEqual(['/allvideos', '/world/mission/video', '/world/mission/written']);
    expect(pages('music-video')).toEqual(['/allvideos', '/world/mission/music']);
    expect(pages('club')).toEqual(['/world/club']);
    expect(pages('collection-3')).toEqual(['/allvideos']);
    // "How to measure" is on /products/measure, not a page rendered ahead of time.
    expect(pages('how-to-measure')).toEqual([]);
  });

  it('a terms version: the terms page and the membership page', () => {
    const terms = { ...termsKey('2026-11'), kind: 'terms', version: '2026-11', effectiveDate: '2027-01-15' };
    expect(paths(affectedPages([change(undefined, terms)], NO_FACTS)).render).toEqual([
      '/more/terms-and-conditions',
      '/world/membership',
    ]);
  });
});

describe('changes no public page shows', () => {
  it('orders, sessions, members, audit entries, limits, size guides: nothing, and nothing to read', () => {
    const guide = { ...sizeKeys({ id: 's1', typeId: 'coat', index: 0 }), sk: 'GUIDE#g1', kind: 'sizeGuide' };
    const audit = auditItem({ admin: 'staff', action: 'update', entity: 'product', entityId: 'p1' }).Put
      ?.Item as Item;
    const batch = [
      change(undefined, {
        ...orderKeys({ checkoutCode: 'ABC', checkoutTime: 't' }),
        kind: 'order',
        checkoutCode: 'ABC',
      }),
      change(undefined, { ...sessionKey('hash'), kind: 'session' }),
      change(undefined, {
        ...memberKeys({ email: 'a@b.c', createdAt: 't' }),
        kind: 'member',
        email: 'a@b.c',
      }),
      change(undefined, audit),
      change(undefined, { ...rateLimitKey('signup', '1.2.3.4'), kind: 'limit' }),
      change(undefined, guide),
    ];
    expect(audit.kind).toBe('audit');
    expect(affectedPages(batch, NO_FACTS)).toMatchObject({ render: [], remove: [] });
    expect(factsToRead(batch)).toEqual({ genders: [], pieces: [] });
  });
});

describe('what the caller reads first', () => {
  it('the genders of the collections of pieces whose lists change, the pieces of edited collections', () => {
    const batch = [
      change(piece(), piece({ typeId: 'ring', status: 0 })),
      change(piece({ id: 'p2' }), piece({ id: 'p2', priceUs: 1 })),
      change(collection({ id: 'bag' }), collection({ id: 'bag', name: 'the bag' })),
      change(undefined, picture('type', 'scarf', 6)),
    ];
    expect(factsToRead(batch)).toEqual({ genders: ['coat', 'ring', 'scarf'], pieces: ['bag', 'scarf'] });
    // A size's collection (its landing), and a piece's whose name its collection's list shows.
    expect(
      factsToRead([change(undefined, size({ typeId: 'hat' })), change(piece(), piece({ name: 'other' }))]),
    ).toEqual({ genders: ['coat', 'hat'], pieces: [] });
  });
});

describe("a collection's own pages, over any batch of its edits", () => {
  const edit = fc.record({
    gender: fc.constantFrom<0 | 1 | 2>(0, 1, 2),
    single: fc.boolean(),
    gone: fc.boolean(),
  });

  it('renders the pages it has after its last change and removes those it had before and has no more', () => {
    fc.assert(
      fc.property(
        fc.array(edit, { minLength: 1, maxLength: 8 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        (edits, swaps) => {
          // A history of one collection: made, edited (gender, single) or deleted and made again.
          // Each edit renames it too: a change its pages show.
          const images = edits.map((e, i) =>
            e.gone ? undefined : collection({ gender: e.gender, singlecollection: e.single, name: `n${i}` }),
          );
          const history = [collection(), ...images];
          const batch = history
            .slice(1)
            .map((now, i) => ({ old: history[i], now }))
            .filter(({ old, now }) => old || now)
            .map(({ old, now }, i) => change(old, now, 9_000 + i));
          if (batch.length === 0) return;
          const shuffled = [...batch];
          for (const [i, n] of swaps.entries()) {
            const a = i % shuffled.length;
            const b = n % shuffled.length;
            [shuffled[a], shuffled[b]] = [shuffled[b] as TableChange, shuffled[a] as TableChange];
          }
          const answer = paths(affectedPages(shuffled, NO_FACTS));
          const own = (list: string[]) => list.filter((path) => path.includes('?type=coat'));
          const pagesOf = (image: Item | undefined) =>
            image
              ? (image.gender === 2 ? [0, 1] : [image.gender]).map(
                  (g) =>
                    `/products/${image.singlecollection ? 'singleproducts' : 'productrelated'}?type=coat&gender=${g}`,
                )
              : [];
          const now = new Set(pagesOf(history[history.length - 1]));
          expect(own(answer.render).sort()).toEqual([...now].sort());
          // Every page it had in the batch and has no more goes, and only those.
          const had = new Set(history.slice(0, -1).flatMap(pagesOf));
          expect(own(answer.remove).sort()).toEqual([...had].filter((path) => !now.has(path)).sort());
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('coalescing', () => {
  it("1,000 changes of 50 pieces' prices: each page once, the earliest change its cause", () => {
    const batch: TableChange[] = [];
    let at = 1_000;
    for (let round = 0; round < 20; round++)
      for (let n = 0; n < 50; n++)
        batch.push(
          change(
            piece({ id: `p${n}`, priceUs: 100 + round }),
            piece({ id: `p${n}`, priceUs: 101 + round }),
            at++,
          ),
        );
    const answer = affectedPages(batch, facts({ coat: 0 }));
    expect(answer.render).toHaveLength(50);
    expect(answer.firstCause.get(PIECE)).toBe('1001');
  });

  it('sequence numbers compare as numbers, however long', () => {
    expect(compareSequence('9', '10')).toBeLessThan(0);
    expect(
      compareSequence(
        '49668642138428193574811434627419580427153745698829123586',
        '4966864213842819357481143462741958042715374569882912358',
      ),
    ).toBeGreaterThan(0);
    expect(compareSequence('12', '12')).toBe(0);
  });

  const arbitraryChange = fc
    .record({
      kind: fc.constantFrom('product', 'type', 'image', 'draw', 'film', 'order', 'size'),
      id: fc.constantFrom('p1', 'p2', 'coat', 'd1'),
      before: fc.boolean(),
      after: fc.boolean(),
      price: fc.integer({ min: 1, max: 3 }),
      status: fc.constantFrom(0, 1),
      gender: fc.constantFrom(0, 1, 2),
      imageType: fc.integer({ min: 1, max: 6 }),
      single: fc.boolean(),
    })
    .filter((c) => c.before || c.after)
    .map((c): [Item | undefined, Item | undefined] => {
      const make = (version: number): Item => {
        switch (c.kind) {
          case 'product':
            return piece({ id: c.id, priceUs: c.price + version, status: version ? (c.status as 0 | 1) : 1 });
          case 'type':
            return collection({
              id: c.id,
              gender: version ? (c.gender as 0 | 1 | 2) : 0,
              name: `n${version}`,
              singlecollection: version ? c.single : false,
            });
          case 'size':
            return size({ id: c.id, name: `n${version}`, typeId: version && c.single ? 'ring' : 'coat' });
          case 'image':
            return picture(c.imageType <= 2 ? 'product' : 'type', c.id, c.imageType, version);
          case 'draw':
            return draw({ drawId: c.id, state: version ? 'closing' : 'open' });
          case 'film':
            return film('mission-video', `t${version}`);
          default:
            return { ...orderKeys({ checkoutCode: c.id, checkoutTime: 't' }), kind: 'order', v: version };
        }
      };
      return [c.before ? make(0) : undefined, c.after ? make(1) : undefined];
    });

  it('any batch: no page twice, none both rendered and removed, the same pages in any order', () => {
    fc.assert(
      fc.property(fc.array(arbitraryChange, { maxLength: 40 }), fc.integer(), (items, seed) => {
        let at = 5_000;
        const batch = items.map(([old, now]) => change(old, now, at++));
        const known = facts({ coat: 2, ring: 0 }, { coat: ['p1', 'p2'] }, ['ring']);
        const answer = affectedPages(batch, known);
        const render = answer.render.map(pagePath);
        const remove = answer.remove.map(pagePath);
        expect(new Set(render).size).toBe(render.length);
        expect(new Set(remove).size).toBe(remove.length);
        expect(render.filter((p) => remove.includes(p))).toEqual([]);
        for (const path of [...render, ...remove]) expect(answer.firstCause.has(path)).toBe(true);
        // Shuffled (a seeded Fisher-Yates): the same answer.
        const shuffled = [...batch];
        let state = seed;
        for (let i = shuffled.length - 1; i > 0; i--) {
          state = (state * 1_103_515_245 + 12_345) & 0x7fffffff;
          const j = state % (i + 1);
          [shuffled[i], shuffled[j]] = [shuffled[j] as TableChange, shuffled[i] as TableChange];
        }
        const again = affectedPages(shuffled, known);
        expect(paths(again)).toEqual(paths(answer));
        expect([...again.firstCause].sort()).toEqual([...answer.firstCause].sort());
        expect(factsToRead(shuffled)).toEqual(factsToRead(batch));
      }),
      { numRuns: 300 },
    );
  });
});
