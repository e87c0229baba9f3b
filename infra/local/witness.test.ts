import { createHash, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toBase64, utf8 } from '#shared/passport/bytes.ts';
import { signLogCheckpoint, verifyCheckpoint, withSignatureLines } from '#shared/passport/checkpoint.ts';
import { consistencyProof, type Hash, leafHash, rootOf } from '#shared/passport/merkle.ts';
import { ed25519FromSpki, NOTE_ED25519, vkeyOf } from '#shared/passport/note-keys.ts';
import { startWitness, type WitnessStandIn } from './witness.ts';

/**
 * The witness stand-in speaks C2SP tlog-witness: every status its add-checkpoint names, its
 * cosignature (checked by the page's verifier), its state kept across a restart, no web page.
 */
const ISSUER = 'https://shop.example';
const ORIGIN = 'shop.example/passport/log';
const NAME = 'witness-test.boutique.local';
const dir = mkdtempSync(join(tmpdir(), 'witness-stand-in-'));
const running: WitnessStandIn[] = [];
afterEach(async () => {
  for (const witness of running.splice(0)) await witness.stop();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function logKey() {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privateKey,
    raw: ed25519FromSpki(new Uint8Array(publicKey.export({ type: 'spki', format: 'der' }))) as Uint8Array,
  };
}
const LOG = logKey();

const leavesOf = (n: number, tag = 'entry') =>
  Promise.all(Array.from({ length: n }, (_, i) => leafHash(utf8(`${tag} ${i}`))));

async function note(leaves: Hash[], key: { privateKey: KeyObject; raw: Uint8Array } = LOG, origin = ORIGIN) {
  return signLogCheckpoint(
    { origin, size: leaves.length, root: await rootOf(leaves) },
    key.raw,
    async (data) => sign(null, data, key.privateKey),
  );
}

const request = (old: number, proof: Hash[], checkpoint: string) =>
  `old ${old}\n${proof.map((hash) => `${toBase64(hash)}\n`).join('')}\n${checkpoint}`;

async function add(witness: WitnessStandIn, body: string, headers: Record<string, string> = {}) {
  const answer = await fetch(`${witness.url}/add-checkpoint`, { method: 'POST', body, headers });
  return { status: answer.status, type: answer.headers.get('content-type') ?? '', text: await answer.text() };
}

async function start(stateFile = join(dir, `w-${Math.random()}.json`)) {
  const witness = await startWitness(0, { name: NAME, stateFile });
  await witness.trust(ORIGIN, LOG.raw);
  running.push(witness);
  return witness;
}

const keysWith = async (witness: WitnessStandIn) => ({
  issuer: ISSUER,
  keys: [],
  logKeys: [{ vkey: await vkeyOf(ORIGIN, NOTE_ED25519, LOG.raw), from: '2026-01-01' }],
  witnessPolicy: `witness w ${witness.vkey} ${witness.url}\nquorum w\n`,
});

describe('the witness stand-in (C2SP tlog-witness)', () => {
  let witness: WitnessStandIn;
  beforeEach(async () => {
    witness = await start();
  });

  it('cosigns a first checkpoint from size 0: a cosignature line the verifier accepts, then serves it', async () => {
    const leaves = await leavesOf(5);
    const checkpoint = await note(leaves);
    const answer = await add(witness, request(0, [], checkpoint));
    expect(answer.status).toBe(200);
    expect(answer.text).toMatch(new RegExp(`^\u2014 ${NAME.replaceAll('.', '\\.')} \\S+\n$`));
    const cosigned = withSignatureLines(checkpoint, [answer.text.trim()]);
    const verdict = await verifyCheckpoint(cosigned, await keysWith(witness));
    expect(verdict).toMatchObject({ ok: true, witnessed: true, cosigned: [{ name: NAME }] });
    const hash = createHash('sha256').update(ORIGIN).digest('hex');
    const served = await fetch(`${witness.url}/${hash}/checkpoint`);
    expect([served.status, await served.text()]).toEqual([200, cosigned]);
    expect((await fetch(`${witness.url}/${'0'.repeat(64)}/checkpoint`)).status).toBe(404);
  });

  it('cosigns a consistent extension with its proof, and a witness refuses an inconsistent checkpoint (422)', async () => {
    const leaves = await leavesOf(9);
    expect((await add(witness, request(0, [], await note(leaves.slice(0, 5))))).status).toBe(200);
    // A forked tree of size 9 (its first 5 leaves not the ones cosigned), with a proof of its own.
    const forked = [...(await leavesOf(5, 'other')), ...leaves.slice(5)];
    const refused = await add(witness, request(5, await consistencyProof(forked, 5), await note(forked)));
    expect(refused.status).toBe(422);
    expect(JSON.parse(refused.text)).toEqual({ message: 'the consistency proof does not verify' });
    const good = await add(witness, request(5, await consistencyProof(leaves, 5), await note(leaves)));
    expect(good.status).toBe(200);
    // The same size again: the same root is cosigned again, another root is refused.
    expect((await add(witness, request(9, [], await note(leaves)))).status).toBe(200);
    const sameSize = await add(witness, request(9, [], await note(forked)));
    expect([sameSize.status, JSON.parse(sameSize.text).message]).toEqual([
      422,
      'the same size with another root',
    ]);
  });

  it('answers 409 with its size as text/x.tlog.size to another old size', async () => {
    const leaves = await leavesOf(6);
    expect((await add(witness, request(0, [], await note(leaves.slice(0, 4))))).status).toBe(200);
    const conflict = await add(witness, request(0, [], await note(leaves)));
    expect(conflict).toMatchObject({ status: 409, type: 'text/x.tlog.size', text: '4\n' });
    const wrong = await add(witness, request(2, await consistencyProof(leaves, 2), await note(leaves)));
    expect(wrong).toMatchObject({ status: 409, text: '4\n' });
  });

  it('answers 404 to an unknown origin, 403 to no or a bad log signature, 400 to an old size above the size', async () => {
    const leaves = await leavesOf(3);
    expect(
      (await add(witness, request(0, [], await note(leaves, LOG, 'elsewhere.example/log')))).status,
    ).toBe(404);
    expect((await add(witness, request(0, [], await note(leaves, logKey())))).status).toBe(403);
    const good = await note(leaves);
    const line = good.slice(good.indexOf('\n\n') + 2);
    const bytes = Buffer.from(line.trim().split(' ')[2] as string, 'base64');
    bytes[10] = (bytes[10] as number) ^ 1;
    const forged = `${good.slice(0, good.indexOf('\n\n') + 2)}\u2014 ${ORIGIN} ${bytes.toString('base64')}\n`;
    expect((await add(witness, request(0, [], forged))).status).toBe(403);
    expect((await add(witness, request(4, [], good))).status).toBe(400);
    expect((await add(witness, 'not a request')).status).toBe(400);
  });

  it('answers 422 to a size-0 tree whose root is not the empty one, and to a proof from size 0', async () => {
    const empty = createHash('sha256').digest();
    const signZero = (root: Uint8Array) =>
      signLogCheckpoint({ origin: ORIGIN, size: 0, root }, LOG.raw, async (data) =>
        sign(null, data, LOG.privateKey),
      );
    expect((await add(witness, request(0, [], await signZero(new Uint8Array(32).fill(7))))).status).toBe(422);
    expect((await add(witness, request(0, [], await signZero(empty)))).status).toBe(200);
    const leaves = await leavesOf(3);
    expect((await add(witness, request(0, [leaves[0] as Hash], await note(leaves)))).status).toBe(422);
  });

  it('refuses any request with an Origin header or a cross-site fetch: no web page reaches it', async () => {
    const body = request(0, [], await note(await leavesOf(2)));
    expect((await add(witness, body, { origin: witness.url })).status).toBe(403);
    expect((await add(witness, body, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await add(witness, body)).status).toBe(200);
  });

  it('goes down (503) and up again by its control', async () => {
    const body = request(0, [], await note(await leavesOf(2)));
    const control = (fault: string | null) =>
      fetch(`${witness.url}/__control/fault`, { method: 'POST', body: JSON.stringify({ fault }) });
    expect((await control('down')).status).toBe(200);
    expect((await add(witness, body)).status).toBe(503);
    expect((await control(null)).status).toBe(200);
    expect((await add(witness, body)).status).toBe(200);
  });
});

describe("the witness stand-in's state", () => {
  it('keeps its key and each log’s size across a restart, in a file only its owner reads', async () => {
    const file = join(dir, 'kept.json');
    const first = await start(file);
    const leaves = await leavesOf(4);
    expect((await add(first, request(0, [], await note(leaves.slice(0, 3))))).status).toBe(200);
    const vkey = first.vkey;
    await first.stop();
    running.splice(running.indexOf(first), 1);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const again = await start(file);
    expect(again.vkey).toBe(vkey);
    expect(await add(again, request(0, [], await note(leaves)))).toMatchObject({ status: 409, text: '3\n' });
    expect((await add(again, request(3, await consistencyProof(leaves, 3), await note(leaves)))).status).toBe(
      200,
    );
  });
});
