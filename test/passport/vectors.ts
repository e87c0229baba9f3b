import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { toBase64url } from '#shared/passport/base64url.ts';
import { toBase64, utf8 } from '#shared/passport/bytes.ts';
import { signCheckpoint } from '#shared/passport/checkpoint.ts';
import { codeCollection } from '#shared/passport/code.ts';
import type { KeySet } from '#shared/passport/keys.ts';
import { inclusionProof, leafHash, rootOf } from '#shared/passport/merkle.ts';
import type { MapProof } from '#shared/passport/piece-map.ts';
import { tlogProofText } from '#shared/passport/tlog-proof.ts';
import { edgeVectors } from './edge-vectors.ts';
import {
  buildLog,
  checkpointOf,
  consistencyOf,
  historyOf,
  issuePiece,
  type LogStep,
  mapProofOf,
  type PieceSpec,
  signCode,
  signResaleProof,
  signStatusList,
} from './fixtures.ts';
import { keySet, makeTestKey } from './signing.ts';
import { type Expected, SCHEMA_FILE, type Vector } from './vectors-schema.ts';
import {
  cosign,
  cosignatureLine,
  logVkey,
  makeEd25519Key,
  makeWitness,
  policyOf,
  signWithLog,
} from './witnessing.ts';

/**
 * The export's test vectors (docs/passport.md, The export): valid, tampered, expired, wrong key,
 * rotated key, forked log and voided proof, each with the verdict a correct verifier gives. The
 * cases are fixed; the keys are fresh on every run (ECDSA signatures are random anyway), so the
 * file is regenerated, not compared: `node test/passport/vectors.ts <file.json>`.
 */
export type { Expected, Vector } from './vectors-schema.ts';

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
  type Log = Awaited<ReturnType<typeof buildLog>>;
  const history = async (
    name: string,
    items: { entry: string; proof: string }[],
    checkpoint: string,
    expected: Expected,
    served: { log?: Log; map?: MapProof | null; pieceId?: string; keys?: KeySet } = {},
  ) => {
    const pieceId = served.pieceId ?? 'p-0042';
    const map =
      served.map !== undefined
        ? served.map
        : await mapProofOf(served.log ?? log, pieceId, checkpoint).catch(() => null);
    vectors.push({
      name,
      type: 'history',
      keys: served.keys ?? keys,
      pieceId,
      items,
      checkpoint,
      map,
      expected,
    });
  };
  const log = await buildLog(STORY(first.fields.digest));
  const checkpoint = await checkpointOf(log.leaves, current);
  const items = await historyOf(log, 'p-0042', checkpoint);
  await history('valid history: issued, sold, transferred twice', items, checkpoint, {
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
  await history(
    'valid history: marked lost',
    await historyOf(lostLog, 'p-0042', lostCheckpoint),
    lostCheckpoint,
    { ok: true, lost: true, transfers: 2 },
    { log: lostLog },
  );
  const foundLog = await buildLog(
    STORY(first.fields.digest, [
      { kind: 'lost', piece: 'p-0042', time: '2026-11-01T00:00:00.000Z' },
      { kind: 'found', piece: 'p-0042', time: '2026-11-03T00:00:00.000Z' },
    ]),
  );
  const foundCheckpoint = await checkpointOf(foundLog.leaves, current);
  await history(
    'valid history: lost, then found',
    await historyOf(foundLog, 'p-0042', foundCheckpoint),
    foundCheckpoint,
    { ok: true, lost: false },
    { log: foundLog },
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
  await history(
    'valid history: issued, drawn (a release draw), sold to its winner',
    await historyOf(drawLog, 'p-0077', drawCheckpoint),
    drawCheckpoint,
    { ok: true, sold: true, transfers: 0 },
    { log: drawLog, pieceId: 'p-0077' },
  );
  const oldSigned = await checkpointOf(log.leaves, old);
  await history(
    'rotated key: a checkpoint of the old, still listed key',
    await historyOf(log, 'p-0042', oldSigned),
    oldSigned,
    { ok: true, transfers: 2 },
  );
  const at = (i: number, change: Partial<{ entry: string; proof: string }>) =>
    items.map((item, j) => (j === i ? { ...item, ...change } : item));
  await history(
    'tampered history: an entry’s day',
    at(2, { entry: (items[2] as { entry: string }).entry.replace('2026-08-01', '2026-08-02') }),
    checkpoint,
    no('not-in-log'),
  );
  await history(
    'tampered history: an entry’s kind',
    at(3, { entry: (items[3] as { entry: string }).entry.replace('"transfer"', '"sale"') }),
    checkpoint,
    no('not-in-log'),
  );
  const proofLines = (items[2] as { proof: string }).proof.split('\n');
  proofLines[2] = toBase64(new Uint8Array(32).fill(7));
  await history(
    'tampered history: a hash of an inclusion proof',
    at(2, { proof: proofLines.join('\n') }),
    checkpoint,
    no('not-in-log'),
  );
  await history(
    'tampered history: a proof that names another index',
    at(2, { proof: (items[2] as { proof: string }).proof.replace(/index \d+/, 'index 5') }),
    checkpoint,
    no('entry-invalid'),
  );
  const otherPiece = (await historyOf(log, 'p-0001', checkpoint))[1] as { entry: string; proof: string };
  await history(
    'another piece’s entry slipped in',
    [...items.slice(0, 2), otherPiece, ...items.slice(2)],
    checkpoint,
    no('entry-invalid'),
  );
  await history('entries out of order', [...items].reverse(), checkpoint, no('out-of-order'));
  const earlier = await checkpointOf(log.leaves.slice(0, 6), current);
  await history('a proof against another checkpoint', items, earlier, no('checkpoint-mismatch'));
  await history(
    'a proof that is not a tlog-proof',
    at(0, { proof: 'proof' }),
    checkpoint,
    no('proof-invalid'),
  );
  const strangerCheckpoint = await checkpointOf(log.leaves, stranger);
  await history(
    'wrong key: a checkpoint of a key not listed',
    await historyOf(log, 'p-0042', strangerCheckpoint),
    strangerCheckpoint,
    no('unknown-key'),
  );
  const bentCheckpoint = checkpoint.replace(`\n${log.leaves.length}\n`, `\n${log.leaves.length + 1}\n`);
  await history(
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
  await history(
    'a checkpoint of another log',
    await historyOf(log, 'p-0042', elsewhere),
    elsewhere,
    no('checkpoint-wrong-origin'),
  );
  await history('not a checkpoint', items, 'checkpoint', no('checkpoint-invalid'));

  // Completeness (docs/passport.md, Completeness): every entry kind left out, two swapped, one of
  // another piece in its place; the map proof missing, lying or of another piece.
  const every = await buildLog([
    { kind: 'issue', piece: 'p-0042', time: '2026-07-02T10:00:00.000Z', cert: first.fields.digest },
    { kind: 'issue', piece: 'p-0001', time: '2026-07-02T11:00:00.000Z', cert: 'A'.repeat(22) },
    {
      kind: 'draw',
      piece: 'p-0042',
      time: '2026-07-20T18:00:40.000Z',
      draw: 'd-AAAAAAAAAAAAAAAAAAAAAA',
      result: 'ab'.repeat(32),
    },
    { kind: 'sale', piece: 'p-0042', time: '2026-07-20T18:00:41.000Z' },
    { kind: 'sale', piece: 'p-0001', time: '2026-07-21T09:00:00.000Z' },
    { kind: 'map', piece: '', time: '2026-07-21T09:00:01.000Z' },
    { kind: 'transfer', piece: 'p-0042', time: '2026-08-01T12:00:00.000Z' },
    { kind: 'reset', piece: 'p-0042', time: '2026-08-02T12:00:00.000Z' },
    { kind: 'lost', piece: 'p-0042', time: '2026-09-01T12:00:00.000Z' },
    { kind: 'found', piece: 'p-0042', time: '2026-09-05T12:00:00.000Z' },
    { kind: 'transfer', piece: 'p-0042', time: '2026-10-01T12:00:00.000Z' },
    { kind: 'lost', piece: 'p-0042', time: '2026-11-01T12:00:00.000Z' },
  ]);
  const everyCheckpoint = await checkpointOf(every.leaves, current);
  const whole = await historyOf(every, 'p-0042', everyCheckpoint);
  const everyServed = { log: every };
  await history(
    'valid history: every kind of entry, complete as of its checkpoint',
    whole,
    everyCheckpoint,
    { ok: true, transfers: 2, lost: true, sold: true, size: every.leaves.length },
    everyServed,
  );
  const kindOf = (item: { entry: string }) => JSON.parse(item.entry).kind as string;
  const others = await historyOf(every, 'p-0001', everyCheckpoint);
  for (const [i, item] of whole.entries()) {
    const place = `${kindOf(item)} entry ${i + 1} of ${whole.length}`;
    await history(
      `incomplete history: the ${place} left out`,
      whole.filter((_, j) => j !== i),
      everyCheckpoint,
      no('incomplete'),
      everyServed,
    );
    if (i + 1 < whole.length)
      await history(
        `incomplete history: the ${place} and the next swapped`,
        whole.map((other, j) => whole[j === i ? i + 1 : j === i + 1 ? i : j] ?? other),
        everyCheckpoint,
        no('out-of-order'),
        everyServed,
      );
    await history(
      `incomplete history: the ${place} swapped for another piece’s`,
      whole.map((other, j) => (j === i ? (others[i % others.length] ?? other) : other)),
      everyCheckpoint,
      no('entry-invalid'),
      everyServed,
    );
  }
  const mapOf = await mapProofOf(every, 'p-0042', everyCheckpoint);
  await history(
    'no map proof: a history that cannot be proven complete',
    whole,
    everyCheckpoint,
    no('unprovable'),
    {
      map: null,
    },
  );
  await history(
    'a stolen piece whose lost entry is hidden',
    whole.slice(0, -1),
    everyCheckpoint,
    no('incomplete'),
    everyServed,
  );
  await history('a map proof of another piece’s leaf', whole, everyCheckpoint, no('map-invalid'), {
    map: await mapProofOf(every, 'p-0001', everyCheckpoint),
  });
  const leaf = mapOf.leaves[0] as MapProof['leaves'][number];
  await history(
    'a map leaf that names an older entry as the latest',
    whole,
    everyCheckpoint,
    no('map-invalid'),
    { map: { ...mapOf, leaves: [{ ...leaf, text: leaf.text.replace(/"seq":\d+/, '"seq":3') }] } },
  );
  await history(
    'a map entry that is not the checkpoint’s last entry',
    whole,
    everyCheckpoint,
    no('map-invalid'),
    {
      map: {
        ...mapOf,
        entry: every.texts[5] as string,
        proof: tlogProofText({
          index: 5,
          proof: await inclusionProof(every.leaves, 5),
          checkpoint: everyCheckpoint,
        }),
      },
    },
  );
  await history('a map entry whose root lies', whole, everyCheckpoint, no('map-invalid'), {
    map: {
      ...mapOf,
      // Its first hex digit changed (to 1 if it was 0, else to 0): a root that always differs.
      entry: mapOf.entry.replace(/"root":"(.)/, (_, digit) => `"root":"${digit === '0' ? '1' : '0'}`),
    },
  });
  await history(
    'valid history: a piece with no entry, proven absent from the map',
    [],
    everyCheckpoint,
    { ok: true, transfers: 0, sold: false, size: every.leaves.length },
    { log: every, pieceId: 'p-0010' },
  );
  await history('a piece with entries said to have none', [], everyCheckpoint, no('map-invalid'), {
    map: await mapProofOf(every, 'p-0010', everyCheckpoint),
  });
  const before = await buildLog(
    STORY(first.fields.digest).map((step) => ({ ...step })),
    { maps: false },
  );
  const beforeTexts = before.texts.map((text) => text.replace(/,"prev":(null|\{[^}]*\})/, ''));
  const beforeLog = {
    texts: beforeTexts,
    leaves: await Promise.all(beforeTexts.map((text) => leafHash(utf8(text)))),
  };
  const beforeCheckpoint = await checkpointOf(beforeLog.leaves, current);
  await history(
    'an old log, before entries named their previous one: not provably complete',
    await historyOf(beforeLog, 'p-0042', beforeCheckpoint),
    beforeCheckpoint,
    no('unprovable'),
    { map: null },
  );

  // The certificate served for a code, judged by the piece's history (the re-issue rule).
  const served = async (name: string, jws: string, code: string, steps: LogStep[], expected: Expected) => {
    const servedLog = await buildLog(steps);
    const servedCheckpoint = await checkpointOf(servedLog.leaves, current);
    const servedItems = await historyOf(servedLog, 'p-0042', servedCheckpoint);
    vectors.push({
      name,
      type: 'served',
      keys,
      certificate: jws,
      code,
      pieceId: 'p-0042',
      items: servedItems,
      checkpoint: servedCheckpoint,
      map: await mapProofOf(servedLog, 'p-0042', servedCheckpoint),
      expected,
    });
  };
  const reissue = await issuePiece(
    { ...(PIECES[0] as PieceSpec), validFrom: '2026-11-01T10:00:00.000Z' },
    current,
  );
  const twin = await issuePiece({ ...(PIECES[0] as PieceSpec), pieceId: 'p-0043' }, current);
  const reissuedStory = STORY(first.fields.digest, [
    { kind: 'issue', piece: 'p-0043', time: '2026-10-30T10:00:00.000Z', cert: twin.fields.digest },
    { kind: 'issue', piece: 'p-0042', time: '2026-11-01T10:00:00.000Z', cert: reissue.fields.digest },
  ]);
  await served(
    'served certificate: valid, the only issue entry’s',
    first.certificate,
    first.code,
    STORY(first.fields.digest),
    {
      ok: true,
      pieceId: 'p-0042',
      digest: first.fields.digest,
    },
  );
  await served(
    'served certificate: valid, re-issued, the newest issue entry’s',
    reissue.certificate,
    reissue.code,
    reissuedStory,
    {
      ok: true,
      digest: reissue.fields.digest,
    },
  );
  await served(
    'served certificate: superseded, a code of an older issue entry with the newest certificate',
    reissue.certificate,
    first.code,
    reissuedStory,
    no('superseded'),
  );
  await served(
    'served certificate: tampered, an older certificate of the piece while the log has a newer issue',
    first.certificate,
    first.code,
    reissuedStory,
    no('not-newest'),
  );
  await served(
    'served certificate: tampered, another piece’s valid certificate (issued in the log)',
    twin.certificate,
    first.code,
    reissuedStory,
    no('another-piece'),
  );
  await served(
    'served certificate: tampered, another collection’s piece',
    (issued[1] as typeof first).certificate,
    first.code,
    STORY(first.fields.digest),
    no('another-piece'),
  );
  const unissued = await issuePiece(
    { ...(PIECES[0] as PieceSpec), validFrom: '2026-10-01T10:00:00.000Z' },
    current,
  );
  await served(
    'served certificate: tampered, a genuine code whose digest is in no issue entry',
    reissue.certificate,
    unissued.code,
    reissuedStory,
    no('code-not-issued'),
  );
  await served(
    'served certificate: tampered, a certificate in no issue entry of the piece',
    unissued.certificate,
    unissued.code,
    reissuedStory,
    no('not-logged'),
  );

  const unverified = vectors.at(-1) as Extract<Vector, { type: 'served' }>;
  vectors.push({
    ...unverified,
    name: 'served certificate: with no verified history, a newer certificate is only a digest mismatch',
    certificate: reissue.certificate,
    code: first.code,
    checkpoint: 'not a checkpoint',
    expected: no('digest-mismatch'),
  });

  // The lost-or-stolen status list (a W3C Bitstring Status List) read for a certificate's bit.
  const status = (name: string, jws: string, list: string, expected: Expected) =>
    vectors.push({ name, type: 'status', keys, certificate: jws, list, expected });
  const listed = await issuePiece({ ...(PIECES[0] as PieceSpec), statusIndex: 41 }, current);
  const clear = await signStatusList([40, 42], current, { validFrom: NOW });
  status('valid status list: the bit is clear', listed.certificate, clear, {
    ok: true,
    index: 41,
    reported: false,
  });
  status(
    'valid status list: the bit is set (reported lost or stolen)',
    listed.certificate,
    await signStatusList([41], current, { validFrom: NOW }),
    {
      ok: true,
      index: 41,
      reported: true,
    },
  );
  const [lh, lp, ls] = clear.split('.') as [string, string, string];
  const listPayload = JSON.parse(Buffer.from(lp, 'base64url').toString());
  listPayload.credentialSubject.encodedList = (
    JSON.parse(
      Buffer.from((await signStatusList([41], current)).split('.')[1] as string, 'base64url').toString(),
    ).credentialSubject as { encodedList: string }
  ).encodedList;
  status(
    'tampered status list: a bit set, the signature kept',
    listed.certificate,
    `${lh}.${Buffer.from(JSON.stringify(listPayload)).toString('base64url')}.${ls}`,
    no('signature-invalid'),
  );
  status(
    'tampered status list: the signature',
    listed.certificate,
    `${lh}.${lp}.${tamper(ls, 5)}`,
    no('signature-invalid'),
  );
  status(
    'wrong key: a status list of a key not listed',
    listed.certificate,
    await signStatusList([], stranger),
    no('unknown-key'),
  );
  status(
    'a status list of another shop',
    listed.certificate,
    await signStatusList([41], current, { issuer: 'https://elsewhere.example', validFrom: NOW }),
    no('wrong-issuer'),
  );
  const farIndex = await issuePiece({ ...(PIECES[0] as PieceSpec), statusIndex: 131_072 }, current);
  status(
    'a status list without the certificate’s index (wrong index)',
    farIndex.certificate,
    clear,
    no('index-out-of-range'),
  );
  status(
    'a status list two blocks long holds that index',
    farIndex.certificate,
    await signStatusList([131_072], current, { size: 131_073, validFrom: NOW }),
    {
      ok: true,
      reported: true,
    },
  );
  status(
    'rotated key: a status list the old key signed after its rotation',
    listed.certificate,
    await signStatusList([], old, { validFrom: NOW }),
    no('key-not-valid-then'),
  );
  status('not a status list', listed.certificate, listed.certificate, no('not-a-status-list'));

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

  // The log's Ed25519 key and its witnesses (docs/passport.md, Witnesses): a policy of 2 of 2.
  const logKey = makeEd25519Key();
  const [wa, wb, wc] = await Promise.all(
    ['a.witness.example', 'b.witness.example', 'c.witness.example'].map(makeWitness),
  );
  if (!wa || !wb || !wc) throw new Error('no witnesses');
  const origin = 'shop.example/passport/log';
  const witnessedKeys: KeySet = {
    ...keys,
    logKeys: [{ vkey: await logVkey(origin, logKey), from: '2026-11-01' }],
    witnessPolicy: policyOf([wa, wb], 2),
  };
  const ed = async (leaves: typeof log.leaves) =>
    signWithLog({ origin, size: leaves.length, root: await rootOf(leaves) }, logKey);
  const edCheckpoint = await ed(log.leaves);
  const witnessedHistory = async (name: string, note: string, expected: Expected) =>
    history(name, await historyOf(log, 'p-0042', note), note, expected, { keys: witnessedKeys });
  await witnessedHistory(
    'log key (Ed25519): a cosigned checkpoint, witnessed by both',
    await cosign(edCheckpoint, [wa, wb]),
    {
      ok: true,
      transfers: 2,
      witnesses: {
        witnessed: true,
        quorum: { k: 2, n: 2 },
        cosigned: [{ name: wa.name }, { name: wb.name }],
      },
    },
  );
  await witnessedHistory(
    'log key (Ed25519): too few cosignatures, not yet witnessed',
    await cosign(edCheckpoint, [wa]),
    {
      ok: true,
      witnesses: { witnessed: false, cosigned: [{ name: wa.name }] },
    },
  );
  await witnessedHistory(
    'log key (Ed25519): a cosignature of a witness the policy does not name is ignored',
    await cosign(edCheckpoint, [wa, wc]),
    { ok: true, witnesses: { witnessed: false, cosigned: [{ name: wa.name }] } },
  );
  const otherBody = await ed(log.leaves.slice(0, 5));
  await witnessedHistory(
    'log key (Ed25519): a bad cosignature (of another checkpoint)',
    `${await cosign(edCheckpoint, [wa])}${await cosignatureLine(wb, otherBody, 1_790_000_000)}\n`,
    no('cosignature-invalid'),
  );
  await witnessedHistory(
    'log key (Ed25519): tampered checkpoint, the size',
    (await cosign(edCheckpoint, [wa, wb])).replace(
      `\n${log.leaves.length}\n`,
      `\n${log.leaves.length + 1}\n`,
    ),
    no('signature-invalid'),
  );
  await witnessedHistory(
    'rotated key: an ES256 checkpoint of before the log key still verifies (not witnessed)',
    checkpoint,
    { ok: true, witnesses: { witnessed: false, cosigned: [] } },
  );
  vectors.push({
    name: 'an unreadable witness policy',
    type: 'history',
    keys: { ...witnessedKeys, witnessPolicy: 'quorum nobody\n' },
    pieceId: 'p-0042',
    items: await historyOf(log, 'p-0042', edCheckpoint),
    checkpoint: edCheckpoint,
    map: await mapProofOf(log, 'p-0042', edCheckpoint).catch(() => null),
    expected: no('policy-invalid'),
  });
  const witnessedConsistency = (
    name: string,
    kept_: string,
    latest: string,
    proof: Uint8Array[],
    expected: Expected,
  ) =>
    vectors.push({
      name,
      type: 'consistency',
      keys: witnessedKeys,
      kept: kept_,
      latest,
      proof: proof.map(toBase64),
      expected,
    });
  const witnessedKept = await cosign(await ed(log.leaves.slice(0, 4)), [wa, wb]);
  const witnessedLatest = await cosign(edCheckpoint, [wa, wb]);
  witnessedConsistency('witnessed: a log that grew', witnessedKept, witnessedLatest, keptProof, { ok: true });
  witnessedConsistency(
    'forked log: a witnessed checkpoint of the same size with another root',
    witnessedLatest,
    await cosign(await ed(forkLog.leaves), [wa, wb]),
    [],
    no('fork'),
  );
  witnessedConsistency(
    'rolled back: a witnessed checkpoint smaller than the kept one',
    witnessedLatest,
    witnessedKept,
    [],
    no('rewritten'),
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
  await history('a tlog-proof with an extra line', withExtra, checkpoint, { ok: true, transfers: 2 });
  vectors.push(
    ...(await edgeVectors({
      keys,
      old,
      current,
      witnessedKeys,
      edCheckpoint,
      history: witnessedHistory,
      wa,
      wb,
      wc,
    })),
  );
  return vectors;
}

/** The export's `vectors.json` (its shape: docs/passport-vectors.schema.json). */
export const vectorsFileText = (vectors: Vector[]) =>
  `${JSON.stringify({ algorithm: 'docs/passport.md', vectors }, null, 2)}\n`;

/** The export's vectors: `vectors.json` and, beside it, its JSON Schema. */
export async function exportedVectors(): Promise<{ count: number; text: string; schema: string }> {
  const vectors = await makeVectors();
  return { count: vectors.length, text: vectorsFileText(vectors), schema: readFileSync(SCHEMA_FILE, 'utf8') };
}

/** Writes the vectors as the export's `vectors.json`; answers how many. */
export async function writeVectors(file: string): Promise<number> {
  const vectors = await makeVectors();
  writeFileSync(file, vectorsFileText(vectors));
  return vectors.length;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = process.argv[2] ?? 'vectors.json';
  console.log(`${await writeVectors(file)} vectors written to ${file}`);
}
