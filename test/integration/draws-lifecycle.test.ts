import { randomUUID } from 'node:crypto';
import { DeleteObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { type BeaconAnswer, beaconRound } from '#draws/adapters/beacon.ts';
import { closeDraw, sealDraw, writeList } from '#draws/close-draw.ts';
import { type DrawAnswer, drawWinner } from '#draws/draw-winner.ts';
import { createDraw } from '#draws/entities/create-draw.ts';
import { type DrawEntity, getDraw, unsettledDrawOf } from '#draws/entities/draw.ts';
import { type EntryEntity, enterDraw, withdrawEntry } from '#draws/entities/entry.ts';
import { entriesFile, resultFile, witnessedFile } from '#draws/entities/keys.ts';
import { mediaBucket, s3 } from '#platform/media-clients.ts';
import { timeOfRound } from '#shared/drand.ts';
import { commitment } from '#shared/draw/commitment.ts';
import { entriesList, listHash, parseEntriesList } from '#shared/draw/entries-list.ts';
import { checkResult, type DrawResult } from '#shared/draw/result.ts';
import { runScript } from '../draw/draws.ts';
import { productEntity, store, typeEntity } from '../support/fixtures.ts';
import { runJob } from '../support/jobs.ts';
import { pointAtLocalStack } from '../support/stack-env.ts';

/**
 * The release draw's life (issue 35) against the local stack and its drand stand-in: a draw
 * created for a piece, entries made and withdrawn in its window (one per e-mail, one per
 * address), closed (entries.txt written once, whoever closes and whenever one dies), drawn with
 * the beacon round its list names (result.json, which the entrant's script recomputes), waiting
 * when the beacon cannot be had, refusing a beacon that lies.
 */
const ADMIN = 'draws-admin@example.com';

beforeAll(() => {
  pointAtLocalStack();
  Object.assign(process.env, {
    AWS_ENDPOINT_URL_S3: inject('s3Url'),
    S3_FORCE_PATH_STYLE: 'true',
    MEDIA_BUCKET: inject('mediaBucket'),
  });
});

/** The stack's beacon's faults (infra/local/drand.ts), cleared after each test. */
const setBeaconFault = async (fault: string | null) => {
  const answer = await fetch(`${inject('drand').DRAND_URL}/__control/fault`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ fault }),
  });
  expect(answer.status).toBe(200);
};
afterEach(() => setBeaconFault(null));

/** One of the log's witness stand-ins down (or back), as in test/integration/passport-witness.test.ts. */
const setWitnessFault = async (index: number, fault: 'down' | null) => {
  const answer = await fetch(`${inject('witnesses')[index]?.url}/__control/fault`, {
    method: 'POST',
    body: JSON.stringify({ fault }),
  });
  expect(answer.status).toBe(200);
};

/** Until the stack's beacon has produced this round (its time has come). */
async function untilDue(round: number): Promise<void> {
  const chain = {
    genesis: Number(inject('drand').DRAND_GENESIS),
    period: Number(inject('drand').DRAND_PERIOD),
  };
  await expect
    .poll(() => Date.now() >= timeOfRound(chain, round) * 1000 + 500, { timeout: 30_000, interval: 250 })
    .toBe(true);
}

/** A public file of the draw, as anyone reads it (404: undefined). */
const publicUrl = (key: string) => `${inject('s3Url')}/${inject('mediaBucket')}/${key}`;
async function publicFile(key: string): Promise<string | undefined> {
  const answer = await fetch(publicUrl(key));
  if (answer.status === 404) return undefined;
  expect(answer.status).toBe(200);
  return answer.text();
}

async function newPiece(): Promise<string> {
  const type = typeEntity();
  const piece = productEntity(type);
  await store({ type, products: [piece] });
  return piece.id;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * A draw whose window ran from 60 s ago to 30 s ago, with the clocks to act in it (`during`) and
 * to close it (`after`): its list's round (10 s after `after`) is out by now, so nothing waits.
 */
async function pastDraw(pid?: string) {
  const t = Date.now();
  const created = await createDraw(
    { pid: pid ?? (await newPiece()), opensAt: iso(t - 60_000), closesAt: iso(t - 30_000), admin: ADMIN },
    new Date(t - 60_000),
  );
  if (!created.ok) throw new Error(created.reason);
  return { draw: created.draw, during: new Date(t - 45_000), after: new Date(t - 29_000) };
}

const tag = randomUUID().slice(0, 8);
const person = (i: number) => ({
  email: `entrant-${tag}-${i}@example.com`,
  address: { address1: `${i} Rue de la Paix`, city: 'Paris', postalCode: '75002', country: 'FR' },
});

async function enterAll(drawId: string, count: number, now: Date, from = 0): Promise<EntryEntity[]> {
  const entries: EntryEntity[] = [];
  for (let i = from; i < from + count; i++) {
    const answer = await enterDraw({ drawId, ...person(i) }, now);
    if (!answer.ok) throw new Error(answer.reason);
    entries.push(answer.entry);
  }
  return entries;
}

async function drawOf(drawId: string): Promise<DrawEntity> {
  const draw = await getDraw(drawId);
  if (!draw) throw new Error(`no draw ${drawId}`);
  return draw;
}

/**
 * Draws a closed draw as the job does, once it can: the sequencer's run puts its list in the log
 * and has the witnesses cosign it (witnessed.json), then the draw waits for the round that allows
 * (a list closed in the past is witnessed after its own round: a later one, ~10 s on).
 */
async function drawWhenDue(drawId: string, readRound = beaconRound): Promise<DrawAnswer> {
  let answer: DrawAnswer | undefined;
  await expect
    .poll(
      async () => {
        // A witness another suite took down leaves the checkpoint unwitnessed until a later run.
        if (answer === undefined || (answer.state === 'waiting' && answer.beaconState === 'witnessing'))
          expect((await runJob('sequence-log')).status).toBe(200);
        answer = await drawWinner(drawId, readRound);
        return answer.state;
      },
      { timeout: 60_000, interval: 500 },
    )
    .not.toBe('waiting');
  return answer as DrawAnswer;
}

/**
 * Drawn, or already settled: the stack is shared, and another suite's run of the draws' job may
 * settle a draw of this one while it waits for its round.
 */
const DRAWN = ['drawn', 'settled'];

/** The round a closed draw is drawn with, once its list is witnessed (the sequencer run until it is). */
async function witnessedRound(drawId: string): Promise<number> {
  const notYet = async (): Promise<BeaconAnswer> => ({ state: 'not-yet' });
  await expect
    .poll(
      async () => {
        expect((await runJob('sequence-log')).status).toBe(200);
        await drawWinner(drawId, notYet);
        return (await drawOf(drawId)).roundDrawn;
      },
      { timeout: 60_000, interval: 500 },
    )
    .toBeDefined();
  return (await drawOf(drawId)).roundDrawn as number;
}

/**
 * The entrant's script on the published URLs, checking the round with the stack's beacon;
 * witnessed.json beside the result, the key set where the bucket keeps it (CloudFront's
 * `/.well-known/passport-keys.json`, which the script reads by default from a shop's URLs).
 */
const recompute = (drawId: string, ...options: string[]) =>
  runScript([
    publicUrl(entriesFile(drawId)),
    publicUrl(resultFile(drawId)),
    '--beacon',
    inject('drand').DRAND_URL,
    '--keys',
    publicUrl('passport/keys.json'),
    ...options,
  ]);

describe('a release draw, from its creation to its result', () => {
  it('takes 5 entries, one withdrawn; its list has the 4 others; its result is the one the script recomputes', async () => {
    const { draw, during, after } = await pastDraw();
    expect(draw.drawId).toMatch(/^d-[A-Za-z0-9_-]{22}$/);
    expect(await unsettledDrawOf(draw.pid)).toBe(draw.drawId);
    const entries = await enterAll(draw.drawId, 5, during);
    const gone = entries[2] as EntryEntity;
    expect(
      await withdrawEntry({ drawId: draw.drawId, entryId: gone.entryId, email: gone.email }, during),
    ).toMatchObject({ ok: true });
    const kept = entries.filter((e) => e !== gone);

    expect(await closeDraw(draw.drawId, after)).toMatchObject({ state: 'closed' });
    const closed = await drawOf(draw.drawId);
    expect(closed).toMatchObject({ state: 'closed', entered: 4, withdrawn: 1 });
    const text = (await publicFile(entriesFile(draw.drawId))) as string;
    expect(await listHash(text)).toBe(closed.listHash);
    const commitments = await Promise.all(kept.map((e) => commitment(draw.drawId, e.salt)));
    expect(text).toBe(
      entriesList({
        drawId: draw.drawId,
        piece: draw.pid,
        closed: draw.closesAt,
        beacon: { chainHash: inject('drand').DRAND_CHAIN_HASH, round: closed.round as number },
        commitments,
      }),
    );
    expect(parseEntriesList(text)).toMatchObject({
      ok: true,
      list: { commitments: [...commitments].sort() },
    });
    expect(text).not.toContain(await commitment(draw.drawId, gone.salt));
    // The round is the first at least 10 s after the list was fixed.
    const chain = {
      genesis: Number(inject('drand').DRAND_GENESIS),
      period: Number(inject('drand').DRAND_PERIOD),
    };
    const writtenAt = Date.parse(closed.listWrittenAt as string);
    expect(timeOfRound(chain, closed.round as number) * 1000).toBeGreaterThanOrEqual(writtenAt + 10_000);

    expect(DRAWN).toContain((await drawWhenDue(draw.drawId)).state);
    const drawn = await drawOf(draw.drawId);
    const resultText = (await publicFile(resultFile(draw.drawId))) as string;
    const result = JSON.parse(resultText) as DrawResult;
    // Closed 29 s ago, its list was witnessed after its round: drawn with a later one.
    expect(drawn.roundDrawn).toBeGreaterThan(closed.round as number);
    expect(result.beacon.round).toBe(drawn.roundDrawn);
    expect(await checkResult(text, result)).toMatchObject({ ok: false, reason: 'beacon-mismatch' });
    expect(await checkResult(text, result, drawn.roundDrawn)).toMatchObject({ ok: true });
    expect(result.order).toHaveLength(4);
    expect(DRAWN).toContain(drawn.state);
    expect(drawn).toMatchObject({ seed: result.seed, winner: result.order[0] });
    expect(await unsettledDrawOf(draw.pid)).toBeUndefined();

    // Every entrant's script agrees, and tells each their place.
    const winner = kept.find((_, i) => commitments[i] === result.order[0]) as EntryEntity;
    const won = await recompute(draw.drawId, '--salt', winner.salt);
    expect(won.stderr).toBe('');
    expect(won.code).toBe(0);
    expect(won.stdout).toContain('you won\n');
    expect(won.stdout).toMatch(/everything agrees\n$/);
    const withdrawn = await recompute(draw.drawId, '--salt', gone.salt);
    expect(withdrawn.stdout).toContain('your entry is not in this list');

    // Drawing it again changes nothing (the job may have settled it meanwhile: the same draw).
    const again = await drawWinner(draw.drawId);
    expect(DRAWN).toContain(again.state);
    expect(again).toMatchObject({
      draw: { seed: drawn.seed, winner: drawn.winner, roundDrawn: drawn.roundDrawn },
    });
    expect(await publicFile(resultFile(draw.drawId))).toBe(resultText);
  }, 90_000);

  it('takes one entry per e-mail and one per address, naming which, and the same again once withdrawn', async () => {
    const { draw, during } = await pastDraw();
    const [first] = (await enterAll(draw.drawId, 1, during)) as [EntryEntity];
    const same = person(0);
    expect(
      await enterDraw({ drawId: draw.drawId, ...person(1), email: ` ${same.email.toUpperCase()}` }, during),
    ).toEqual({ ok: false, reason: 'duplicate-email' });
    expect(
      await enterDraw(
        { drawId: draw.drawId, ...person(1), address: { ...same.address, address1: '0, RUE DE LA PAIX' } },
        during,
      ),
    ).toEqual({ ok: false, reason: 'duplicate-address' });
    // A refused entry writes nothing: the other e-mail is still free.
    await enterAll(draw.drawId, 1, during, 1);
    expect(
      await withdrawEntry({ drawId: draw.drawId, entryId: first.entryId, email: 'someone@else.com' }, during),
    ).toEqual({ ok: false, reason: 'no-entry' });
    expect(
      await withdrawEntry({ drawId: draw.drawId, entryId: first.entryId, email: first.email }, during),
    ).toMatchObject({ ok: true });
    expect(
      await withdrawEntry({ drawId: draw.drawId, entryId: first.entryId, email: first.email }, during),
    ).toEqual({
      ok: false,
      reason: 'already-withdrawn',
    });
    expect(await enterDraw({ drawId: draw.drawId, ...same }, during)).toMatchObject({ ok: true });
  });

  it('takes one of several entries racing with the same e-mail, refusing the others as duplicates', async () => {
    const { draw, during } = await pastDraw();
    const same = person(0).email;
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        enterDraw({ drawId: draw.drawId, ...person(10 + i), email: same }, during),
      ),
    );
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    expect(answers.filter((a) => !a.ok).map((a) => !a.ok && a.reason)).toEqual(
      Array(5).fill('duplicate-email'),
    );
  });

  it('is created only for a known piece, a window still to close, and no other draw of the piece unsettled', async () => {
    const pid = await newPiece();
    const now = Date.now();
    const window = { opensAt: iso(now), closesAt: iso(now + 3_600_000), admin: ADMIN };
    expect(await createDraw({ pid: 'no-such-piece', ...window })).toEqual({
      ok: false,
      reason: 'unknown-piece',
    });
    expect(await createDraw({ pid, ...window, closesAt: iso(now - 1000), opensAt: iso(now - 5000) })).toEqual(
      {
        ok: false,
        reason: 'closes-in-past',
      },
    );
    expect(await createDraw({ pid, ...window, closesAt: window.opensAt })).toEqual({
      ok: false,
      reason: 'bad-window',
    });
    const created = await createDraw({ pid, ...window, opensAt: iso(now + 600_000) });
    if (!created.ok) throw new Error(created.reason);
    expect(await createDraw({ pid, ...window })).toEqual({
      ok: false,
      reason: 'piece-has-draw',
      drawId: created.draw.drawId,
    });
    // Its window has not opened yet.
    expect(await enterDraw({ drawId: created.draw.drawId, ...person(0) })).toEqual({
      ok: false,
      reason: 'not-open-yet',
    });
    expect(await enterDraw({ drawId: 'd-AAAAAAAAAAAAAAAAAAAAAA', ...person(0) })).toEqual({
      ok: false,
      reason: 'no-draw',
    });
    // Not closed before its time.
    expect(await closeDraw(created.draw.drawId)).toEqual({ state: 'open', closesAt: window.closesAt });
  });

  it('takes no entry and no withdrawal once its window closed, nor once closed whatever the clock says', async () => {
    const { draw, during, after } = await pastDraw();
    const [entry] = (await enterAll(draw.drawId, 1, during)) as [EntryEntity];
    expect(await enterDraw({ drawId: draw.drawId, ...person(1) }, after)).toEqual({
      ok: false,
      reason: 'closed',
    });
    await closeDraw(draw.drawId, after);
    // A clock behind (a request begun in the window, written after the close) is refused too.
    expect(await enterDraw({ drawId: draw.drawId, ...person(1) }, during)).toEqual({
      ok: false,
      reason: 'closed',
    });
    expect(
      await withdrawEntry({ drawId: draw.drawId, entryId: entry.entryId, email: entry.email }, during),
    ).toEqual({
      ok: false,
      reason: 'closed',
    });
    expect(await drawOf(draw.drawId)).toMatchObject({ state: 'closed', entered: 1 });
  });
});

describe('closing a draw', () => {
  it('by two closers at once, 10 s apart on their clocks, ends with one list', async () => {
    const { draw, during, after } = await pastDraw();
    await enterAll(draw.drawId, 3, during);
    const later = new Date(after.getTime() + 10_000);
    const [a, b] = await Promise.all([closeDraw(draw.drawId, after), closeDraw(draw.drawId, later)]);
    const closed = await drawOf(draw.drawId);
    expect(a).toMatchObject({ state: 'closed', draw: { listHash: closed.listHash, round: closed.round } });
    expect(b).toMatchObject({ state: 'closed', draw: { listHash: closed.listHash, round: closed.round } });
    expect(await listHash((await publicFile(entriesFile(draw.drawId))) as string)).toBe(closed.listHash);
    // A closer that read the draw still open seals after the first: refused, the one round kept.
    expect(await sealDraw({ ...closed, state: 'open' }, new Date(later.getTime() + 10_000))).toBe(false);
    expect(await drawOf(draw.drawId)).toEqual(closed);
  });

  it('while entries are being made: each entry taken is in the list, each other is refused as closed', async () => {
    const { draw, during, after } = await pastDraw();
    const racing = Array.from({ length: 8 }, (_, i) =>
      enterDraw({ drawId: draw.drawId, ...person(20 + i) }, during),
    );
    const [closing, ...answers] = await Promise.all([closeDraw(draw.drawId, after), ...racing]);
    expect(closing).toMatchObject({ state: 'closed' });
    const taken = answers.flatMap((a) => (a.ok ? [a.entry.commitment] : []));
    for (const answer of answers) if (!answer.ok) expect(answer.reason).toBe('closed');
    const text = (await publicFile(entriesFile(draw.drawId))) as string;
    expect(parseEntriesList(text)).toMatchObject({ ok: true, list: { commitments: [...taken].sort() } });
    expect(await drawOf(draw.drawId)).toMatchObject({ entered: taken.length });
  });

  it('by a closer killed between the list file and the table, then run again: the same list and hash', async () => {
    const { draw, during, after } = await pastDraw();
    await enterAll(draw.drawId, 2, during);
    expect(await sealDraw(await drawOf(draw.drawId), after)).toBe(true);
    const sealed = await drawOf(draw.drawId);
    const written = await writeList(sealed);
    // Killed here: the file is public, the table still says closing.
    expect(await drawOf(draw.drawId)).toMatchObject({ state: 'closing', round: sealed.round });
    expect(await publicFile(entriesFile(draw.drawId))).toBe(written.text);

    const restarted = await closeDraw(draw.drawId, new Date(after.getTime() + 60_000));
    expect(restarted).toMatchObject({
      state: 'closed',
      draw: { listHash: written.listHash, round: sealed.round },
    });
    expect(await publicFile(entriesFile(draw.drawId))).toBe(written.text);
    expect(DRAWN).toContain((await drawWhenDue(draw.drawId)).state);
  }, 60_000);

  it('never replaces a list file that is not the sealed draw’s', async () => {
    const { draw, during, after } = await pastDraw();
    await enterAll(draw.drawId, 2, during);
    await sealDraw(await drawOf(draw.drawId), after);
    const sealed = await drawOf(draw.drawId);
    const other = entriesList({
      drawId: draw.drawId,
      piece: draw.pid,
      closed: draw.closesAt,
      beacon: { chainHash: sealed.chainHash as string, round: (sealed.round as number) + 1 },
      commitments: [],
    });
    const put = (body: string) =>
      s3().send(new PutObjectCommand({ Bucket: mediaBucket(), Key: entriesFile(draw.drawId), Body: body }));
    await put(other);
    await expect(closeDraw(draw.drawId, after)).rejects.toThrow(/other content/);
    expect(await publicFile(entriesFile(draw.drawId))).toBe(other);
    expect(await drawOf(draw.drawId)).toMatchObject({ state: 'closing' });
    // Once the stray file is gone, the draw closes with its own list.
    await s3().send(new DeleteObjectCommand({ Bucket: mediaBucket(), Key: entriesFile(draw.drawId) }));
    expect(await closeDraw(draw.drawId, after)).toMatchObject({ state: 'closed' });
    expect(DRAWN).toContain((await drawWhenDue(draw.drawId)).state);
  }, 60_000);
});

describe('drawing a closed draw', () => {
  it('waits, and says for which round, while the beacon is unreachable; then draws what the script recomputes', async () => {
    const { draw, during, after } = await pastDraw();
    const entries = await enterAll(draw.drawId, 3, during);
    await closeDraw(draw.drawId, after);
    // Witnessed, and the round it allows due: only the beacon is missing.
    const round = await witnessedRound(draw.drawId);
    // The fault before the round is due: the draws' job of another suite waits as well.
    await setBeaconFault('unreachable');
    await untilDue(round);
    const first = new Date();
    expect(await drawWinner(draw.drawId, beaconRound, first)).toMatchObject({
      state: 'waiting',
      round,
      beaconState: 'unreachable',
    });
    expect(await drawWinner(draw.drawId, beaconRound, new Date(first.getTime() + 60_000))).toMatchObject({
      state: 'waiting',
    });
    expect(await drawOf(draw.drawId)).toMatchObject({ state: 'closed', beaconState: 'unreachable' });
    expect(await publicFile(resultFile(draw.drawId))).toBeUndefined();
    // A beacon that says "not yet" is waited for the same way.
    const notYet = async (): Promise<BeaconAnswer> => ({ state: 'not-yet' });
    expect(await drawWinner(draw.drawId, notYet)).toMatchObject({ state: 'waiting', beaconState: 'not-yet' });
    expect(await publicFile(resultFile(draw.drawId))).toBeUndefined();

    await setBeaconFault(null);
    expect(DRAWN).toContain((await drawWhenDue(draw.drawId)).state);
    const drawn = await drawOf(draw.drawId);
    expect(drawn.beaconState).toBeUndefined();
    const result = JSON.parse((await publicFile(resultFile(draw.drawId))) as string) as DrawResult;
    expect(result.beacon).toMatchObject(await beaconRound(round as number));
    const winner = entries.find((e) => e.commitment === drawn.winner) as EntryEntity;
    const script = await recompute(draw.drawId, '--salt', winner.salt);
    expect(script.code).toBe(0);
    expect(script.stdout).toContain('you won\n');
  });

  it('waits for its list to be witnessed before any beacon, then draws with the round the witnessing allows; the script agrees', async () => {
    const now = Date.now();
    const created = await createDraw(
      { pid: await newPiece(), opensAt: iso(now - 60_000), closesAt: iso(now - 1000), admin: ADMIN },
      new Date(now - 60_000),
    );
    if (!created.ok) throw new Error(created.reason);
    const { drawId } = created.draw;
    const [entry] = (await enterAll(drawId, 1, new Date(now - 30_000), 60)) as [EntryEntity];
    // One witness down for a moment (other suites share the witnesses): the list's checkpoint is
    // cosigned by one of two, so the draw is not drawn, whatever the beacon says.
    await setWitnessFault(1, 'down');
    try {
      await closeDraw(drawId, new Date(now));
      expect((await runJob('sequence-log')).status).toBe(200);
      expect(await drawWinner(drawId)).toMatchObject({ state: 'waiting', beaconState: 'witnessing' });
      expect(await publicFile(witnessedFile(drawId))).toBeUndefined();
    } finally {
      await setWitnessFault(1, null);
    }
    // Back: the next sequencer run has both cosign it, and the draw takes the round that allows.
    expect(DRAWN).toContain((await drawWhenDue(drawId)).state);
    const drawn = await drawOf(drawId);
    expect(drawn.roundDrawn).toBeGreaterThanOrEqual(drawn.round as number);
    const result = JSON.parse((await publicFile(resultFile(drawId))) as string) as DrawResult;
    expect(result.beacon.round).toBe(drawn.roundDrawn);
    expect(await publicFile(witnessedFile(drawId))).toContain('"format": "oneofone-draw-witnessed/v1"');
    const script = await recompute(drawId, '--salt', entry.salt);
    expect(script.stderr).toBe('');
    expect(script.code).toBe(0);
    expect(script.stdout).toContain('you won\n');
  }, 90_000);

  it('refuses a beacon that lies, publishing nothing', async () => {
    const { draw, during, after } = await pastDraw();
    await enterAll(draw.drawId, 2, during);
    await closeDraw(draw.drawId, after);
    // Witnessed, and its round out: only the beacon's answer is left to refuse.
    // The fault before the round is due: the draws' job of another suite cannot draw it either.
    await setBeaconFault('wrong-signature');
    await untilDue(await witnessedRound(draw.drawId));
    await expect(drawWinner(draw.drawId)).rejects.toThrow(/refused/);
    await setBeaconFault('wrong-randomness');
    await expect(drawWinner(draw.drawId)).rejects.toThrow(/refused/);
    await setBeaconFault(null);
    // A reader that passes off another round's signature is refused by the draw itself.
    const forged = async (round: number): Promise<BeaconAnswer> => {
      const other = await beaconRound(round > 1 ? round - 1 : round + 1);
      return 'state' in other ? other : { ...other, round };
    };
    await expect(drawWinner(draw.drawId, forged)).rejects.toThrow(/refused/);
    expect(await drawOf(draw.drawId)).toMatchObject({ state: 'closed' });
    expect(await publicFile(resultFile(draw.drawId))).toBeUndefined();
    expect(DRAWN).toContain((await drawWinner(draw.drawId)).state);
  }, 60_000);

  it('with no entry left is empty: a list of none, a result without a winner', async () => {
    const { draw, during, after } = await pastDraw();
    const [only] = (await enterAll(draw.drawId, 1, during)) as [EntryEntity];
    await withdrawEntry({ drawId: draw.drawId, entryId: only.entryId, email: only.email }, during);
    await closeDraw(draw.drawId, after);
    expect(await publicFile(entriesFile(draw.drawId))).toMatch(/\nentries 0\n$/);
    expect(['empty', 'settled']).toContain((await drawWhenDue(draw.drawId)).state);
    const empty = await drawOf(draw.drawId);
    expect(empty.winner).toBeUndefined();
    expect(JSON.parse((await publicFile(resultFile(draw.drawId))) as string)).toMatchObject({ order: [] });
    expect(await unsettledDrawOf(draw.pid)).toBeUndefined();
    // The piece can have a draw again.
    expect(await pastDraw(draw.pid)).toMatchObject({ draw: { pid: draw.pid } });
    const script = await recompute(draw.drawId);
    expect(script.code).toBe(0);
    expect(script.stdout).toContain('no entries, no winner');
  }, 60_000);
});

describe("the draws' job", () => {
  it('closes a draw when its window closes and draws it once its round is out', async () => {
    const now = Date.now();
    const created = await createDraw({
      pid: await newPiece(),
      opensAt: iso(now - 1000),
      closesAt: iso(now + 1500),
      admin: ADMIN,
    });
    if (!created.ok) throw new Error(created.reason);
    const { drawId } = created.draw;
    await enterAll(drawId, 2, new Date());
    await new Promise((done) =>
      setTimeout(done, Math.max(0, Date.parse(created.draw.closesAt) - Date.now() + 50)),
    );
    const first = await runJob('run-draws');
    expect(first.status).toBe(200);
    // Closed: it waits for its list to be witnessed (the sequencer it started), then for its round.
    const waiting = await drawOf(drawId);
    expect(waiting).toMatchObject({ state: 'closed', entered: 2 });
    expect(['witnessing', 'not-yet']).toContain(waiting.beaconState);
    await expect
      .poll(
        async () => {
          expect((await runJob('run-draws')).status).toBe(200);
          return (await drawOf(drawId)).state;
        },
        { timeout: 30_000, interval: 1000 },
      )
      // Drawn, then settled in the same run (no entry here has a payment: the piece goes back).
      .toBe('settled');
    const text = (await publicFile(entriesFile(drawId))) as string;
    const result = JSON.parse((await publicFile(resultFile(drawId))) as string);
    expect(await checkResult(text, result)).toMatchObject({ ok: true });
  }, 60_000);

  it('draws the other draws when one fails, then fails its run (the job alarms)', async () => {
    // The failing draw first: it closed before the other, so the job comes to it first.
    const bad = await pastDraw();
    await enterAll(bad.draw.drawId, 1, bad.during, 41);
    await closeDraw(bad.draw.drawId, bad.after);
    await new Promise((done) => setTimeout(done, 5));
    const good = await pastDraw();
    await enterAll(good.draw.drawId, 1, good.during, 40);
    await closeDraw(good.draw.drawId, good.after);
    // The published list altered after the close: the draw refuses to draw it.
    const file = entriesFile(bad.draw.drawId);
    const original = (await publicFile(file)) as string;
    const put = (body: string) =>
      s3().send(new PutObjectCommand({ Bucket: mediaBucket(), Key: file, Body: body }));
    await put(original.replace(/entries 1\n[0-9a-f]{64}\n$/, 'entries 0\n'));

    expect((await runJob('sequence-log')).status).toBe(200);
    await expect
      .poll(
        async () => {
          const run = await runJob('run-draws');
          expect(run.status).toBe(500);
          expect(await run.json()).toMatchObject({ message: '1 draw(s) failed: see the log' });
          return (await drawOf(good.draw.drawId)).state;
        },
        { timeout: 45_000, interval: 1000 },
      )
      .toBe('settled');
    expect(await drawOf(bad.draw.drawId)).toMatchObject({ state: 'closed' });
    expect(await publicFile(resultFile(bad.draw.drawId))).toBeUndefined();

    await put(original);
    await expect
      .poll(
        async () => {
          expect((await runJob('run-draws')).status).toBe(200);
          return (await drawOf(bad.draw.drawId)).state;
        },
        { timeout: 45_000, interval: 1000 },
      )
      .toBe('settled');
  }, 120_000);
});
