import { toBase64, utf8 } from '#shared/passport/bytes.ts';
import {
  entryWithoutPrev,
  parseEntry,
  parseListEntry,
  parseMapEntry,
  pieceOfText,
} from '#shared/passport/log-entry.ts';
import { leafHash, rootOf } from '#shared/passport/merkle.ts';
import { entryHashHex } from '#shared/passport/piece-map.ts';

/**
 * A restored table checked against its source (issue 49): pure, items in → findings out, so the
 * same checks run in AWS Backup's restore-testing validation and in the local drill. The reader
 * (../restore-reader.ts) scans the restored table and reads the published checkpoint; the source's
 * counts are the manifest written beside the export (`SourceManifest`).
 */

/** A table item as DynamoDB's document client gives it. */
export type Item = Record<string, unknown>;

/** What the source table held at the backup's time, written beside the export. */
export interface SourceManifest {
  /** The table the export was taken of, and the export's point in time (ISO). */
  table: string;
  exportTime: string;
  /** Items per entity (`entityOf`), and the items each global index holds. */
  counts: Record<string, number>;
  indexCounts: Record<string, number>;
  total: number;
  /** The passport log's checkpoint published when the export began (read before its scan). */
  checkpoint?: PublishedCheckpoint;
}

/** The restored table's settings as DescribeTable, DescribeTimeToLive and DescribeContinuousBackups give them. */
export interface TableSettings {
  ttl: { status?: string; attribute?: string };
  stream: { enabled?: boolean; viewType?: string };
  pointInTimeRecovery?: string;
}

export interface Finding {
  /** The check's name (CHECKS). */
  check: CheckName;
  ok: boolean;
  /** What was found: each violation in words, or what held. */
  details: string[];
}

export const CHECKS = [
  'counts-per-entity',
  'index-counts',
  'sold-piece-paid-order',
  'sold-piece-owner-record',
  'paid-order-piece',
  'hold-has-order',
  'owner-record-card-claim',
  'passport-hash-chain',
  'passport-head',
  'passport-piece-copies',
  'passport-checkpoint-prefix',
  'member-consent',
  'ttl',
  'stream',
  'point-in-time-recovery',
] as const;
export type CheckName = (typeof CHECKS)[number];

const PRODUCT_SOLD = 0;
const LOG_PK = 'PASSPORTLOG';
const ENTRY_PREFIX = 'ENTRY#';
const DRAW_HOLD_PREFIX = 'draw:';
/** More violations than this are counted, not listed. */
const LISTED = 20;

const str = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * The entity an item is: its `kind`, except in the passport log's partitions, whose pending
 * entries carry the log entry's kind (`sale`, `transfer`…) and whose sequenced items carry none:
 * those are named by their keys. Items with no `kind` elsewhere (rate limits, sessions, the
 * status list) are named by their key prefixes.
 */
export function entityOf(item: Item): string {
  const pk = str(item.pk) ?? '';
  const sk = str(item.sk) ?? '';
  const prefix = (key: string) => key.split('#').filter(Boolean)[0] ?? key;
  if (pk === `${LOG_PK}#PENDING`) return 'passportLog:pending';
  if (pk === `${LOG_PK}#LIST`) return 'passportLog:list';
  if (pk === LOG_PK) return `passportLog:${prefix(sk)}`;
  if (pk.startsWith('PASSPORT#') && sk.startsWith(ENTRY_PREFIX)) return 'passportLog:pieceEntry';
  const kind = str(item.kind);
  return kind ?? `key:${prefix(pk)}/${prefix(sk)}`;
}

/** The counts a manifest records: per entity, per global index (items with its partition key). */
export function countItems(items: Iterable<Item>): Pick<SourceManifest, 'counts' | 'indexCounts' | 'total'> {
  const counts: Record<string, number> = {};
  const indexCounts: Record<string, number> = { gsi1: 0, gsi2: 0 };
  let total = 0;
  for (const item of items) {
    total++;
    const entity = entityOf(item);
    counts[entity] = (counts[entity] ?? 0) + 1;
    for (const index of ['gsi1', 'gsi2'] as const)
      if (item[`${index}pk`] !== undefined) indexCounts[index] = (indexCounts[index] ?? 0) + 1;
  }
  return { counts, indexCounts, total };
}

const finding = (check: CheckName, problems: string[], held: string): Finding => ({
  check,
  ok: problems.length === 0,
  details:
    problems.length === 0
      ? [held]
      : problems.length > LISTED
        ? [...problems.slice(0, LISTED), `… and ${problems.length - LISTED} more`]
        : problems,
});

function compareCounts(
  check: CheckName,
  source: Record<string, number>,
  restored: Record<string, number>,
  what: string,
  whats: string,
): Finding {
  const problems = [...new Set([...Object.keys(source), ...Object.keys(restored)])]
    .sort()
    .flatMap((name) =>
      (source[name] ?? 0) === (restored[name] ?? 0)
        ? []
        : [`${what} ${name}: ${restored[name] ?? 0} restored, ${source[name] ?? 0} at the backup`],
    );
  const total = Object.values(restored).reduce((a, b) => a + b, 0);
  return finding(check, problems, `${Object.keys(source).length} ${whats}, ${total} items, as at the backup`);
}

/** The table's items sorted out once for the invariants. */
function indexItems(items: readonly Item[]) {
  const products = new Map<string, Item>();
  const orders = new Map<string, Item>();
  const ordersByPiece = new Map<string, Item[]>();
  const recordsByPiece = new Map<string, Item[]>();
  const records: Item[] = [];
  const claims = new Map<string, Item>();
  const draws = new Set<string>();
  const members: Item[] = [];
  const logEntries: { seq: number; text: string }[] = [];
  const pieceCopies: { pid: string; seq: number; text: string }[] = [];
  let head: Item | undefined;
  const push = (map: Map<string, Item[]>, key: string, item: Item) =>
    map.set(key, [...(map.get(key) ?? []), item]);
  for (const item of items) {
    const pk = str(item.pk) ?? '';
    const sk = str(item.sk) ?? '';
    if (pk === LOG_PK) {
      if (sk === '#HEAD') head = item;
      else if (sk.startsWith(ENTRY_PREFIX))
        logEntries.push({ seq: Number(sk.slice(ENTRY_PREFIX.length)), text: str(item.text) ?? '' });
      continue;
    }
    if (pk.startsWith('PASSPORT#') && sk.startsWith(ENTRY_PREFIX)) {
      pieceCopies.push({
        pid: pk.slice('PASSPORT#'.length),
        seq: Number(sk.slice(ENTRY_PREFIX.length)),
        text: str(item.text) ?? '',
      });
      continue;
    }
    switch (item.kind) {
      case 'product':
        products.set(str(item.id) ?? '', item);
        break;
      case 'order':
        orders.set(str(item.checkoutCode) ?? '', item);
        push(ordersByPiece, str(item.productId) ?? '', item);
        break;
      case 'authRecord':
        records.push(item);
        push(recordsByPiece, str(item.pid) ?? '', item);
        break;
      case 'cardClaim':
        claims.set(str(item.cardNumber) ?? '', item);
        break;
      case 'draw':
        draws.add(str(item.drawId) ?? '');
        break;
      case 'member':
        members.push(item);
        break;
    }
  }
  logEntries.sort((a, b) => a.seq - b.seq);
  return {
    products,
    orders,
    ordersByPiece,
    recordsByPiece,
    records,
    claims,
    draws,
    members,
    logEntries,
    pieceCopies,
    head,
  };
}

type Indexed = ReturnType<typeof indexItems>;

/**
 * Each piece sold through an order (product `status` 0 with `soldOrder`, set only by the sale's
 * transaction, catalog/entities/product-hold.ts) has exactly one paid order, the one it names,
 * for itself; a piece marked sold by staff (no `soldOrder`: sold elsewhere) has no paid order.
 */
function soldPiecePaidOrder({ products, orders, ordersByPiece }: Indexed): Finding {
  const problems: string[] = [];
  let sold = 0;
  for (const [pid, product] of products) {
    const paid = (ordersByPiece.get(pid) ?? []).filter((o) => o.status === 'paid');
    const soldOrder = str(product.soldOrder);
    if (product.status !== PRODUCT_SOLD) {
      if (paid.length > 0)
        problems.push(`piece ${pid} is on sale but has a paid order ${paid[0]?.checkoutCode}`);
      continue;
    }
    if (soldOrder === undefined) {
      if (paid.length > 0)
        problems.push(`sold piece ${pid} names no order but has a paid order ${paid[0]?.checkoutCode}`);
      continue;
    }
    sold++;
    const named = orders.get(soldOrder);
    if (named?.status !== 'paid' || named.productId !== pid)
      problems.push(`sold piece ${pid} has no paid order (it names ${soldOrder})`);
    else if (paid.length !== 1) problems.push(`sold piece ${pid} has ${paid.length} paid orders`);
  }
  return finding(
    'sold-piece-paid-order',
    problems,
    `${sold} pieces sold through an order, each with its one paid order`,
  );
}

/**
 * Each sold piece has exactly one authenticity (owner) record, for its card number: the sale
 * writes it with the order (checkout/entities/order.ts sellOrder); a piece sold elsewhere gets
 * it when saved so (catalog/admin/products/save.ts) — a record, if any, is one and for its card.
 */
function soldPieceOwnerRecord({ products, recordsByPiece }: Indexed): Finding {
  const problems: string[] = [];
  let checked = 0;
  for (const [pid, product] of products) {
    const records = recordsByPiece.get(pid) ?? [];
    if (records.length > 1) problems.push(`piece ${pid} has ${records.length} owner records`);
    const record = records[0];
    if (record && record.cardNumber !== product.cardNumber)
      problems.push(
        `piece ${pid}'s owner record is for card ${record.cardNumber}, the piece carries ${product.cardNumber}`,
      );
    if (product.status === PRODUCT_SOLD && product.soldOrder !== undefined) {
      checked++;
      if (records.length === 0) problems.push(`sold piece ${pid} has no owner record`);
    }
  }
  return finding(
    'sold-piece-owner-record',
    problems,
    `${checked} sold pieces, each with its one owner record`,
  );
}

/** Each paid order's piece exists, is sold and names it (a paid order's piece cannot be deleted). */
function paidOrderPiece({ products, orders }: Indexed): Finding {
  const problems: string[] = [];
  let paid = 0;
  for (const [code, order] of orders) {
    if (order.status !== 'paid') continue;
    paid++;
    const product = products.get(str(order.productId) ?? '');
    if (!product) problems.push(`paid order ${code}'s piece ${order.productId} does not exist`);
    else if (product.status !== PRODUCT_SOLD || product.soldOrder !== code)
      problems.push(`paid order ${code}'s piece ${order.productId} is not sold to it`);
  }
  return finding('paid-order-piece', problems, `${paid} paid orders, each with its sold piece`);
}

/**
 * No hold without its order: a checkout's hold (`holdId`) is written in the transaction that
 * records its order (checkout/entities/order.ts holdAndRecordOrder), so some order of the piece
 * carries the same hold; a draw's hold (`draw:<drawId>`) has its draw.
 */
function holdHasOrder({ products, ordersByPiece, draws }: Indexed): Finding {
  const problems: string[] = [];
  let holds = 0;
  for (const [pid, product] of products) {
    const holdId = str(product.holdId);
    if (holdId === undefined) continue;
    holds++;
    if (holdId.startsWith(DRAW_HOLD_PREFIX)) {
      const drawId = holdId.slice(DRAW_HOLD_PREFIX.length);
      if (!draws.has(drawId)) problems.push(`piece ${pid} is held by draw ${drawId}, which does not exist`);
    } else if (!(ordersByPiece.get(pid) ?? []).some((o) => o.holdId === holdId))
      problems.push(`piece ${pid} is held (hold ${holdId}) without its order`);
  }
  return finding('hold-has-order', problems, `${holds} holds, each with its order or draw`);
}

/** Each owner record's card number is claimed for its piece (catalog/entities/card-claim.ts), and its piece exists. */
function ownerRecordCardClaim({ records, claims, products }: Indexed): Finding {
  const problems: string[] = [];
  for (const record of records) {
    const card = str(record.cardNumber) ?? '';
    const claim = claims.get(card);
    if (!products.has(str(record.pid) ?? ''))
      problems.push(`owner record ${card}'s piece ${record.pid} does not exist`);
    if (!claim) problems.push(`owner record ${card} has no card claim`);
    else if (claim.pid !== record.pid)
      problems.push(`owner record ${card} is for piece ${record.pid}, its card claim for ${claim.pid}`);
  }
  return finding(
    'owner-record-card-claim',
    problems,
    `${records.length} owner records, each card claimed for its piece`,
  );
}

/**
 * The log's entries are numbered 0…n-1 with no gap, each entry's text is what its kind's parser
 * accepts, and each piece's entry names its previous one by `seq` and leaf hash
 * (docs/passport.md, Completeness): the hash chain of every piece.
 */
async function passportHashChain({ logEntries }: Indexed): Promise<Finding> {
  const problems: string[] = [];
  const latest = new Map<string, { seq: number; hash: string }>();
  for (const [index, { seq, text }] of logEntries.entries()) {
    if (seq !== index) {
      problems.push(`passport log entry ${index} is missing (the next is ${seq})`);
      break;
    }
    const entry = parseEntry(text);
    const old = entry ? undefined : entryWithoutPrev(text);
    const said = (entry ?? old ?? parseMapEntry(text) ?? parseListEntry(text))?.seq;
    if (said === undefined) {
      problems.push(`passport log entry ${seq} is not a log entry`);
      continue;
    }
    if (said !== seq) problems.push(`passport log entry ${seq} says it is entry ${said}`);
    const piece = entry?.piece ?? old?.piece;
    if (piece === undefined) continue;
    if (entry) {
      const before = latest.get(piece) ?? null;
      const prev = entry.prev;
      if (before === null ? prev !== null : prev?.seq !== before.seq || prev.hash !== before.hash)
        problems.push(
          `passport log entry ${seq} of piece ${piece} breaks its hash chain (it names ${prev ? `${prev.seq}:${prev.hash.slice(0, 12)}` : 'none'}, the previous is ${before ? `${before.seq}:${before.hash.slice(0, 12)}` : 'none'})`,
        );
    }
    latest.set(piece, { seq, hash: await entryHashHex(text) });
  }
  return finding(
    'passport-hash-chain',
    problems,
    `${logEntries.length} passport log entries, every piece's hash chain whole`,
  );
}

const leavesOf = (texts: readonly string[]) => Promise.all(texts.map((text) => leafHash(utf8(text))));

/** The log's head (`size`, `root`) is the restored entries' size and Merkle root. */
async function passportHead({ logEntries, head }: Indexed, leaves: Uint8Array[]): Promise<Finding> {
  if (!head) {
    return finding(
      'passport-head',
      logEntries.length === 0 ? [] : [`the passport log has ${logEntries.length} entries but no head`],
      'no passport log (no head, no entry)',
    );
  }
  const problems: string[] = [];
  if (head.size !== logEntries.length)
    problems.push(`the passport log head says ${head.size} entries, ${logEntries.length} restored`);
  else if (toBase64(await rootOf(leaves)) !== head.root)
    problems.push(
      `the passport log head's root is not the root of the ${logEntries.length} restored entries`,
    );
  return finding('passport-head', problems, `the head (${head.size}) is the restored entries' root`);
}

/**
 * Each piece's entry is kept twice, in the log and under its piece (passport/log-sequencer.ts
 * appendItems): every copy is the log's entry of its number, for its piece, and every entry
 * naming a piece has its copy.
 */
function passportPieceCopies({ logEntries, pieceCopies }: Indexed): Finding {
  const problems: string[] = [];
  const bySeq = new Map(logEntries.map((entry) => [entry.seq, entry.text]));
  const copied = new Set<number>();
  for (const copy of pieceCopies) {
    copied.add(copy.seq);
    const text = bySeq.get(copy.seq);
    if (text === undefined || text !== copy.text)
      problems.push(`piece ${copy.pid}'s copy of passport log entry ${copy.seq} is not the log's entry`);
    else if (pieceOfText(text) !== copy.pid)
      problems.push(`passport log entry ${copy.seq} is kept under piece ${copy.pid}, not its own`);
  }
  for (const { seq, text } of logEntries) {
    const piece = pieceOfText(text);
    if (piece !== undefined && !copied.has(seq))
      problems.push(`passport log entry ${seq} has no copy under piece ${piece}`);
  }
  return finding(
    'passport-piece-copies',
    problems,
    `${pieceCopies.length} entries kept under their pieces, each the log's`,
  );
}

/** The last published checkpoint (its size and root) as read from passport/log/checkpoint. */
export interface PublishedCheckpoint {
  size: number;
  /** The Merkle root, base64. */
  root: string;
}

/**
 * The last checkpoint published is a prefix of the restored log: the root of the restored
 * entries' first `size` is the published root. A restored log shorter than the checkpoint lost
 * entries the world has already seen.
 */
async function passportCheckpointPrefix(
  { logEntries }: Indexed,
  leaves: Uint8Array[],
  published: PublishedCheckpoint | undefined,
  atExport: PublishedCheckpoint | undefined,
): Promise<Finding> {
  const problems: string[] = [];
  const checked: string[] = [];
  const prefix = async (checkpoint: PublishedCheckpoint, which: string, short: string) => {
    checked.push(`${which} (${checkpoint.size})`);
    if (checkpoint.size > logEntries.length)
      problems.push(`${which} has ${checkpoint.size} entries, the restored log ${logEntries.length}${short}`);
    else if (toBase64(await rootOf(leaves.slice(0, checkpoint.size))) !== checkpoint.root)
      problems.push(`the restored log's first ${checkpoint.size} entries do not make ${which}'s root`);
  };
  // The backup's own checkpoint: its entries were in the table exported, so the restore lost them.
  if (atExport) await prefix(atExport, 'the checkpoint published at the backup', '');
  // Entries the world saw after the backup are in the published tiles, not in the backup.
  if (published)
    await prefix(
      published,
      'the published checkpoint',
      ' (entries published after the backup: recover them from passport/log/tile/entries)',
    );
  return finding(
    'passport-checkpoint-prefix',
    problems,
    checked.length === 0
      ? 'no checkpoint published'
      : `${checked.join(' and ')} ${checked.length === 1 ? 'is a prefix' : 'are prefixes'} of the restored log (${logEntries.length})`,
  );
}

const CONSENT_FIELDS = ['at', 'page', 'words', 'address'] as const;

/**
 * Member consents intact (members/entities/member.ts): a member confirmed by double opt-in
 * (`status` confirmed) and a pending sign-up keep their consent — when, which page, the words,
 * the address — and a confirmed one its `confirmedAt`. Members from before double opt-in (no
 * `status`) never had one recorded.
 */
function memberConsent({ members }: Indexed): Finding {
  const problems: string[] = [];
  let checked = 0;
  for (const member of members) {
    if (member.status !== 'confirmed' && member.status !== 'pending') continue;
    checked++;
    const consent = (member.consent ?? {}) as Record<string, unknown>;
    const missing = CONSENT_FIELDS.filter((field) => !str(consent[field]));
    if (missing.length > 0)
      problems.push(`${member.status} member ${member.email} has no consent ${missing.join(', ')}`);
    if (member.status === 'confirmed' && !str(member.confirmedAt))
      problems.push(`confirmed member ${member.email} has no confirmedAt`);
  }
  return finding('member-consent', problems, `${checked} members by double opt-in, each with its consent`);
}

/** TTL, stream and point-in-time recovery as the stack sets them (infra/stack.ts), re-applied after the restore. */
export function settingsFindings(settings: TableSettings, ttlAttribute: string): Finding[] {
  const { ttl, stream } = settings;
  return [
    finding(
      'ttl',
      ttl.status === 'ENABLED' && ttl.attribute === ttlAttribute
        ? []
        : [
            `TTL is ${ttl.status ?? 'DISABLED'}${ttl.attribute ? ` on ${ttl.attribute}` : ''}, not ENABLED on ${ttlAttribute}`,
          ],
      `TTL enabled on ${ttlAttribute}`,
    ),
    finding(
      'stream',
      stream.enabled === true && stream.viewType === 'NEW_AND_OLD_IMAGES'
        ? []
        : [`the stream is ${stream.enabled ? stream.viewType : 'off'}, not NEW_AND_OLD_IMAGES`],
      'stream on, NEW_AND_OLD_IMAGES',
    ),
    finding(
      'point-in-time-recovery',
      settings.pointInTimeRecovery === 'ENABLED'
        ? []
        : [`point-in-time recovery is ${settings.pointInTimeRecovery ?? 'DISABLED'}`],
      'point-in-time recovery on',
    ),
  ];
}

export interface RestoreInput {
  source: SourceManifest;
  /** Every item of the restored table. */
  items: readonly Item[];
  published?: PublishedCheckpoint;
  settings: TableSettings;
  /** The table's TTL attribute (functions/table/table.ts TABLE.ttlAttribute). */
  ttlAttribute: string;
}

/** Every check, in CHECKS' order. */
export async function checkRestore(input: RestoreInput): Promise<Finding[]> {
  const restored = countItems(input.items);
  const indexed = indexItems(input.items);
  const leaves = await leavesOf(indexed.logEntries.map((entry) => entry.text));
  return [
    compareCounts('counts-per-entity', input.source.counts, restored.counts, 'entity', 'entities'),
    compareCounts('index-counts', input.source.indexCounts, restored.indexCounts, 'index', 'indexes'),
    soldPiecePaidOrder(indexed),
    soldPieceOwnerRecord(indexed),
    paidOrderPiece(indexed),
    holdHasOrder(indexed),
    ownerRecordCardClaim(indexed),
    await passportHashChain(indexed),
    await passportHead(indexed, leaves),
    passportPieceCopies(indexed),
    await passportCheckpointPrefix(indexed, leaves, input.published, input.source.checkpoint),
    memberConsent(indexed),
    ...settingsFindings(input.settings, input.ttlAttribute),
  ];
}
