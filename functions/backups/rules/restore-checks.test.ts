import { describe, expect, it } from 'vitest';
import { toBase64, utf8 } from '#shared/passport/bytes.ts';
import { entryText, mapEntryText } from '#shared/passport/log.ts';
import { leafHash, rootOf } from '#shared/passport/merkle.ts';
import { entryHashHex } from '#shared/passport/piece-map.ts';
import { demoCatalogue } from '../../../infra/local/demo/catalogue.ts';
import {
  CHECKS,
  type CheckName,
  checkRestore,
  countItems,
  type Finding,
  type Item,
  type PublishedCheckpoint,
  type RestoreInput,
  type TableSettings,
} from './restore-checks.ts';

/**
 * The restore validation's checks on a demo-like table (the demo catalogue with a sale, a hold,
 * a draw's hold, members and a passport log made by the log's own code), clean and with one
 * corruption planted at a time: each corruption fails its check by name, the others hold.
 */
const T = '2026-11-30T10:00:00.000Z';
const owner = 'a'.repeat(64);

async function passportLog(): Promise<{ items: Item[]; published: PublishedCheckpoint }> {
  const issue = entryText({
    seq: 0,
    time: T,
    kind: 'issue',
    piece: 'p-sold',
    owner: null,
    prev: null,
    cert: 'c'.repeat(22),
  });
  const sale = entryText({
    seq: 1,
    time: T,
    kind: 'sale',
    piece: 'p-sold',
    owner,
    prev: { seq: 0, hash: await entryHashHex(issue) },
  });
  const map = mapEntryText({ seq: 2, time: T, pieces: 1, root: 'b'.repeat(64) });
  const texts = [issue, sale, map];
  const root = toBase64(await rootOf(await Promise.all(texts.map((t) => leafHash(utf8(t))))));
  const entryItem = (seq: number, text: string): Item => ({
    pk: 'PASSPORTLOG',
    sk: `ENTRY#${String(seq).padStart(12, '0')}`,
    seq,
    text,
  });
  return {
    items: [
      ...texts.map((text, seq) => entryItem(seq, text)),
      { pk: 'PASSPORT#p-sold', sk: 'ENTRY#000000000000', seq: 0, text: issue },
      { pk: 'PASSPORT#p-sold', sk: 'ENTRY#000000000001', seq: 1, text: sale },
      { pk: 'PASSPORTLOG', sk: '#HEAD', size: 3, root },
      { pk: 'PASSPORTLOG', sk: 'CHECKPOINT#000000000003', size: 3, text: 'note' },
    ],
    published: { size: 3, root },
  };
}

const product = (id: string, extra: Item): Item => ({
  pk: `PRODUCT#${id}`,
  sk: '#PRODUCT',
  gsi2pk: 'PRODUCTS',
  gsi2sk: `${T}#${id}`,
  kind: 'product',
  id,
  status: 1,
  cardNumber: `card-${id}`,
  ...extra,
});
const order = (code: string, extra: Item): Item => ({
  pk: `ORDER#${code}`,
  sk: '#ORDER',
  gsi2pk: 'ORDERS',
  gsi2sk: `${T}#${code}`,
  kind: 'order',
  checkoutCode: code,
  ...extra,
});
const consent = { at: T, page: '/members', words: 'Tell me of new pieces', address: '203.0.113.9' };

async function cleanTable(): Promise<{ items: Item[]; published: PublishedCheckpoint }> {
  const log = await passportLog();
  const items: Item[] = [
    ...demoCatalogue().items.map((item) => item as Item),
    product('p-sold', { status: 0, soldOrder: 'c-sold', soldAt: T }),
    order('c-sold', { productId: 'p-sold', status: 'paid', holdId: 'h-1', paidAt: T }),
    // An abandoned checkout of the same piece before it sold: not paid, not counted.
    order('c-failed', { productId: 'p-sold', status: 'failed', holdId: 'h-0' }),
    {
      pk: 'AUTH#card-p-sold',
      sk: '#AUTH',
      gsi2pk: 'AUTHS',
      kind: 'authRecord',
      cardNumber: 'card-p-sold',
      pid: 'p-sold',
    },
    { pk: 'CARD#card-p-sold', sk: '#CARD', kind: 'cardClaim', cardNumber: 'card-p-sold', pid: 'p-sold' },
    product('p-held', { holdId: 'h-2', holdUntil: Date.parse(T) + 600_000 }),
    order('c-held', { productId: 'p-held', status: 'pending', holdId: 'h-2' }),
    product('p-draw', { holdId: 'draw:d-1', holdUntil: Number.MAX_SAFE_INTEGER }),
    { pk: 'DRAW#d-1', sk: '#DRAW', gsi1pk: 'DRAWS', kind: 'draw', drawId: 'd-1', pid: 'p-draw' },
    product('p-elsewhere', { status: 0, soldOnOtherPlatform: true }),
    {
      pk: 'MEMBER#a@example.com',
      sk: '#MEMBER',
      gsi2pk: 'MEMBERS',
      kind: 'member',
      email: 'a@example.com',
      status: 'confirmed',
      consent,
      confirmedAt: T,
    },
    {
      pk: 'MEMBER#b@example.com',
      sk: '#MEMBER',
      gsi2pk: 'MEMBERS',
      kind: 'member',
      email: 'b@example.com',
      status: 'pending',
      consent,
      expiresAt: 1,
    },
    // Signed up before double opt-in: no status, no consent recorded.
    { pk: 'MEMBER#c@example.com', sk: '#MEMBER', gsi2pk: 'MEMBERS', kind: 'member', email: 'c@example.com' },
    { pk: 'SESSION#x', sk: '#SESSION', expiresAt: 1 },
    ...log.items,
  ];
  return { items, published: log.published };
}

/** The input a test changes before the checks run. */
type Restored = Omit<RestoreInput, 'items'> & { items: Item[] };

const settings: TableSettings = {
  ttl: { status: 'ENABLED', attribute: 'expiresAt' },
  stream: { enabled: true, viewType: 'NEW_AND_OLD_IMAGES' },
  pointInTimeRecovery: 'ENABLED',
};

async function run(change: (input: Restored) => void = () => {}): Promise<Finding[]> {
  const { items, published } = await cleanTable();
  const source = { table: 'shop', exportTime: T, ...countItems(items) };
  const input: Restored = {
    source,
    items: items.map((item) => structuredClone(item)),
    published,
    settings: structuredClone(settings),
    ttlAttribute: 'expiresAt',
  };
  change(input);
  return checkRestore(input);
}

const failed = (findings: Finding[]) => findings.filter((f) => !f.ok).map((f) => f.check);
const detailsOf = (findings: Finding[], check: CheckName) =>
  findings.find((f) => f.check === check)?.details ?? [];
const without = (input: Restored, pk: string, sk: string) => {
  input.items = input.items.filter((item) => !(item.pk === pk && item.sk === sk));
};
const itemAt = (input: Restored, pk: string, sk: string) =>
  input.items.find((item) => item.pk === pk && item.sk === sk) as Item;

describe('restore checks', () => {
  it('holds every check on the clean demo-like table, each by name', async () => {
    const findings = await run();
    expect(findings.map((f) => f.check)).toEqual([...CHECKS]);
    expect(failed(findings)).toEqual([]);
    expect(detailsOf(findings, 'sold-piece-paid-order')).toEqual([
      '1 pieces sold through an order, each with its one paid order',
    ]);
    expect(detailsOf(findings, 'hold-has-order')).toEqual(['2 holds, each with its order or draw']);
    expect(detailsOf(findings, 'passport-checkpoint-prefix')).toEqual([
      'the published checkpoint (3) is a prefix of the restored log (3)',
    ]);
    expect(detailsOf(findings, 'member-consent')).toEqual([
      '2 members by double opt-in, each with its consent',
    ]);
  });

  it('fails a sold piece whose paid order is gone, by name, and the order count', async () => {
    const findings = await run((input) => without(input, 'ORDER#c-sold', '#ORDER'));
    expect(failed(findings)).toEqual(['counts-per-entity', 'index-counts', 'sold-piece-paid-order']);
    expect(detailsOf(findings, 'sold-piece-paid-order')).toEqual([
      'sold piece p-sold has no paid order (it names c-sold)',
    ]);
    expect(detailsOf(findings, 'counts-per-entity')).toEqual(['entity order: 2 restored, 3 at the backup']);
  });

  it('fails a second paid order of a sold piece, and a paid order whose piece is gone', async () => {
    const twice = await run((input) => {
      itemAt(input, 'ORDER#c-failed', '#ORDER').status = 'paid';
      input.source.counts.order = 3;
    });
    expect(detailsOf(twice, 'sold-piece-paid-order')).toEqual(['sold piece p-sold has 2 paid orders']);
    expect(detailsOf(twice, 'paid-order-piece')).toEqual([
      "paid order c-failed's piece p-sold is not sold to it",
    ]);
    const gone = await run((input) => without(input, 'PRODUCT#p-sold', '#PRODUCT'));
    expect(failed(gone)).toContain('paid-order-piece');
    expect(detailsOf(gone, 'paid-order-piece')).toEqual(["paid order c-sold's piece p-sold does not exist"]);
  });

  it('fails a sold piece without its owner record, and an owner record without its card claim', async () => {
    const noRecord = await run((input) => without(input, 'AUTH#card-p-sold', '#AUTH'));
    expect(detailsOf(noRecord, 'sold-piece-owner-record')).toEqual(['sold piece p-sold has no owner record']);
    const noClaim = await run((input) => without(input, 'CARD#card-p-sold', '#CARD'));
    expect(failed(noClaim)).toEqual(['counts-per-entity', 'owner-record-card-claim']);
    expect(detailsOf(noClaim, 'owner-record-card-claim')).toEqual([
      'owner record card-p-sold has no card claim',
    ]);
  });

  it('fails a hold without its order, and a draw hold without its draw', async () => {
    const findings = await run((input) => without(input, 'ORDER#c-held', '#ORDER'));
    expect(failed(findings)).toEqual(['counts-per-entity', 'index-counts', 'hold-has-order']);
    expect(detailsOf(findings, 'hold-has-order')).toEqual([
      'piece p-held is held (hold h-2) without its order',
    ]);
    const draw = await run((input) => without(input, 'DRAW#d-1', '#DRAW'));
    expect(detailsOf(draw, 'hold-has-order')).toEqual([
      'piece p-draw is held by draw d-1, which does not exist',
    ]);
  });

  it('fails a count off by one, naming the entity, and a lost index key', async () => {
    const findings = await run((input) => {
      const image = input.items.findIndex((item) => item.kind === 'image');
      input.items = input.items.filter((_, i) => i !== image);
    });
    expect(failed(findings)).toEqual(['counts-per-entity']);
    const [detail] = detailsOf(findings, 'counts-per-entity');
    const expected = (await cleanTable()).items.filter((item) => item.kind === 'image').length;
    expect(detail).toBe(`entity image: ${expected - 1} restored, ${expected} at the backup`);
    const index = await run((input) => {
      delete itemAt(input, 'MEMBER#a@example.com', '#MEMBER').gsi2pk;
    });
    expect(failed(index)).toEqual(['index-counts']);
    expect(detailsOf(index, 'index-counts')[0]).toMatch(/^index gsi2: \d+ restored, \d+ at the backup$/);
  });

  it('fails an altered passport entry: the hash chain, the head and the published checkpoint, by name', async () => {
    const findings = await run((input) => {
      const issue = itemAt(input, 'PASSPORTLOG', 'ENTRY#000000000000');
      issue.text = String(issue.text).replace(
        '"time":"2026-11-30T10:00:00.000Z"',
        '"time":"2026-11-30T09:00:00.000Z"',
      );
    });
    expect(failed(findings)).toEqual([
      'passport-hash-chain',
      'passport-head',
      'passport-piece-copies',
      'passport-checkpoint-prefix',
    ]);
    expect(detailsOf(findings, 'passport-hash-chain')[0]).toMatch(
      /^passport log entry 1 of piece p-sold breaks its hash chain/,
    );
    expect(detailsOf(findings, 'passport-checkpoint-prefix')).toEqual([
      "the restored log's first 3 entries do not make the published checkpoint's root",
    ]);
  });

  it("fails a piece's copy of its entry that is not the log's, and an entry without its copy", async () => {
    const altered = await run((input) => {
      const copy = itemAt(input, 'PASSPORT#p-sold', 'ENTRY#000000000001');
      copy.text = String(copy.text).replace(owner, 'f'.repeat(64));
    });
    expect(failed(altered)).toEqual(['passport-piece-copies']);
    expect(detailsOf(altered, 'passport-piece-copies')).toEqual([
      "piece p-sold's copy of passport log entry 1 is not the log's entry",
    ]);
    const missing = await run((input) => without(input, 'PASSPORT#p-sold', 'ENTRY#000000000000'));
    expect(failed(missing)).toEqual(['counts-per-entity', 'passport-piece-copies']);
    expect(detailsOf(missing, 'passport-piece-copies')).toEqual([
      'passport log entry 0 has no copy under piece p-sold',
    ]);
  });

  it('fails a restored log shorter than the published checkpoint, and a gap in it', async () => {
    const short = await run((input) => {
      without(input, 'PASSPORTLOG', 'ENTRY#000000000002');
      itemAt(input, 'PASSPORTLOG', '#HEAD').size = 2;
    });
    expect(detailsOf(short, 'passport-checkpoint-prefix')).toEqual([
      'the published checkpoint has 3 entries, the restored log 2 (entries published after the backup: recover them from passport/log/tile/entries)',
    ]);
    const gap = await run((input) => without(input, 'PASSPORTLOG', 'ENTRY#000000000001'));
    expect(detailsOf(gap, 'passport-hash-chain')).toEqual([
      'passport log entry 1 is missing (the next is 2)',
    ]);
  });

  it('holds a published checkpoint that is a shorter prefix of a longer restored log', async () => {
    const { items } = await cleanTable();
    const texts = items
      .filter((item) => item.pk === 'PASSPORTLOG' && String(item.sk).startsWith('ENTRY#'))
      .map((item) => String(item.text));
    const root = toBase64(await rootOf(await Promise.all(texts.slice(0, 2).map((t) => leafHash(utf8(t))))));
    const findings = await run((input) => {
      input.published = { size: 2, root };
    });
    expect(failed(findings)).toEqual([]);
  });

  it("checks the backup's own checkpoint apart from one published after it", async () => {
    const { published } = await cleanTable();
    const altered = await run((input) => {
      input.source.checkpoint = published;
      const sale = itemAt(input, 'PASSPORTLOG', 'ENTRY#000000000001');
      sale.text = String(sale.text).replace(owner, 'f'.repeat(64));
    });
    expect(detailsOf(altered, 'passport-checkpoint-prefix')).toEqual([
      "the restored log's first 3 entries do not make the checkpoint published at the backup's root",
      "the restored log's first 3 entries do not make the published checkpoint's root",
    ]);
    const later = await run((input) => {
      input.source.checkpoint = published;
      input.published = { size: 5, root: published.root };
    });
    expect(failed(later)).toEqual(['passport-checkpoint-prefix']);
    expect(detailsOf(later, 'passport-checkpoint-prefix')).toEqual([
      'the published checkpoint has 5 entries, the restored log 3 (entries published after the backup: recover them from passport/log/tile/entries)',
    ]);
    const clean = await run((input) => {
      input.source.checkpoint = published;
    });
    expect(detailsOf(clean, 'passport-checkpoint-prefix')).toEqual([
      'the checkpoint published at the backup (3) and the published checkpoint (3) are prefixes of the restored log (3)',
    ]);
  });

  it('fails a confirmed member without its consent', async () => {
    const findings = await run((input) => {
      delete (itemAt(input, 'MEMBER#a@example.com', '#MEMBER').consent as Record<string, unknown>).words;
    });
    expect(failed(findings)).toEqual(['member-consent']);
    expect(detailsOf(findings, 'member-consent')).toEqual([
      'confirmed member a@example.com has no consent words',
    ]);
  });

  it('fails TTL missing, the stream off and point-in-time recovery off', async () => {
    const findings = await run((input) => {
      input.settings.ttl = { status: 'DISABLED' };
      input.settings.stream = { enabled: false };
      input.settings.pointInTimeRecovery = 'DISABLED';
    });
    expect(failed(findings)).toEqual(['ttl', 'stream', 'point-in-time-recovery']);
    expect(detailsOf(findings, 'ttl')).toEqual(['TTL is DISABLED, not ENABLED on expiresAt']);
    const wrong = await run((input) => {
      input.settings.ttl = { status: 'ENABLED', attribute: 'ttl' };
      input.settings.stream = { enabled: true, viewType: 'NEW_IMAGE' };
    });
    expect(failed(wrong)).toEqual(['ttl', 'stream']);
  });
});
