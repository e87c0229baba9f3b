import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { toBase64url } from '#shared/passport/base64url.ts';
import { toBase64, utf8 } from '#shared/passport/bytes.ts';
import { signCheckpoint } from '#shared/passport/checkpoint.ts';
import { codeCollection } from '#shared/passport/code.ts';
import type { KeySet } from '#shared/passport/keys.ts';
import { rootOf } from '#shared/passport/merkle.ts';
import {
  buildLog,
  checkpointOf,
  consistencyOf,
  historyOf,
  issuePiece,
  type LogStep,
  type PieceSpec,
  signCode,
  signResaleProof,
} from './fixtures.ts';
import { keySet, makeTestKey } from './signing.ts';

/**
 * The export's test vectors (docs/passport.md, The export): valid, tampered, expired, wrong key,
 * rotated key, forked log and voided proof, each with the verdict a correct verifier gives. The
 * cases are fixed; the keys are fresh on every run (ECDSA signatures are random anyway), so the
 * file is regenerated, not compared: `node test/passport/vectors.ts <file.json>`.
 */
export type Vector =
  | {
      name: string;
      type: 'fragment';
      keys: KeySet;
      fragment: string;
      now: string;
      voided?: boolean;
      expected: Expected;
    }
  | {
      name: string;
      type: 'certificate';
      keys: KeySet;
      certificate: string;
      code?: string;
      expected: Expected;
    }
  | {
      name: string;
      type: 'history';
      keys: KeySet;
      items: { entry: string; proof: string }[];
      checkpoint: string;
      expected: Expected;
    }
  | {
      name: string;
      type: 'consistency';
      keys: KeySet;
      kept: string;
      latest: string;
      proof: string[];
      expected: Expected;
    };

export type Expected = { ok: true; [field: string]: unknown } | { ok: false; reason: string };

const NOW = '2026-11-27T12:00:00.000Z';
const no = (reason: string): Expected => ({ ok: false, reason });

/** Swap one character of a text for another (the first of `with` that differs). */
function tamper(text: string, at: number, replacement = 'A'): string {
  const place = at < 0 ? text.length + at : at;
  const swap = text[place] === replacement ? 'B' : replacement;
  return `${text.slice(0, place)}${swap}${text.slice(place + 1)}`;
}

const PIECES: PieceSpec[] = [
  { pieceId: 'p-0042', collection: 'Nocturne', number: 8, of: 12, validFrom: '2026-07-02T10:00:00.000Z' },
  { pieceId: 'p-0007', collection: 'Été indien', number: 1, of: 1, validFrom: '2026-08-15T09:30:00.000Z' },
  {
    pieceId: 'piece.with.dots',
    collection: 'Nocturne',
    number: 12,
    of: 12,
    validFrom: '2026-09-01T00:00:00.000Z',
  },
  {
    pieceId: 'p-0100',
    collection: 'A collection whose name runs well past forty characters',
    number: 3,
    of: 40,
    validFrom: '2026-10-10T23:59:59.000Z',
  },
  {
    // A long piece id and a name that percent-encodes long: the code carries less of the name.
    pieceId: `p-${'9'.repeat(62)}`,
    collection: 'Été à l’aube — édition numérotée des ateliers',
    number: 7,
    of: 9,
    validFrom: '2026-11-02T08:00:00.000Z',
  },
  {
    pieceId: 'p/0200 é',
    collection: 'Minuit & Zéro',
    number: 100,
    of: 250,
    validFrom: '2026-11-27T08:00:00.000Z',
  },
];

const STORY = (cert: string, extra: LogStep[] = []): LogStep[] => [
  { kind: 'issue', piece: 'p-0001', time: '2026-07-05T09:00:00.000Z', cert: 'A'.repeat(22) },
  { kind: 'issue', piece: 'p-0042', time: '2026-07-02T10:00:00.000Z', cert },
  { kind: 'sale', piece: 'p-0001', time: '2026-07-10T09:00:00.000Z' },
  { kind: 'sale', piece: 'p-0042', time: '2026-07-14T12:00:00.000Z' },
  { kind: 'transfer', piece: 'p-0042', time: '2026-08-01T12:00:00.000Z' },
  { kind: 'reset', piece: 'p-0001', time: '2026-08-02T12:00:00.000Z' },
  { kind: 'transfer', piece: 'p-0042', time: '2026-10-20T12:00:00.000Z' },
  ...extra,
];

export async function makeVectors(): Promise<Vector[]> {
  // The first key signed until the end of June; the second since. A stranger's key is listed nowhere.
  const old = await makeTestKey('2026-01-01T00:00:00.000Z', '2026-06-30T00:00:00.000Z');
  const current = await makeTestKey('2026-06-30T00:00:00.000Z');
  const stranger = await makeTestKey('2026-01-01T00:00:00.000Z');
  const keys = keySet(old, current);
  const vectors: Vector[] = [];
  const fragment = (
    name: string,
    text: string,
    expected: Expected,
    extra: { now?: string; voided?: boolean } = {},
  ) =>
    vectors.push({
      name,
      type: 'fragment',
      keys,
      fragment: text,
      now: extra.now ?? NOW,
      ...(extra.voided ? { voided: true } : {}),
      expected,
    });

  // Codes.
  const issued = [];
  for (const piece of PIECES) issued.push(await issuePiece(piece, current));
  for (const [i, { code, fields }] of issued.entries()) {
    const { pieceId, number, of, issued: day, kid } = fields;
    const collection = codeCollection(fields);
    fragment(`valid code ${i + 1}`, `/verify#${code}`, {
      ok: true,
      kind: 'code',
      pieceId,
      number,
      of,
      collection,
      issued: day,
      kid,
    });
  }
  const first = issued[0] as Awaited<ReturnType<typeof issuePiece>>;
  const rotated = await issuePiece(
    { ...(PIECES[0] as PieceSpec), validFrom: '2026-03-02T10:00:00.000Z' },
    old,
  );
  fragment('rotated key: a code the old key signed before its rotation', rotated.code, {
    ok: true,
    kind: 'code',
    kid: old.key.kid,
    issued: '2026-03-02',
  });
  const afterRotation = await issuePiece(PIECES[0] as PieceSpec, old);
  fragment(
    'rotated key: a code the old key signed after its rotation',
    afterRotation.code,
    no('key-not-valid-then'),
  );
  const beforeKey = await issuePiece(
    { ...(PIECES[0] as PieceSpec), validFrom: '2026-05-01T10:00:00.000Z' },
    current,
  );
  fragment('a code dated before its key signed', beforeKey.code, no('key-not-valid-then'));
  const byStranger = await issuePiece(PIECES[0] as PieceSpec, stranger);
  fragment('wrong key: a code of a key not listed', byStranger.code, no('unknown-key'));
  fragment(
    'wrong key: a code signed by another key under a listed kid',
    await signCode({ ...first.fields, kid: current.key.kid }, stranger),
    no('signature-invalid'),
  );
  const parts = first.code.split('.');
  const replacePart = (index: number, value: string) =>
    parts.map((part, i) => (i === index ? value : part)).join('.');
  fragment('tampered code: the number', replacePart(2, '9'), no('signature-invalid'));
  fragment('tampered code: the collection size', replacePart(3, '13'), no('signature-invalid'));
  fragment('tampered code: the collection', replacePart(4, 'Nocturnes'), no('signature-invalid'));
  fragment('tampered code: the date', replacePart(5, '20260703'), no('signature-invalid'));
  fragment(
    'tampered code: the digest',
    replacePart(6, tamper(parts[6] as string, 0)),
    no('signature-invalid'),
  );
  fragment('tampered code: the piece', replacePart(1, 'p-0043'), no('signature-invalid'));
  fragment(
    'tampered code: the signature',
    replacePart(8, tamper(parts[8] as string, 10)),
    no('signature-invalid'),
  );
  fragment(
    'tampered code: the kid of the other listed key',
    replacePart(7, old.key.kid),
    no('signature-invalid'),
  );
  fragment('not a code: another version', replacePart(0, 'c2'), no('not-a-code'));
  fragment('not a code: cut short', first.code.slice(0, -20), no('not-a-code'));
  fragment('not a code: text', 'hello, world', no('not-a-code'));
  // Validly signed, yet not codes by docs/passport.md's rules: the signature does not make them so.
  const signedText = async (body: string) => `${body}.${toBase64url(await current.sign(utf8(body)))}`;
  const signedWith = (index: number, value: string) =>
    signedText(replacePart(index, value).split('.').slice(0, 8).join('.'));
  for (const [what, index, value] of [
    ['a day not in the calendar (20261131)', 5, '20261131'],
    ['29 February of a year not leap (20260229)', 5, '20260229'],
    ['month 13', 5, '20261301'],
    ['number 0', 2, '0'],
    ['a number above the collection size', 2, String(Number(parts[3]) + 1)],
    ['a collection size of 0', 3, '0'],
    ['a number with a leading zero', 2, `0${parts[2]}`],
    ['a collection size of seven digits', 3, '1000000'],
    ['a collection of 41 characters', 4, 'x'.repeat(41)],
  ] as const)
    fragment(`not a code, validly signed: ${what}`, await signedWith(index, value), no('not-a-code'));

  // Resale proofs.
  const proofFields = {
    pieceId: 'p-0042',
    since: '2026-07',
    expires: '2026-12-05',
    id: 'Q'.repeat(22),
    kid: current.key.kid,
  };
  const proof = await signResaleProof(proofFields, current);
  fragment(
    'not a code, validly signed: a resale proof expiring on a day not in the calendar (20261131)',
    await signedText(proof.replace('.20261205.', '.20261131.').split('.').slice(0, 6).join('.')),
    no('not-a-code'),
  );
  const { kid: _kid, ...proofShown } = proofFields;
  fragment('valid resale proof', `/verify#${proof}`, { ok: true, kind: 'proof', ...proofShown });
  fragment('expired resale proof', proof, no('expired'), { now: '2026-12-05T00:00:00.000Z' });
  fragment('voided resale proof (the piece changed hands)', proof, no('voided'), { voided: true });
  fragment(
    'resale proof of a key not listed',
    await signResaleProof({ ...proofFields, kid: stranger.key.kid }, stranger),
    no('unknown-key'),
  );
  fragment(
    'tampered resale proof: the month',
    proof.replace('.202607.', '.202601.'),
    no('signature-invalid'),
  );
  fragment(
    'tampered resale proof: the expiry',
    proof.replace('.20261205.', '.20261225.'),
    no('signature-invalid'),
  );
  fragment(
    'tampered resale proof: the piece',
    proof.replace('p1.p-0042.', 'p1.p-0043.'),
    no('signature-invalid'),
  );
  const lateOld = await signResaleProof({ ...proofFields, kid: old.key.kid }, old);
  fragment(
    'rotated key: a resale proof of the old key made long after its rotation',
    lateOld,
    no('key-not-valid-then'),
  );
  const oldInTime = await signResaleProof({ ...proofFields, expires: '2026-07-20', kid: old.key.kid }, old);
  fragment(
    'rotated key: a resale proof the old key made just before its rotation',
    oldInTime,
    { ok: true, kind: 'proof', expires: '2026-07-20' },
    { now: '2026-07-10T00:00:00.000Z' },
  );

  // Certificates.
  const certificate = (name: string, jws: string, expected: Expected, code?: string) =>
    vectors.push({ name, type: 'certificate', keys, certificate: jws, ...(code ? { code } : {}), expected });
  certificate(
    'valid certificate with its code',
    first.certificate,
    { ok: true, pieceId: 'p-0042', digest: first.fields.digest },
    first.code,
  );
  certificate('valid certificate alone', (issued[1] as typeof first).certificate, {
    ok: true,
    pieceId: 'p-0007',
  });
  certificate(
    'rotated key: a certificate of the old key',
    rotated.certificate,
    { ok: true, digest: rotated.fields.digest },
    rotated.code,
  );
  certificate(
    'rotated key: a certificate the old key signed after its rotation',
    afterRotation.certificate,
    no('key-not-valid-then'),
  );
  const [h, p, s] = first.certificate.split('.') as [string, string, string];
  const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
  payload.credentialSubject.number = 9;
  certificate(
    'tampered certificate: the number',
    `${h}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${s}`,
    no('signature-invalid'),
  );
  certificate('tampered certificate: the signature', `${h}.${p}.${tamper(s, 5)}`, no('signature-invalid'));
  certificate(
    'a certificate with another piece’s code',
    first.certificate,
    no('digest-mismatch'),
    (issued[2] as typeof first).code,
  );
  const lyingCode = await signCode({ ...first.fields, number: 9 }, current);
  certificate(
    'a code that carries the digest but says another number',
    first.certificate,
    no('certificate-mismatch'),
    lyingCode,
  );
  certificate('wrong key: a certificate of a key not listed', byStranger.certificate, no('unknown-key'));
  certificate('not a certificate', 'eyJhbGciOiJub25lIn0.e30.', no('not-a-certificate'));
  certificate('a certificate of another shop', first.certificate, no('wrong-issuer'));
  (vectors.at(-1) as { keys: KeySet }).keys = { ...keys, issuer: 'https://elsewhere.example' };

  // Histories.
  const history = (
    name: string,
    items: { entry: string; proof: string }[],
    checkpoint: string,
    expected: Expected,
    with_ = keys,
  ) => vectors.push({ name, type: 'history', keys: with_, items, checkpoint, expected });
  const log = await buildLog(STORY(first.fields.digest));
  const checkpoint = await checkpointOf(log.leaves, current);
  const items = await historyOf(log, 'p-0042', checkpoint);
  history('valid history: issued, sold, transferred twice', items, checkpoint, {
    ok: true,
    transfers: 2,
    last: '2026-10-20',
    sold: true,
    lost: false,
  });
  const lostLog = await buildLog(
    STORY(first.fields.digest, [{ kind: 'lost', piece: 'p-0042', time: '2026-11-01T00:00:00.000Z' }]),
  );
  const lostCheckpoint = await checkpointOf(lostLog.leaves, current);
  history('valid history: marked lost', await historyOf(lostLog, 'p-0042', lostCheckpoint), lostCheckpoint, {
    ok: true,
    lost: true,
    transfers: 2,
  });
  const foundLog = await buildLog(
    STORY(first.fields.digest, [
      { kind: 'lost', piece: 'p-0042', time: '2026-11-01T00:00:00.000Z' },
      { kind: 'found', piece: 'p-0042', time: '2026-11-03T00:00:00.000Z' },
    ]),
  );
  const foundCheckpoint = await checkpointOf(foundLog.leaves, current);
  history(
    'valid history: lost, then found',
    await historyOf(foundLog, 'p-0042', foundCheckpoint),
    foundCheckpoint,
    { ok: true, lost: false },
  );
  const drawLog = await buildLog([
    { kind: 'issue', piece: 'p-0077', time: '2026-07-02T10:00:00.000Z', cert: first.fields.digest },
    {
      kind: 'draw',
      piece: 'p-0077',
      time: '2026-07-20T18:00:40.000Z',
      draw: 'd-AAAAAAAAAAAAAAAAAAAAAA',
      result: 'ab'.repeat(32),
    },
    { kind: 'sale', piece: 'p-0077', time: '2026-07-20T18:00:41.000Z' },
  ]);
  const drawCheckpoint = await checkpointOf(drawLog.leaves, current);
  history(
    'valid history: issued, drawn (a release draw), sold to its winner',
    await historyOf(drawLog, 'p-0077', drawCheckpoint),
    drawCheckpoint,
    { ok: true, sold: true, transfers: 0 },
  );
  const oldSigned = await checkpointOf(log.leaves, old);
  history(
    'rotated key: a checkpoint of the old, still listed key',
    await historyOf(log, 'p-0042', oldSigned),
    oldSigned,
    { ok: true, transfers: 2 },
  );
  const at = (i: number, change: Partial<{ entry: string; proof: string }>) =>
    items.map((item, j) => (j === i ? { ...item, ...change } : item));
  history(
    'tampered history: an entry’s day',
    at(2, { entry: (items[2] as { entry: string }).entry.replace('2026-08-01', '2026-08-02') }),
    checkpoint,
    no('not-in-log'),
  );
  history(
    'tampered history: an entry’s kind',
    at(3, { entry: (items[3] as { entry: string }).entry.replace('"transfer"', '"sale"') }),
    checkpoint,
    no('not-in-log'),
  );
  const proofLines = (items[2] as { proof: string }).proof.split('\n');
  proofLines[2] = toBase64(new Uint8Array(32).fill(7));
  history(
    'tampered history: a hash of an inclusion proof',
    at(2, { proof: proofLines.join('\n') }),
    checkpoint,
    no('not-in-log'),
  );
  history(
    'tampered history: a proof that names another index',
    at(2, { proof: (items[2] as { proof: string }).proof.replace(/index \d+/, 'index 5') }),
    checkpoint,
    no('entry-invalid'),
  );
  const otherPiece = (await historyOf(log, 'p-0001', checkpoint))[1] as { entry: string; proof: string };
  history(
    'another piece’s entry slipped in',
    [...items.slice(0, 2), otherPiece, ...items.slice(2)],
    checkpoint,
    no('entry-invalid'),
  );
  history('entries out of order', [...items].reverse(), checkpoint, no('out-of-order'));
  const earlier = await checkpointOf(log.leaves.slice(0, 6), current);
  history('a proof against another checkpoint', items, earlier, no('checkpoint-mismatch'));
  history('a proof that is not a tlog-proof', at(0, { proof: 'proof' }), checkpoint, no('proof-invalid'));
  const strangerCheckpoint = await checkpointOf(log.leaves, stranger);
  history(
    'wrong key: a checkpoint of a key not listed',
    await historyOf(log, 'p-0042', strangerCheckpoint),
    strangerCheckpoint,
    no('unknown-key'),
  );
  const bentCheckpoint = checkpoint.replace(`\n${log.leaves.length}\n`, `\n${log.leaves.length + 1}\n`);
  history(
    'tampered checkpoint: the size',
    await historyOf(log, 'p-0042', bentCheckpoint),
    bentCheckpoint,
    no('signature-invalid'),
  );
  const elsewhere = await signCheckpoint(
    { origin: 'elsewhere.example/passport/log', size: log.leaves.length, root: await rootOf(log.leaves) },
    current.spki,
    current.sign,
  );
  history(
    'a checkpoint of another log',
    await historyOf(log, 'p-0042', elsewhere),
    elsewhere,
    no('checkpoint-wrong-origin'),
  );
  history('not a checkpoint', items, 'checkpoint', no('checkpoint-invalid'));

  // Two checkpoints.
  const consistency = (name: string, kept: string, latest: string, proof: Uint8Array[], expected: Expected) =>
    vectors.push({ name, type: 'consistency', keys, kept, latest, proof: proof.map(toBase64), expected });
  const kept = await checkpointOf(log.leaves.slice(0, 4), current);
  const keptProof = await consistencyOf(log.leaves, 4);
  consistency('a log that grew', kept, checkpoint, keptProof, { ok: true });
  consistency('the same checkpoint', checkpoint, checkpoint, [], { ok: true });
  consistency(
    'a log that grew from one entry',
    await checkpointOf(log.leaves.slice(0, 1), current),
    checkpoint,
    await consistencyOf(log.leaves, 1),
    { ok: true },
  );
  const forkLog = await buildLog(STORY('F'.repeat(22)));
  const fork = await checkpointOf(forkLog.leaves, current);
  consistency('forked log: one size, two roots', checkpoint, fork, [], no('fork'));
  const rewrittenKept = await checkpointOf(forkLog.leaves.slice(0, 4), current);
  consistency(
    'rewritten history: the kept tree is not a prefix',
    rewrittenKept,
    checkpoint,
    keptProof,
    no('rewritten'),
  );
  consistency('rewritten history: the log shrank', checkpoint, kept, [], no('rewritten'));
  consistency(
    'rewritten history: a bent consistency proof',
    kept,
    checkpoint,
    keptProof.map((hash, i) => (i === 0 ? hash.map((b) => b ^ 1) : hash)),
    no('rewritten'),
  );
  consistency(
    'wrong key: a kept checkpoint of a key not listed',
    await checkpointOf(log.leaves.slice(0, 4), stranger),
    checkpoint,
    keptProof,
    no('unknown-key'),
  );

  // A tlog-proof with its optional extra line still verifies (extra is not trusted, only carried).
  const withExtra = items.map((item, i) =>
    i === 0
      ? {
          ...item,
          proof: item.proof.replace(
            'c2sp.org/tlog-proof@v1\n',
            `c2sp.org/tlog-proof@v1\nextra ${toBase64(Uint8Array.of(1, 2, 3))}\n`,
          ),
        }
      : item,
  );
  history('a tlog-proof with an extra line', withExtra, checkpoint, { ok: true, transfers: 2 });
  return vectors;
}

/** Writes the vectors as the export's `vectors.json`; answers how many. */
export async function writeVectors(file: string): Promise<number> {
  const vectors = await makeVectors();
  writeFileSync(file, `${JSON.stringify({ algorithm: 'docs/passport.md', vectors }, null, 2)}\n`);
  return vectors.length;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = process.argv[2] ?? 'vectors.json';
  console.log(`${await writeVectors(file)} vectors written to ${file}`);
}
