import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildLog,
  checkpointOf,
  consistencyOf,
  historyOf,
  issuePiece,
  type LogStep,
  mapProofOf,
  signCode,
  signResaleProof,
} from '../../test/passport/fixtures.ts';
import { keySet, makeTestKey, type TestKey } from '../../test/passport/signing.ts';
import {
  checkConsistency,
  verifyCertificate,
  verifyFragment,
  verifyHistory,
  verifyServedCertificate,
} from './verify.ts';

const PIECE = {
  pieceId: 'p-0042',
  collection: 'Nocturne',
  number: 8,
  of: 12,
  validFrom: '2026-03-02T10:00:00.000Z',
};
const PROOF = { pieceId: 'p-0042', since: '2026-05', expires: '2026-12-05', id: 'Q'.repeat(22) };
const BEFORE_EXPIRY = new Date('2026-12-04T23:59:59Z');

/** Issued, sold, transferred twice; other pieces' entries between. */
const STORY = (cert: string): LogStep[] => [
  { kind: 'issue', piece: 'p-0001', time: '2026-01-05T09:00:00.000Z', cert: 'A'.repeat(22) },
  { kind: 'issue', piece: 'p-0042', time: '2026-03-02T10:00:00.000Z', cert },
  { kind: 'sale', piece: 'p-0001', time: '2026-03-10T09:00:00.000Z' },
  { kind: 'sale', piece: 'p-0042', time: '2026-05-14T12:00:00.000Z' },
  { kind: 'transfer', piece: 'p-0042', time: '2026-08-01T12:00:00.000Z' },
  { kind: 'reset', piece: 'p-0001', time: '2026-08-02T12:00:00.000Z' },
  { kind: 'transfer', piece: 'p-0042', time: '2026-10-20T12:00:00.000Z' },
];

/** The piece and its map proof against the checkpoint, as the shop serves them. */
const ofPiece = async (
  log: Awaited<ReturnType<typeof buildLog>>,
  checkpoint: string,
  pieceId = 'p-0042',
) => ({
  pieceId,
  map: await mapProofOf(log, pieceId, checkpoint),
});

let signer: TestKey;
let stranger: TestKey;

beforeAll(async () => {
  signer = await makeTestKey('2026-01-01T00:00:00.000Z');
  stranger = await makeTestKey('2026-01-01T00:00:00.000Z');
});

describe('the page verifies a code offline (c1.…)', () => {
  it('says authentic piece n of of, collection, issue day and key, from the fragment as the page gets it', async () => {
    const { code, fields } = await issuePiece(PIECE, signer);
    for (const fragment of [code, `#${code}`, `/verify#${code}`]) {
      expect(await verifyFragment(fragment, keySet(signer))).toEqual({ ok: true, kind: 'code', ...fields });
    }
    expect(fields.issued).toBe('2026-03-02');
  });

  it('says why not: not a code, an unknown key, a signature that does not hold', async () => {
    const { code, fields } = await issuePiece(PIECE, signer);
    expect(await verifyFragment('hello', keySet(signer))).toEqual({ ok: false, reason: 'not-a-code' });
    expect(await verifyFragment(code, keySet(stranger))).toEqual({ ok: false, reason: 'unknown-key' });
    const forged = await signCode({ ...fields, kid: signer.key.kid }, stranger);
    expect(await verifyFragment(forged, keySet(signer))).toEqual({ ok: false, reason: 'signature-invalid' });
    const other = await signCode({ ...fields, number: 9 }, signer);
    const spliced = `${other.slice(0, other.lastIndexOf('.'))}${code.slice(code.lastIndexOf('.'))}`;
    expect(await verifyFragment(spliced, keySet(signer))).toEqual({ ok: false, reason: 'signature-invalid' });
  });

  it('keeps a rotated key for what it signed while it signed, and no later', async () => {
    const old = await makeTestKey('2026-01-01T00:00:00.000Z', '2026-06-30T00:00:00.000Z');
    const current = await makeTestKey('2026-06-30T00:00:00.000Z');
    const keys = keySet(old, current);
    const before = await issuePiece(PIECE, old);
    expect(await verifyFragment(before.code, keys)).toMatchObject({ ok: true, kid: old.key.kid });
    const after = await issuePiece({ ...PIECE, validFrom: '2026-07-15T10:00:00.000Z' }, old);
    expect(await verifyFragment(after.code, keys)).toEqual({ ok: false, reason: 'key-not-valid-then' });
    const renewed = await issuePiece({ ...PIECE, validFrom: '2026-07-15T10:00:00.000Z' }, current);
    expect(await verifyFragment(renewed.code, keys)).toMatchObject({ ok: true, kid: current.key.kid });
    const early = await issuePiece({ ...PIECE, validFrom: '2026-02-15T10:00:00.000Z' }, current);
    expect(await verifyFragment(early.code, keys)).toEqual({ ok: false, reason: 'key-not-valid-then' });
  });
});

describe('the page verifies a resale proof (p1.…)', () => {
  it('says who holds the piece since when, until it expires', async () => {
    const proof = await signResaleProof({ ...PROOF, kid: signer.key.kid }, signer);
    expect(await verifyFragment(`#${proof}`, keySet(signer), { now: BEFORE_EXPIRY })).toEqual({
      ok: true,
      kind: 'proof',
      ...PROOF,
      kid: signer.key.kid,
    });
    const expired = new Date('2026-12-05T00:00:00Z');
    expect(await verifyFragment(proof, keySet(signer), { now: expired })).toEqual({
      ok: false,
      reason: 'expired',
    });
  });

  it('says voided when the online status says so, and refuses another key or a key retired too early', async () => {
    const proof = await signResaleProof({ ...PROOF, kid: signer.key.kid }, signer);
    expect(await verifyFragment(proof, keySet(signer), { now: BEFORE_EXPIRY, voided: true })).toEqual({
      ok: false,
      reason: 'voided',
    });
    const forged = await signResaleProof({ ...PROOF, kid: signer.key.kid }, stranger);
    expect(await verifyFragment(forged, keySet(signer), { now: BEFORE_EXPIRY })).toEqual({
      ok: false,
      reason: 'signature-invalid',
    });
    const retired = await makeTestKey('2026-01-01T00:00:00.000Z', '2026-10-01T00:00:00.000Z');
    const late = await signResaleProof({ ...PROOF, kid: retired.key.kid }, retired);
    expect(await verifyFragment(late, keySet(retired), { now: BEFORE_EXPIRY })).toEqual({
      ok: false,
      reason: 'key-not-valid-then',
    });
  });
});

describe('the page verifies the certificate online', () => {
  it("checks the JWS and that its digest and fields are the code's", async () => {
    const { certificate, fields } = await issuePiece(PIECE, signer);
    expect(await verifyCertificate(certificate, keySet(signer), fields)).toMatchObject({
      ok: true,
      pieceId: 'p-0042',
      digest: fields.digest,
    });
    const other = await issuePiece({ ...PIECE, number: 9 }, signer);
    expect(await verifyCertificate(other.certificate, keySet(signer), fields)).toEqual({
      ok: false,
      reason: 'digest-mismatch',
    });
    const lying = { ...fields, number: 9 };
    expect(await verifyCertificate(certificate, keySet(signer), lying)).toEqual({
      ok: false,
      reason: 'certificate-mismatch',
    });
    expect(
      await verifyCertificate(certificate, { ...keySet(signer), issuer: 'https://else.example' }),
    ).toEqual({
      ok: false,
      reason: 'wrong-issuer',
    });
    expect(await verifyCertificate(certificate, keySet(stranger))).toEqual({
      ok: false,
      reason: 'unknown-key',
    });
    expect(await verifyCertificate('a.b.c', keySet(signer))).toEqual({
      ok: false,
      reason: 'not-a-certificate',
    });
  });
});

describe('the page judges the certificate the shop serves for a code by the log (the re-issue rule)', () => {
  const REISSUED = { ...PIECE, validFrom: '2026-09-01T10:00:00.000Z' };
  /** The piece issued, sold, then re-issued; another piece issued between. */
  async function reissued() {
    const first = await issuePiece(PIECE, signer);
    const second = await issuePiece(REISSUED, signer);
    const other = await issuePiece({ ...PIECE, pieceId: 'p-0043', number: 9 }, signer);
    const log = await buildLog([
      { kind: 'issue', piece: 'p-0042', time: PIECE.validFrom, cert: first.fields.digest },
      { kind: 'issue', piece: 'p-0043', time: PIECE.validFrom, cert: other.fields.digest },
      { kind: 'sale', piece: 'p-0042', time: '2026-05-14T12:00:00.000Z' },
      { kind: 'issue', piece: 'p-0042', time: REISSUED.validFrom, cert: second.fields.digest },
    ]);
    const checkpoint = await checkpointOf(log.leaves, signer);
    const history = await verifyHistory(
      await historyOf(log, 'p-0042', checkpoint),
      checkpoint,
      keySet(signer),
      {
        pieceId: 'p-0042',
        map: await mapProofOf(log, 'p-0042', checkpoint),
      },
    );
    return { first, second, other, history };
  }

  it('takes the newest issue entry’s certificate with its own code', async () => {
    const { second, history } = await reissued();
    expect(
      await verifyServedCertificate(second.certificate, keySet(signer), second.fields, history),
    ).toMatchObject({ ok: true, pieceId: 'p-0042', digest: second.fields.digest });
  });

  it('refuses another piece’s valid certificate, also when the log issued it', async () => {
    const { first, other, history } = await reissued();
    expect(await verifyServedCertificate(other.certificate, keySet(signer), first.fields, history)).toEqual({
      ok: false,
      reason: 'another-piece',
    });
    // Without a history too: the certificate must name the code's piece, its id as well as its place.
    const twin = await issuePiece({ ...PIECE, pieceId: 'p-0099' }, signer);
    for (const served of [other, twin]) {
      expect(await verifyServedCertificate(served.certificate, keySet(signer), first.fields, null)).toEqual({
        ok: false,
        reason: 'another-piece',
      });
    }
  });

  it('refuses a valid older certificate of the same piece while the log has a newer issue, with either code', async () => {
    const { first, second, history } = await reissued();
    for (const code of [first.fields, second.fields]) {
      expect(await verifyServedCertificate(first.certificate, keySet(signer), code, history)).toEqual({
        ok: false,
        reason: 'not-newest',
      });
    }
  });

  it('says superseded for the code of an older issue with the newest certificate served', async () => {
    const { first, second, history } = await reissued();
    expect(await verifyServedCertificate(second.certificate, keySet(signer), first.fields, history)).toEqual({
      ok: false,
      reason: 'superseded',
    });
    // Without the log the page cannot say so: the digest differs, nothing more.
    expect(await verifyServedCertificate(second.certificate, keySet(signer), first.fields, null)).toEqual({
      ok: false,
      reason: 'digest-mismatch',
    });
  });

  it('refuses a code whose digest is in no issue entry, and a certificate the log never issued', async () => {
    const { second, history } = await reissued();
    const unlogged = await issuePiece({ ...PIECE, validFrom: '2026-04-01T10:00:00.000Z' }, signer);
    expect(
      await verifyServedCertificate(second.certificate, keySet(signer), unlogged.fields, history),
    ).toEqual({
      ok: false,
      reason: 'code-not-issued',
    });
    expect(
      await verifyServedCertificate(unlogged.certificate, keySet(signer), unlogged.fields, history),
    ).toEqual({ ok: false, reason: 'not-logged' });
  });
});

describe('the page reads the history from the log', () => {
  it('a certificate issued before the sale still verifies after the sale and two transfers, and the log tells that history', async () => {
    const { certificate, code, fields } = await issuePiece(PIECE, signer);
    const log = await buildLog(STORY(fields.digest));
    const checkpoint = await checkpointOf(log.leaves, signer);
    const items = await historyOf(log, 'p-0042', checkpoint);
    expect(await verifyFragment(code, keySet(signer))).toMatchObject({ ok: true });
    expect(await verifyCertificate(certificate, keySet(signer), fields)).toMatchObject({ ok: true });
    expect(
      await verifyHistory(items, checkpoint, keySet(signer), await ofPiece(log, checkpoint)),
    ).toMatchObject({
      ok: true,
      pieceId: 'p-0042',
      certificates: [fields.digest],
      sold: true,
      transfers: 2,
      last: '2026-10-20',
      lost: false,
      size: 8,
    });
  });

  it('says lost while a lost entry stands, and not once found', async () => {
    const steps: LogStep[] = [
      ...STORY('B'.repeat(22)),
      { kind: 'lost', piece: 'p-0042', time: '2026-11-01T00:00:00.000Z' },
    ];
    let log = await buildLog(steps);
    let checkpoint = await checkpointOf(log.leaves, signer);
    expect(
      await verifyHistory(
        await historyOf(log, 'p-0042', checkpoint),
        checkpoint,
        keySet(signer),
        await ofPiece(log, checkpoint),
      ),
    ).toMatchObject({ lost: true });
    log = await buildLog([...steps, { kind: 'found', piece: 'p-0042', time: '2026-11-02T00:00:00.000Z' }]);
    checkpoint = await checkpointOf(log.leaves, signer);
    expect(
      await verifyHistory(
        await historyOf(log, 'p-0042', checkpoint),
        checkpoint,
        keySet(signer),
        await ofPiece(log, checkpoint),
      ),
    ).toMatchObject({ lost: false });
  });

  it('says why not: an entry changed, a proof of another checkpoint, entries out of order, a stranger’s checkpoint', async () => {
    const log = await buildLog(STORY('B'.repeat(22)));
    const checkpoint = await checkpointOf(log.leaves, signer);
    const items = await historyOf(log, 'p-0042', checkpoint);
    const keys = keySet(signer);
    const piece = await ofPiece(log, checkpoint);
    const changed = items.map((item, i) =>
      i === 2 ? { ...item, entry: item.entry.replace('2026-08-01', '2026-08-02') } : item,
    );
    expect(await verifyHistory(changed, checkpoint, keys, piece)).toEqual({
      ok: false,
      reason: 'not-in-log',
    });
    const older = await checkpointOf(log.leaves.slice(0, 6), signer);
    expect(await verifyHistory(items, older, keys, piece)).toEqual({
      ok: false,
      reason: 'checkpoint-mismatch',
    });
    expect(await verifyHistory([...items].reverse(), checkpoint, keys, piece)).toEqual({
      ok: false,
      reason: 'out-of-order',
    });
    expect(
      await verifyHistory(items, await checkpointOf(log.leaves, stranger), keySet(signer), piece),
    ).toEqual({
      ok: false,
      reason: 'unknown-key',
    });
  });
});

describe('the page compares the checkpoint it kept with a new one', () => {
  it('takes a grown log, says fork for one size with two roots and rewritten for a changed past', async () => {
    const log = await buildLog(STORY('B'.repeat(22)));
    const keys = keySet(signer);
    const old = await checkpointOf(log.leaves.slice(0, 4), signer);
    const now = await checkpointOf(log.leaves, signer);
    expect(await checkConsistency(old, now, await consistencyOf(log.leaves, 4), keys)).toEqual({ ok: true });
    expect(await checkConsistency(now, now, [], keys)).toEqual({ ok: true });
    const other = await buildLog(STORY('C'.repeat(22)));
    const fork = await checkpointOf(other.leaves, signer);
    expect(await checkConsistency(now, fork, [], keys)).toEqual({ ok: false, reason: 'fork' });
    const rewrittenOld = await checkpointOf(other.leaves.slice(0, 4), signer);
    expect(await checkConsistency(rewrittenOld, now, await consistencyOf(log.leaves, 4), keys)).toEqual({
      ok: false,
      reason: 'rewritten',
    });
    expect(await checkConsistency(now, old, [], keys)).toEqual({ ok: false, reason: 'rewritten' });
  });
});

const RUNS = Number(process.env.FUZZ_RUNS) || 10_000;
const ALPHABET = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.%=+/ \n:"{},#'];

describe(`${RUNS} random tamperings`, () => {
  it('of codes, certificates, proofs, log entries, entry proofs and checkpoints are all rejected; every genuine one accepted', async () => {
    const keys = keySet(signer);
    const options = { now: BEFORE_EXPIRY };
    const { certificate, code, fields } = await issuePiece(PIECE, signer);
    const proof = await signResaleProof({ ...PROOF, kid: signer.key.kid }, signer);
    const log = await buildLog(STORY(fields.digest));
    const checkpoint = await checkpointOf(log.leaves, signer);
    const items = await historyOf(log, 'p-0042', checkpoint);
    const piece = await ofPiece(log, checkpoint);
    const map = piece.map;
    const leaf = map.leaves[0] as (typeof map.leaves)[number];
    const old = await checkpointOf(log.leaves.slice(0, 4), signer);
    const consistency = await consistencyOf(log.leaves, 4);

    // Each target: its genuine text, and the verdict of the page on a text in its place.
    const targets: { what: string; text: string; check: (text: string) => Promise<{ ok: boolean }> }[] = [
      { what: 'code', text: code, check: (text) => verifyFragment(text, keys, options) },
      { what: 'proof', text: proof, check: (text) => verifyFragment(text, keys, options) },
      { what: 'certificate', text: certificate, check: (text) => verifyCertificate(text, keys, fields) },
      ...items.flatMap((item, i) => [
        {
          what: `entry ${i}`,
          text: item.entry,
          check: (text: string) =>
            verifyHistory(
              items.map((other, j) => (j === i ? { ...other, entry: text } : other)),
              checkpoint,
              keys,
              piece,
            ),
        },
        {
          what: `entry proof ${i}`,
          text: item.proof,
          check: (text: string) =>
            verifyHistory(
              items.map((other, j) => (j === i ? { ...other, proof: text } : other)),
              checkpoint,
              keys,
              piece,
            ),
        },
      ]),
      { what: 'checkpoint', text: checkpoint, check: (text) => verifyHistory(items, text, keys, piece) },
      {
        what: 'map entry',
        text: map.entry,
        check: (text) => verifyHistory(items, checkpoint, keys, { ...piece, map: { ...map, entry: text } }),
      },
      {
        what: 'map entry proof',
        text: map.proof,
        check: (text) => verifyHistory(items, checkpoint, keys, { ...piece, map: { ...map, proof: text } }),
      },
      {
        what: 'map leaf',
        text: leaf.text,
        check: (text) =>
          verifyHistory(items, checkpoint, keys, { ...piece, map: { ...map, leaves: [{ ...leaf, text }] } }),
      },
      {
        what: 'map leaf proof',
        text: leaf.proof.join('\n'),
        check: (text) =>
          verifyHistory(items, checkpoint, keys, {
            ...piece,
            map: { ...map, leaves: [{ ...leaf, proof: text.split('\n') }] },
          }),
      },
      {
        what: 'kept checkpoint',
        text: old,
        check: (text) => checkConsistency(text, checkpoint, consistency, keys),
      },
    ];
    for (const target of targets)
      expect(await target.check(target.text), target.what).toMatchObject({ ok: true });

    await fc.assert(
      fc.asyncProperty(
        fc.nat(targets.length - 1),
        fc.nat(),
        fc.constantFrom(...ALPHABET),
        async (which, at, replacement) => {
          const target = targets[which] as (typeof targets)[number];
          const place = at % target.text.length;
          fc.pre(target.text[place] !== replacement);
          const tampered = `${target.text.slice(0, place)}${replacement}${target.text.slice(place + 1)}`;
          const verdict = await target.check(tampered);
          if (verdict.ok)
            throw new Error(`${target.what} accepted with ${JSON.stringify(replacement)} at ${place}`);
        },
      ),
      { numRuns: RUNS },
    );
  }, 600_000);
});
