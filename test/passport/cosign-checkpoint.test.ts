import { afterEach, describe, expect, it, vi } from 'vitest';
import { cosignCheckpoint } from '#passport/cosign-checkpoint.ts';
import { utf8 } from '#shared/passport/bytes.ts';
import { verifyCheckpoint } from '#shared/passport/checkpoint.ts';
import { type Hash, leafHash, rootOf } from '#shared/passport/merkle.ts';
import { startWitness, type WitnessStandIn } from '../../infra/local/witness.ts';
import { logVkey, makeEd25519Key, signWithLog } from './witnessing.ts';

/**
 * The sequencer's side of tlog-witness (functions/passport/cosign-checkpoint.ts), against a
 * witness stand-in: a witness that cosigned an older size answers 409 with it, and the log
 * submits once more with the proof from there; a witness that refuses or is unreachable costs
 * its cosignature only.
 */
const ORIGIN = 'shop.example/passport/log';
const LOG = makeEd25519Key();
const running: WitnessStandIn[] = [];
afterEach(async () => {
  vi.unstubAllEnvs();
  for (const witness of running.splice(0)) await witness.stop();
});

const leavesOf = (n: number, tag = 'entry') =>
  Promise.all(Array.from({ length: n }, (_, i) => leafHash(utf8(`${tag} ${i}`))));
const noteOf = async (leaves: Hash[]) =>
  signWithLog({ origin: ORIGIN, size: leaves.length, root: await rootOf(leaves) }, LOG);

async function witness(name: string) {
  const started = await startWitness(0, { name });
  await started.trust(ORIGIN, LOG.publicKey);
  running.push(started);
  return started;
}

const policy = (witnesses: { vkey: string; url: string }[], k = witnesses.length) =>
  `${witnesses.map((w, i) => `witness w${i} ${w.vkey} ${w.url}\n`).join('')}group g ${k} ${witnesses.map((_, i) => `w${i}`).join(' ')}\nquorum g\n`;

const keysFor = async (text: string) => ({
  issuer: 'https://shop.example',
  keys: [],
  logKeys: [{ vkey: await logVkey(ORIGIN, LOG), from: '2026-01-01' }],
  witnessPolicy: text,
});

const submitDirectly = (w: WitnessStandIn, note: string) =>
  fetch(`${w.url}/add-checkpoint`, { method: 'POST', body: `old 0\n\n${note}` });

describe("the sequencer's witness submissions", () => {
  it('reads the size of a 409 and submits once more with the consistency proof from it', async () => {
    const w = await witness('w409.example');
    const leaves = await leavesOf(7);
    // The witness saw size 3 from another run (another container): this one does not know it.
    expect((await submitDirectly(w, await noteOf(leaves.slice(0, 3)))).status).toBe(200);
    const text = policy([w]);
    vi.stubEnv('PASSPORT_WITNESSES', text);
    const cosigned = await cosignCheckpoint(await noteOf(leaves), leaves);
    expect(await verifyCheckpoint(cosigned, await keysFor(text))).toMatchObject({
      ok: true,
      witnessed: true,
      cosigned: [{ name: 'w409.example' }],
    });
  });

  it('publishes with fewer cosignatures when a witness refuses (a fork it saw) or cannot be reached', async () => {
    const good = await witness('good.example');
    const forked = await witness('forked.example');
    const leaves = await leavesOf(6);
    // This witness cosigned another tree of size 3: the log's proof from 3 cannot convince it.
    expect((await submitDirectly(forked, await noteOf(await leavesOf(3, 'other')))).status).toBe(200);
    const gone = { vkey: (await witness('gone.example')).vkey, url: 'http://127.0.0.1:9' };
    const text = policy([good, forked, gone], 2);
    vi.stubEnv('PASSPORT_WITNESSES', text);
    const note = await noteOf(leaves);
    const cosigned = await cosignCheckpoint(note, leaves);
    expect(cosigned.startsWith(note)).toBe(true);
    expect(await verifyCheckpoint(cosigned, await keysFor(text))).toMatchObject({
      ok: true,
      witnessed: false,
      cosigned: [{ name: 'good.example' }],
    });
  });

  it('keeps only cosignatures that verify: a witness answering another key’s line gives none', async () => {
    const w = await witness('honest.example');
    const impostor = await witness('impostor.example');
    vi.stubEnv('PASSPORT_WITNESSES', policy([{ vkey: impostor.vkey, url: w.url }]));
    const leaves = await leavesOf(2);
    const note = await noteOf(leaves);
    expect(await cosignCheckpoint(note, leaves)).toBe(note);
  });
});
