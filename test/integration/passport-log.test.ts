import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { ProductEntity } from '#catalog/entities/product.ts';
import { PENDING_PK } from '#passport/entities/log-items.ts';
import { latestCheckpoint, oldestPending } from '#passport/entities/log-reads.ts';
import { keySet, pendingEntryItem, readHead } from '#passport/index.ts';
import { appendRound, sequencePending } from '#passport/log-sequencer.ts';
import { headCheckpointBody } from '#passport/sign-checkpoint.ts';
import { invokeFunction } from '#platform/invoke-function.ts';
import { fromBase64, toHex, utf8 } from '#shared/passport/bytes.ts';
import { verifyCheckpoint } from '#shared/passport/checkpoint.ts';
import type { KeySet } from '#shared/passport/keys.ts';
import { newOwnerSalt, ownerCommitment } from '#shared/passport/log.ts';
import { parseEntry, parseListEntry, parseMapEntry } from '#shared/passport/log-entry.ts';
import { PASSPORT_MESSAGES } from '#shared/passport/messages.ts';
import { latestEntries, type MapProof, mapTree } from '#shared/passport/piece-map.ts';
import { entriesPath, parseEntryBundle } from '#shared/passport/tiles.ts';
import { checkConsistency, verifyHistory } from '#shared/passport/verify.ts';
import { transact } from '#table/transactions.ts';
import { adminApi, loggedInAdmin } from '../support/admin.ts';
import { type ApiAnswer, api, freshClientAddress, until } from '../support/api.ts';
import { getRaw, itemsWithPrefix } from '../support/db.ts';
import { productEntity, store, typeEntity, uniqueId } from '../support/fixtures.ts';
import { runJob } from '../support/jobs.ts';
import { buyWithCard, mailedPassword } from '../support/purchase.ts';
import { mailTo, pointAtLocalStack } from '../support/stack-env.ts';

/**
 * The passport's public log (issue 37, docs/passport.md "How the shop keeps it"): what changes a
 * piece's ownership appends its entry in its own transaction, the sequencer numbers the entries
 * and publishes the signed checkpoint, and GET /passport/pieces/{pid} gives every entry with a
 * proof that the page's verifier (shared/passport/verify.ts) accepts against the published key.
 */
const type = typeEntity({ name: 'Passport log test' });
let serial = 0;
const cardNumber = () => `66${Date.now().toString().slice(-9)}${String(serial++).padStart(5, '0')}`;
const pieces = Array.from({ length: 5 }, () =>
  productEntity(type, { cardNumber: cardNumber(), priceUs: 700, name: 'Passport coat' }),
);
const [twice, raced, lost, reset, contested] = pieces as [
  ProductEntity,
  ProductEntity,
  ProductEntity,
  ProductEntity,
  ProductEntity,
];
const passwords = new Map<string, string>();
const buyer = (p: ProductEntity) => `first-${p.id}@example.com`;
/** The shop's key set as it is now (another suite may rotate the key meanwhile). */
const currentKeys = (): Promise<KeySet> => keySet();

beforeAll(async () => {
  pointAtLocalStack();
  await store({ type, products: pieces });
  for (const p of pieces) passwords.set(p.id, (await buyWithCard(p, buyer(p))).password);
}, 120_000);

const cookieOf = (answer: ApiAnswer<unknown>) => {
  const set = answer.headers['set-cookie'];
  return ((Array.isArray(set) ? set[0] : set) ?? '').split(';')[0] as string;
};

async function logIn(p: ProductEntity): Promise<Record<string, string>> {
  const answer = await api('/authenticationcard', {
    method: 'POST',
    json: { cardNumber: p.cardNumber, password: passwords.get(p.id) },
    from: freshClientAddress(),
  });
  expect(answer.status, answer.text).toBe(200);
  return { cookie: cookieOf(answer) };
}

const transfer = (session: Record<string, string>, p: ProductEntity, to: string) =>
  api('/transfer-auth', {
    method: 'POST',
    json: { cardNumber: p.cardNumber, pid: p.id, email: to, pwd: passwords.get(p.id) },
    headers: session,
    from: freshClientAddress(),
  });

async function transferTo(p: ProductEntity, to: string): Promise<void> {
  const answer = await transfer(await logIn(p), p, to);
  expect(answer.status, answer.text).toBe(200);
  passwords.set(p.id, await mailedPassword(to, 'Passport coat has been transferred to you'));
}

const reportLost = (session: Record<string, string>, lost: boolean) =>
  api('/passport/lost', { method: 'POST', json: { lost }, headers: session });

interface Passport {
  status: number;
  piece: string;
  certificate: string | null;
  code: string | null;
  entries: { text: string; proof: string }[];
  checkpoint: string | null;
  map: MapProof | null;
  lost: boolean;
  consistency?: string[];
}

/** Runs the sequencer as its schedule does, then reads the piece's passport. */
async function passportOf(pid: string, query = ''): Promise<ApiAnswer<Passport>> {
  // A run that another suite's run outpaces steps aside: run until none of the piece's entries waits.
  await expect
    .poll(
      async () => {
        const run = await runJob('sequence-log');
        expect(run.status, await run.clone().text()).toBe(200);
        return (await itemsWithPrefix(PENDING_PK)).filter(
          (item) => item.pk === PENDING_PK && item.piece === pid,
        );
      },
      { timeout: 60_000, interval: 200, message: `the pending log entries of ${pid}` },
    )
    .toEqual([]);
  return api<Passport>(`/passport/pieces/${encodeURIComponent(pid)}${query}`);
}

const kinds = (passport: Passport) => passport.entries.map((e) => parseEntry(e.text)?.kind);
const historyOf = async (passport: Passport) =>
  verifyHistory(
    passport.entries.map((e) => ({ entry: e.text, proof: e.proof })),
    passport.checkpoint as string,
    await currentKeys(),
    { pieceId: passport.piece, map: passport.map },
  );

describe('a piece sold, then transferred twice', () => {
  it('has the entries sale, transfer, transfer, each proven against the signed checkpoint; no personal data', async () => {
    const first = await passportOf(twice.id);
    expect(first.status, first.text).toBe(200);
    expect(kinds(first.body)).toEqual(['sale']);
    const kept = first.body.checkpoint as string;

    await transferTo(twice, `second-${twice.id}@example.com`);
    await transferTo(twice, `third-${twice.id}@example.com`);
    const answer = await passportOf(twice.id);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ piece: twice.id, certificate: null, code: null, lost: false });
    expect(kinds(answer.body)).toEqual(['sale', 'transfer', 'transfer']);
    const verdict = await historyOf(answer.body);
    expect(verdict).toMatchObject({ ok: true, pieceId: twice.id, sold: true, transfers: 2, lost: false });

    // The last owner alone can open the commitment: the record's present salt.
    const record = await getRaw(`AUTH#${twice.cardNumber}`, '#AUTH');
    const salt = record?.ownerSalt as string;
    expect(salt).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(parseEntry(answer.body.entries.at(-1)?.text ?? '')?.owner).toBe(
      await ownerCommitment(twice.id, salt),
    );
    const owners = answer.body.entries.map((e) => parseEntry(e.text)?.owner);
    expect(new Set(owners).size).toBe(3);

    for (const secret of [buyer(twice), 'second-', 'third-', twice.cardNumber as string, twice.name, salt])
      expect(answer.text).not.toContain(secret);

    // The checkpoint the page kept before the transfers: the newer one extends it.
    const since = Number(kept.split('\n')[1]);
    const later = await api<Passport>(`/passport/pieces/${twice.id}?since=${since}`);
    expect(later.status).toBe(200);
    const proof = (later.body.consistency ?? []).map((h) => fromBase64(h) as Uint8Array);
    expect(await checkConsistency(kept, later.body.checkpoint as string, proof, await currentKeys())).toEqual(
      { ok: true },
    );
  });

  it("is staff's too: the log newest first, a piece's entries, pages back with before", async () => {
    const admin = await loggedInAdmin();
    type Log = {
      size: number;
      checkpoint: string | null;
      pending: number;
      entries: { seq: number; kind: string; piece: string; owner: string | null }[];
    };
    const piece = await adminApi<Log>(admin, `/passport/log?piece=${twice.id}`);
    expect(piece.status, piece.text).toBe(200);
    expect(piece.body.entries.map((e) => e.kind)).toEqual(['transfer', 'transfer', 'sale']);
    expect(
      piece.body.entries.every((e) => e.piece === twice.id && /^[0-9a-f]{64}$/.test(e.owner ?? '')),
    ).toBe(true);
    const [newest, older] = piece.body.entries;
    const back = await adminApi<Log>(admin, `/passport/log?piece=${twice.id}&before=${newest?.seq}`);
    expect(back.body.entries.map((e) => e.seq)).toEqual(piece.body.entries.slice(1).map((e) => e.seq));
    expect(older?.seq).toBeLessThan(newest?.seq as number);
    const whole = await adminApi<Log>(admin, '/passport/log');
    expect(whole.body.size).toBeGreaterThan(newest?.seq as number);
    expect(whole.body.entries.length).toBeLessThanOrEqual(50);
    expect(whole.body.entries.map((e) => e.seq)).toEqual(
      [...whole.body.entries.map((e) => e.seq)].sort((a, b) => b - a),
    );
    expect(whole.body.checkpoint).toMatch(/\/passport\/log\n\d+\n/);
    expect(whole.body.pending).toBeGreaterThanOrEqual(0);
    expect((await api('/passport/log')).status).toBe(401);
  });

  it('answers 404 "no passport for this piece" for a piece the log never saw', async () => {
    const answer = await api(`/passport/pieces/${uniqueId('never')}`);
    expect(answer).toMatchObject({ status: 404, body: { message: PASSPORT_MESSAGES.noPassport } });
  });
});

describe('two transfers of one piece at once', () => {
  it('make one transfer entry; the other is refused', async () => {
    const session = await logIn(raced);
    const answers = await Promise.all([
      transfer(session, raced, `a-${raced.id}@example.com`),
      transfer(session, raced, `b-${raced.id}@example.com`),
    ]);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses[0]).toBe(200);
    expect([400, 401, 409]).toContain(statuses[1]);
    const passport = await passportOf(raced.id);
    expect(kinds(passport.body)).toEqual(['sale', 'transfer']);
    expect(await historyOf(passport.body)).toMatchObject({ ok: true, transfers: 1 });
  });
});

describe('a piece reported lost', () => {
  it('cannot be transferred until found; the log says lost, then found', async () => {
    const session = await logIn(lost);
    expect(await reportLost(session, true)).toMatchObject({ status: 200, body: { lost: true } });
    expect(await reportLost(session, true)).toMatchObject({
      status: 409,
      body: { message: PASSPORT_MESSAGES.alreadyLost },
    });
    const whileLost = await passportOf(lost.id);
    expect(whileLost.body.lost).toBe(true);
    expect(await historyOf(whileLost.body)).toMatchObject({ ok: true, lost: true });

    const refused = await transfer(session, lost, `taker-${lost.id}@example.com`);
    expect(refused).toMatchObject({ status: 409, body: { message: PASSPORT_MESSAGES.transferWhileLost } });
    expect((await getRaw(`AUTH#${lost.cardNumber}`, '#AUTH'))?.email).toBe(buyer(lost));

    expect(await reportLost(session, false)).toMatchObject({ status: 200, body: { lost: false } });
    expect(await reportLost(session, false)).toMatchObject({
      status: 409,
      body: { message: PASSPORT_MESSAGES.notLost },
    });
    const moved = await transfer(session, lost, `finder-${lost.id}@example.com`);
    expect(moved.status, moved.text).toBe(200);
    const after = await passportOf(lost.id);
    expect(kinds(after.body)).toEqual(['sale', 'lost', 'found', 'transfer']);
    expect(await historyOf(after.body)).toMatchObject({ ok: true, lost: false, transfers: 1 });
    expect(after.body.lost).toBe(false);
  }, 180_000);
});

describe('a piece staff save as sold on another platform', () => {
  const form = (overrides: Record<string, unknown> = {}) => ({
    name: `Elsewhere ${uniqueId('n')}`,
    priceUs: 1200,
    cardNumber: cardNumber(),
    typeId: type.id,
    gender: 0,
    colors: Array.from({ length: type.areaAmount }, () => 'black'),
    soldOnOtherPlatform: true,
    ...overrides,
  });

  it('has its sale entry, written with its record (created so, or edited so)', async () => {
    const admin = await loggedInAdmin();
    const created = await adminApi<{ id: string }>(admin, '/products', { method: 'POST', json: form() });
    expect(created.status, created.text).toBe(200);
    const edited = await adminApi<{ id: string }>(admin, '/products', {
      method: 'POST',
      json: form({ soldOnOtherPlatform: false }),
    });
    const id = edited.body.id;
    const saved = await getRaw(`PRODUCT#${id}`, '#PRODUCT');
    const patched = await adminApi(admin, '/products', {
      method: 'PATCH',
      json: form({ id, name: saved?.name, cardNumber: saved?.cardNumber }),
    });
    expect(patched.status, patched.text).toBe(200);
    for (const pid of [created.body.id, id]) {
      const passport = await passportOf(pid);
      // Registration issues the piece's certificate too: its issue entry, after the sale's when
      // the piece is saved sold at once.
      expect(kinds(passport.body), pid).toEqual(pid === id ? ['issue', 'sale'] : ['sale', 'issue']);
      expect(await historyOf(passport.body)).toMatchObject({ ok: true, sold: true, transfers: 0 });
      const record = (await itemsWithPrefix('AUTH#')).find((r) => r.pid === pid && r.sk === '#AUTH');
      const sale = passport.body.entries.find((entry) => parseEntry(entry.text)?.kind === 'sale');
      expect(parseEntry(sale?.text ?? '')?.owner).toBe(
        await ownerCommitment(pid, record?.ownerSalt as string),
      );
    }
    // A sold piece staff give a record (with its owner's e-mail): its sale entry, with the record.
    const sold = productEntity(type, { cardNumber: cardNumber(), status: 0, name: 'Passport coat' });
    await store({ type, products: [sold] });
    const given = await adminApi(admin, '/product-auth', {
      method: 'POST',
      json: { pid: sold.id, email: `given-${sold.id}@example.com` },
    });
    expect(given.status, given.text).toBe(200);
    expect(kinds((await passportOf(sold.id)).body)).toEqual(['sale']);

    // The audit log keeps the new record without the owner's salt.
    const audits = (await itemsWithPrefix('AUDIT#')).filter((a) =>
      JSON.stringify(a).includes(created.body.id),
    );
    expect(audits.length).toBeGreaterThan(0);
    expect(JSON.stringify(audits)).not.toContain('ownerSalt');
  });
});

describe('a report of loss and a transfer at once', () => {
  it('one of them happens, never both: the record and the log agree', async () => {
    const session = await logIn(contested);
    const [moved, reported] = await Promise.all([
      transfer(session, contested, `racer-${contested.id}@example.com`),
      reportLost(session, true),
    ]);
    expect(
      [moved.status, reported.status].filter((s) => s === 200),
      `${moved.text} ${reported.text}`,
    ).toHaveLength(1);
    const record = await getRaw(`AUTH#${contested.cardNumber}`, '#AUTH');
    const passport = await passportOf(contested.id);
    if (moved.status === 200) {
      expect(record).toMatchObject({ email: `racer-${contested.id}@example.com` });
      expect(record?.lost).toBeUndefined();
      expect(kinds(passport.body)).toEqual(['sale', 'transfer']);
    } else {
      expect(record).toMatchObject({ email: buyer(contested), lost: true });
      expect(kinds(passport.body)).toEqual(['sale', 'lost']);
    }
  });
});

describe('a password reset', () => {
  it('is a reset entry with the same owner commitment (the owner keeps the salt)', async () => {
    const asked = await api('/reset-pwd', {
      method: 'POST',
      json: { email: buyer(reset), cardNumber: reset.cardNumber },
      from: freshClientAddress(),
    });
    expect(asked.status, asked.text).toBe(200);
    let token: string | undefined;
    await until(async () => {
      const mail = (await mailTo(buyer(reset))).find((m) => /reset\?token=/.test(m.body.text ?? ''));
      token = mail?.body.text?.match(/reset\?token=([A-Za-z0-9_-]{43})/)?.[1];
      return token !== undefined;
    }, 'the reset link');
    const confirmed = await api('/reset-pwd/confirm', { method: 'POST', json: { token } });
    expect(confirmed.status, confirmed.text).toBe(200);
    const passport = await passportOf(reset.id);
    expect(kinds(passport.body)).toEqual(['sale', 'reset']);
    const [sale, after] = passport.body.entries.map((e) => parseEntry(e.text)?.owner);
    expect(after).toBe(sale);
    expect(await historyOf(passport.body)).toMatchObject({ ok: true, transfers: 0 });
  });
});

/** Pending entries of pieces nobody else writes, as a change would append them. */
async function appendPending(count: number): Promise<string[]> {
  const pids = Array.from({ length: count }, () => uniqueId('logged'));
  for (const pid of pids) {
    const owner = await ownerCommitment(pid, newOwnerSalt());
    await transact([pendingEntryItem({ kind: 'sale', piece: pid, owner, time: new Date().toISOString() })]);
  }
  return pids;
}

const entriesOfLog = async () =>
  (await itemsWithPrefix('PASSPORTLOG'))
    .filter((i) => i.pk === 'PASSPORTLOG' && String(i.sk).startsWith('ENTRY#'))
    .map((i) => ({ key: Number(String(i.sk).slice(6)), text: String(i.text) }));

describe('the sequencer', () => {
  it('run twice at once: every pending entry sequenced once, no sequence number twice or skipped', async () => {
    const pids = await appendPending(40);
    const runs = await Promise.all([runJob('sequence-log'), runJob('sequence-log')]);
    expect(runs.map((r) => r.status)).toEqual([200, 200]);
    // The head first: other suites' runs may sequence more meanwhile, never fewer.
    const head = await readHead();
    const entries = await entriesOfLog();
    expect(entries.length).toBeGreaterThanOrEqual(head.size);
    const inHead = entries.filter((e) => e.key < head.size).sort((a, b) => a.key - b.key);
    expect(inHead.map((e) => e.key)).toEqual(Array.from({ length: head.size }, (_, i) => i));
    // (Other suites' draws put their lists in the log too: list entries, in no piece's history.)
    for (const e of inHead)
      expect((parseEntry(e.text) ?? parseMapEntry(e.text) ?? parseListEntry(e.text))?.seq).toBe(e.key);
    // Every round ends with its map entry, the map of every piece's latest entry before it.
    const texts = inHead.map((e) => e.text);
    const last = parseMapEntry(texts.at(-1) ?? '');
    const tree = await mapTree(await latestEntries(texts.slice(0, -1)));
    expect(last).toMatchObject({ pieces: tree.leaves.length, root: toHex(tree.root) });
    for (const pid of pids) {
      expect(
        inHead.filter((e) => parseEntry(e.text)?.piece === pid),
        pid,
      ).toHaveLength(1);
      expect(await itemsWithPrefix(`PASSPORT#${pid}`), pid).toHaveLength(1);
    }
    const pending = (await itemsWithPrefix('PASSPORTLOG#PENDING')).filter((i) =>
      pids.includes(String(i.piece)),
    );
    expect(pending).toEqual([]);
  });

  it('a round that read the head before another sequencer moved it writes nothing', async () => {
    const pids = await appendPending(3);
    // A sequencer that read the head and the queue, then lost the race to another run.
    const [head, pending] = await Promise.all([readHead(), oldestPending(100)]);
    expect((await runJob('sequence-log')).status).toBe(200);
    const mine = pending.filter((p) => p.kind !== 'list' && pids.includes(p.piece));
    expect(mine).toHaveLength(3);
    expect(await appendRound(head, mine)).toBe('conflict');
    for (const pid of pids) expect(await itemsWithPrefix(`PASSPORT#${pid}`), pid).toHaveLength(1);
    const entries = await entriesOfLog();
    const after = await readHead();
    for (const pid of pids)
      expect(entries.filter((e) => e.key < after.size && parseEntry(e.text)?.piece === pid)).toHaveLength(1);
  });

  it('killed after the head moved, before the tiles and the checkpoint: the next run publishes them', async () => {
    const [pid] = await appendPending(1);
    // What a run that died right after its transaction leaves: the head moved, nothing published.
    await sequencePending();
    const head = await readHead();
    const seq = (await itemsWithPrefix(`PASSPORT#${pid}`))[0]?.seq as number;
    expect(seq).toBeLessThan(head.size);

    expect((await runJob('sequence-log')).status).toBe(200);
    const checkpoint = await latestCheckpoint();
    expect(checkpoint?.size).toBeGreaterThanOrEqual(head.size);
    // As CloudFront serves it (the local gateway runs the same function): typed, kept 60 s.
    const served = await fetch(`${inject('baseUrl')}/passport/log/checkpoint`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(served.headers.get('cache-control')).toBe('public, max-age=60');
    const published = await served.text();
    const signed = await verifyCheckpoint(published, await currentKeys());
    expect(signed.ok && signed.checkpoint.size).toBeGreaterThanOrEqual(head.size);
    // The entry is in its bundle, as the tiles publish it.
    const tile = Math.floor(seq / 256);
    const width = Math.min(256, (signed.ok ? signed.checkpoint.size : 0) - tile * 256);
    const bundle = await fetch(`${inject('baseUrl')}/passport/log/${entriesPath(tile, width)}`);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toBe('application/octet-stream');
    expect(bundle.headers.get('cache-control')).toBe(
      width === 256 ? 'public, max-age=31536000, immutable' : 'public, max-age=60',
    );
    expect((await fetch(`${inject('baseUrl')}/passport/log/tile/0/%2e%2e/x.json`)).status).toBe(404);
    const texts = parseEntryBundle(new Uint8Array(await bundle.arrayBuffer()))?.map((b) =>
      new TextDecoder().decode(b),
    );
    expect(parseEntry(texts?.[seq % 256] ?? '')?.piece).toBe(pid);
  });
});

describe('the signer, asked for a checkpoint', () => {
  const sign = (body: string) => invokeFunction('PASSPORT_SIGNER_FUNCTION', { kind: 'checkpoint', body });

  it("signs the head's own, and refuses one whose size or root is not the head's", async () => {
    await appendPending(1);
    await sequencePending();
    const head = await readHead();
    const answer = (await sign(headCheckpointBody(head))) as { note: string };
    expect(await verifyCheckpoint(answer.note, await currentKeys())).toMatchObject({
      ok: true,
      checkpoint: { size: head.size },
    });

    const otherRoot = Buffer.from(utf8('x'.repeat(32))).toString('base64');
    for (const forged of [
      { size: head.size + 1, root: head.root },
      { size: head.size - 1, root: head.root },
      { size: head.size, root: otherRoot },
    ]) {
      await expect(sign(headCheckpointBody(forged)), JSON.stringify(forged)).rejects.toThrow(
        /passport signer: refused/,
      );
    }
  });
});
