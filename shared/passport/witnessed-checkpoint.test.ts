import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keySet, makeTestKey } from '../../test/passport/signing.ts';
import {
  cosign,
  cosignatureLine,
  logVkey,
  makeEd25519Key,
  makeWitness,
  policyOf,
  signWithLog,
} from '../../test/passport/witnessing.ts';
import { utf8 } from './bytes.ts';
import { signCheckpoint, verifyCheckpoint } from './checkpoint.ts';
import { consistencyProof, leafHash, rootOf } from './merkle.ts';
import { parseVkey } from './note-keys.ts';
import { checkConsistency } from './verify.ts';
import { parseWitnessPolicy, quorumMet } from './witness-policy.ts';

/**
 * docs/passport.md, The log and Witnesses: the log signs with Ed25519 (type 0x01), ES256
 * checkpoints of before still verify, witnesses' cosignatures (tlog-cosignature v1) are counted
 * against the published policy, and a forked or rolled-back checkpoint is refused.
 */
const ORIGIN = 'shop.example/passport/log';
const ROOT = Uint8Array.from({ length: 32 }, (_, i) => i);
const LOG = makeEd25519Key();
const [A, B, C] = (await Promise.all(
  ['a.witness.example', 'b.witness.example', 'c.witness.example'].map(makeWitness),
)) as [
  Awaited<ReturnType<typeof makeWitness>>,
  Awaited<ReturnType<typeof makeWitness>>,
  Awaited<ReturnType<typeof makeWitness>>,
];
const ES256 = await makeTestKey();
const keys = async (k = 2, witnesses = [A, B]) => ({
  ...keySet(ES256),
  logKeys: [{ vkey: await logVkey(ORIGIN, LOG), from: '2026-01-01' }],
  witnessPolicy: policyOf(witnesses, k),
});

describe('the log key (Ed25519, signed-note type 0x01)', () => {
  it('signs a note whose key id is SHA-256(origin ‖ \\n ‖ 0x01 ‖ key)[:4], as its vkey says', async () => {
    const note = await signWithLog({ origin: ORIGIN, size: 3, root: ROOT }, LOG);
    const vkey = await parseVkey(await logVkey(ORIGIN, LOG));
    const line = note.split('\n\n')[1] as string;
    const bytes = Buffer.from(line.trim().split(' ')[2] as string, 'base64');
    expect(bytes.subarray(0, 4)).toEqual(Buffer.from(vkey?.keyId as Uint8Array));
    expect(bytes).toHaveLength(68);
    expect(await verifyCheckpoint(note, await keys())).toMatchObject({ ok: true, checkpoint: { size: 3 } });
    expect(await verifyCheckpoint(note.replace('\n3\n', '\n4\n'), await keys())).toEqual({
      ok: false,
      reason: 'signature-invalid',
    });
    expect(await verifyCheckpoint(note, keySet(ES256))).toEqual({ ok: false, reason: 'unknown-key' });
  });

  it('leaves the checkpoints the ES256 key signed before verifying', async () => {
    const old = await signCheckpoint({ origin: ORIGIN, size: 3, root: ROOT }, ES256.spki, ES256.sign);
    expect(await verifyCheckpoint(old, await keys())).toMatchObject({ ok: true });
  });

  it('refuses a vkey whose key id is not its own', async () => {
    const vkey = await logVkey(ORIGIN, LOG);
    expect(await parseVkey(vkey.replace(/\+([0-9a-f]{8})\+/, '+00000000+'))).toBeUndefined();
  });
});

describe('witness cosignatures against the published policy', () => {
  const note = () => signWithLog({ origin: ORIGIN, size: 3, root: ROOT }, LOG);

  it('says witnessed by both when both cosign, 2 of 2', async () => {
    const verdict = await verifyCheckpoint(await cosign(await note(), [A, B]), await keys());
    expect(verdict).toMatchObject({
      ok: true,
      witnessed: true,
      quorum: { k: 2, n: 2 },
      cosigned: [
        { name: A.name, time: 1_790_000_000 },
        { name: B.name, time: 1_790_000_000 },
      ],
    });
  });

  it('says not yet witnessed with too few cosignatures, and ignores a witness the policy does not name', async () => {
    const verdict = await verifyCheckpoint(await cosign(await note(), [A, C]), await keys());
    expect(verdict).toMatchObject({ ok: true, witnessed: false, cosigned: [{ name: A.name }] });
    expect(await verifyCheckpoint(await cosign(await note(), [A, C]), await keys(1))).toMatchObject({
      witnessed: true,
    });
  });

  it('refuses a bad cosignature of a listed witness (another body, another time)', async () => {
    const signed = await note();
    const other = await signWithLog({ origin: ORIGIN, size: 4, root: ROOT }, LOG);
    const wrongBody = `${signed}${await cosignatureLine(A, other, 1_790_000_000)}\n`;
    expect(await verifyCheckpoint(wrongBody, await keys())).toEqual({
      ok: false,
      reason: 'cosignature-invalid',
    });
    const line = await cosignatureLine(A, signed, 1_790_000_000);
    const bytes = Buffer.from(line.split(' ')[2] as string, 'base64');
    bytes.writeBigUInt64BE(1_790_000_001n, 4);
    const wrongTime = `${signed}\u2014 ${A.name} ${bytes.toString('base64')}\n`;
    expect(await verifyCheckpoint(wrongTime, await keys())).toEqual({
      ok: false,
      reason: 'cosignature-invalid',
    });
  });

  it('refuses an unreadable policy', async () => {
    const set = { ...(await keys()), witnessPolicy: 'quorum nobody\n' };
    expect(await verifyCheckpoint(await note(), set)).toEqual({ ok: false, reason: 'policy-invalid' });
  });
});

describe('the witness policy (C2SP tlog-policy)', () => {
  it('reads witnesses, groups (k, any, all) and the quorum; refuses what the format does not allow', async () => {
    const text = `# the shop's\nlog ${await logVkey(ORIGIN, LOG)}\nwitness a ${A.vkey} https://a.example\nwitness b ${B.vkey}\nwitness c ${C.vkey}\ngroup ab all a b\ngroup either any ab c\nquorum either\n`;
    const policy = await parseWitnessPolicy(text);
    expect(policy?.witnesses.map((w) => [w.id, w.name, w.url])).toEqual([
      ['a', A.name, 'https://a.example'],
      ['b', B.name, undefined],
      ['c', C.name, undefined],
    ]);
    if (!policy) throw new Error('unread');
    expect(quorumMet(policy, new Set(['c']))).toBe(true);
    expect(quorumMet(policy, new Set(['a']))).toBe(false);
    expect(quorumMet(policy, new Set(['a', 'b']))).toBe(true);
    for (const bad of [
      `witness a ${A.vkey}\n`, // no quorum
      `witness a ${A.vkey}\nquorum b\n`, // undefined name
      `witness a ${A.vkey}\nwitness a ${B.vkey}\nquorum a\n`, // a name twice
      `witness a ${A.vkey}\ngroup g 2 a\nquorum g\n`, // k above n
      `witness a ${A.vkey}\ngroup g 1 a a\nquorum g\n`, // a member twice
      `witness a ${await logVkey(ORIGIN, LOG)}\nquorum a\n`, // a log key as a witness
      `witness a ${A.vkey}\nquorum a\nquorum a\n`, // two quorums
      `witness a ${A.vkey}\nfrobnicate\nquorum a\n`, // an unknown line
    ]) {
      expect(await parseWitnessPolicy(bad), bad).toBeUndefined();
    }
    expect(await parseWitnessPolicy('quorum none\n')).toMatchObject({ quorum: 'none' });
  });
});

describe('forked or rolled-back checkpoints', () => {
  it('refuses 1,000 of them, each witnessed by both, against the checkpoint the page kept', async () => {
    const set = await keys();
    const witnessed = async (leaves: Uint8Array[]) =>
      cosign(await signWithLog({ origin: ORIGIN, size: leaves.length, root: await rootOf(leaves) }, LOG), [
        A,
        B,
      ]);
    const leavesOf = (n: number, tag: string) =>
      Promise.all(Array.from({ length: n }, (_, i) => leafHash(utf8(`${tag} ${i}`))));
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 0, max: 40 }),
        fc.nat(),
        fc.constantFrom('fork-same-size', 'fork-larger', 'rollback'),
        async (kept, more, pick, kind) => {
          const leaves = await leavesOf(kept + more + 1, 'entry');
          const keptNote = await witnessed(leaves.slice(0, kept));
          let newer: string;
          let proof: Uint8Array[] = [];
          if (kind === 'rollback') {
            // A smaller tree (a prefix of the same log: only the size goes back).
            const size = pick % kept;
            if (size === 0) return;
            newer = await witnessed(leaves.slice(0, size));
          } else {
            // The same log with one of the kept entries changed: at the kept size or larger.
            const changed = [...leaves];
            changed[pick % kept] = await leafHash(utf8(`changed ${pick}`));
            const size = kind === 'fork-same-size' ? kept : kept + 1 + (pick % (more + 1));
            newer = await witnessed(changed.slice(0, size));
            if (size > kept) proof = await consistencyProof(changed.slice(0, size), kept);
          }
          const verdict = await checkConsistency(keptNote, newer, proof, set);
          expect(verdict.ok).toBe(false);
          refused++;
        },
      ),
      { numRuns: 1_100, seed: 44 },
    );
    expect(refused).toBeGreaterThanOrEqual(1_000);
  }, 120_000);

  it('accepts the same log grown (the property above can fail)', async () => {
    const set = await keys();
    const leaves = await Promise.all(Array.from({ length: 9 }, (_, i) => leafHash(utf8(`e ${i}`))));
    const kept = await cosign(
      await signWithLog({ origin: ORIGIN, size: 5, root: await rootOf(leaves.slice(0, 5)) }, LOG),
      [A, B],
    );
    const newer = await cosign(
      await signWithLog({ origin: ORIGIN, size: 9, root: await rootOf(leaves) }, LOG),
      [A, B],
    );
    expect(await checkConsistency(kept, newer, await consistencyProof(leaves, 5), set)).toEqual({ ok: true });
  });
});
