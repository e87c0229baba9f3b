import { toBase64url } from '#shared/passport/base64url.ts';
import { concatBytes, toBase64, utf8 } from '#shared/passport/bytes.ts';
import { assembleJws, certificatePayload } from '#shared/passport/certificate.ts';
import { keyHash4, logOrigin } from '#shared/passport/checkpoint.ts';
import { rawToDer } from '#shared/passport/der.ts';
import type { KeySet } from '#shared/passport/keys.ts';
import { mapEntryText } from '#shared/passport/log.ts';
import { type Hash, inclusionProof, leafHash, rootOf } from '#shared/passport/merkle.ts';
import { mapLeavesFor, mapTree, recordEntry } from '#shared/passport/piece-map.ts';
import { tlogProofText } from '#shared/passport/tlog-proof.ts';
import { issuePiece, signResaleProof } from './fixtures.ts';
import { ISSUER, keySet, makeTestKey, type TestKey } from './signing.ts';
import type { Expected, Vector } from './vectors-schema.ts';
import { cosign, cosignatureLine, type TestWitness } from './witnessing.ts';

/**
 * The vectors of the edge cases two careful readers of docs/passport.md could read differently
 * (issue 44, item 7), each validly signed where the case is about parsing, so that only the rule
 * under test decides: the exact field sets of a certificate and of its header, its numbers and
 * dates, canonical log entries, a tlog-proof's `extra` lines, a checkpoint's extension and
 * cosignature lines, keys' `from`/`until` days, a resale proof's last day.
 */
const NOW = '2026-11-27T12:00:00.000Z';
const no = (reason: string): Expected => ({ ok: false, reason });
const part = (value: unknown) => toBase64url(utf8(JSON.stringify(value)));

export interface EdgeContext {
  keys: KeySet;
  /** Signed until 2026-06-30 (its `until` day); `current` signs from that day. */
  old: TestKey;
  current: TestKey;
  witnessedKeys: KeySet;
  /** An Ed25519-signed checkpoint of the log the witnesses cosign, and its witnesses (policy 2 of 2: wa, wb). */
  edCheckpoint: string;
  history: (name: string, note: string, expected: Expected) => Promise<void>;
  wa: TestWitness;
  wb: TestWitness;
  wc: TestWitness;
}

/** A JWS of any header and payload, validly signed. */
async function signedJws(header: unknown, payload: unknown, signer: TestKey): Promise<string> {
  const input = `${part(header)}.${part(payload)}`;
  return assembleJws(input, await signer.sign(utf8(input)));
}

/** A log of these texts taken verbatim (ending with the map entry of them), its leaves and a checkpoint. */
async function rawLog(
  texts: string[],
  signer: TestKey,
  options: { mapText?: (text: string) => string } = {},
) {
  const latest = new Map();
  for (const [seq, text] of texts.entries()) await recordEntry(latest, text, seq);
  const tree = await mapTree(latest);
  const map = mapEntryText({
    seq: texts.length,
    time: '2026-07-02T10:00:01.000Z',
    pieces: tree.leaves.length,
    root: Buffer.from(tree.root).toString('hex'),
  });
  const all = [...texts, options.mapText ? options.mapText(map) : map];
  const leaves = await Promise.all(all.map((text) => leafHash(utf8(text))));
  const body = `${logOrigin(ISSUER)}\n${all.length}\n${toBase64(await rootOf(leaves))}\n`;
  const checkpoint = await signedNote(body, signer);
  const proofOf = async (index: number) =>
    tlogProofText({ index, proof: await inclusionProof(leaves, index), checkpoint });
  return { all, leaves, checkpoint, tree, proofOf };
}

/** A checkpoint note of this body, signed with an ES256 key (signed-note type 0x02). */
async function signedNote(body: string, signer: TestKey): Promise<string> {
  const signature = rawToDer(await signer.sign(utf8(body)));
  return `${body}\n\u2014 ${logOrigin(ISSUER)} ${toBase64(concatBytes(await keyHash4(signer.spki), signature))}\n`;
}

export async function edgeVectors(context: EdgeContext): Promise<Vector[]> {
  const { keys, old, current } = context;
  const vectors: Vector[] = [];
  const certificate = (name: string, jws: string, expected: Expected, code?: string, with_ = keys) =>
    vectors.push({
      name,
      type: 'certificate',
      keys: with_,
      certificate: jws,
      ...(code ? { code } : {}),
      expected,
    });
  const fragment = (name: string, text: string, expected: Expected, now = NOW, with_ = keys) =>
    vectors.push({ name, type: 'fragment', keys: with_, fragment: text, now, expected });

  // The certificate: exact field sets, numbers 1..of, a real validFrom instant.
  const payload = certificatePayload({
    issuer: ISSUER,
    validFrom: '2026-07-02T10:00:00.000Z',
    pieceId: 'p-0042',
    collection: 'Nocturne',
    number: 8,
    of: 12,
    description: 'Nocturne piece 8, black and gold',
    photos: [{ sha256: 'cd'.repeat(32), path: '/passport/photos/p-0042/x.jpg' }],
    statusIndex: 94,
  }) as unknown as Record<string, unknown>;
  const subject = payload.credentialSubject as Record<string, unknown>;
  const header = { alg: 'ES256', typ: 'vc+jwt', kid: current.key.kid };
  const withPayload = (change: Record<string, unknown>) => ({ ...payload, ...change });
  const withSubject = (change: Record<string, unknown>) =>
    withPayload({ credentialSubject: { ...subject, ...change } });
  const { '@context': _context, ...noContext } = payload;
  const { description: _description, ...noDescription } = subject;
  const refused: [string, unknown, unknown?][] = [
    ['an extra field (evidence)', withPayload({ evidence: [] })],
    ['no @context', noContext],
    ['another @context', withPayload({ '@context': ['https://www.w3.org/2018/credentials/v1'] })],
    [
      'a second @context',
      withPayload({ '@context': [...(payload['@context'] as string[]), 'https://schema.org'] }),
    ],
    ['a type without OneOfOnePieceCertificate', withPayload({ type: ['VerifiableCredential'] })],
    ['a credentialSubject with an extra field (owner)', withSubject({ owner: 'someone' })],
    ['a credentialSubject without its description', withPayload({ credentialSubject: noDescription })],
    ['number 0', withSubject({ number: 0 })],
    ['a number above of (13 of 12)', withSubject({ number: 13 })],
    ['of 0', withSubject({ number: 0, of: 0 })],
    ['of 1000000 (seven digits)', withSubject({ of: 1_000_000 })],
    ['a number that is not an integer (8.5)', withSubject({ number: 8.5 })],
    ['an empty piece id', withSubject({ id: 'urn:oneofone:piece:' })],
    ['a description of 201 characters', withSubject({ description: 'x'.repeat(201) })],
    [
      'a photograph with an extra field',
      withSubject({ photos: [{ sha256: 'cd'.repeat(32), path: '/p.jpg', size: 1 }] }),
    ],
    [
      'a photograph whose sha256 is not 64 hex digits',
      withSubject({ photos: [{ sha256: 'CD'.repeat(32), path: '/p.jpg' }] }),
    ],
    ['an impossible validFrom day (2026-11-31)', withPayload({ validFrom: '2026-11-31T08:00:00.000Z' })],
    ['a validFrom of 29 February of a year not leap', withPayload({ validFrom: '2026-02-29T08:00:00.000Z' })],
    ['a validFrom that is a day, not an instant', withPayload({ validFrom: '2026-07-02' })],
    ['a validFrom with an offset, not UTC', withPayload({ validFrom: '2026-07-02T12:00:00.000+02:00' })],
    ['a validFrom without milliseconds', withPayload({ validFrom: '2026-07-02T10:00:00Z' })],
    ['a header with an extra field (cty)', payload, { ...header, cty: 'vc' }],
    ['a header without typ', payload, { alg: 'ES256', kid: current.key.kid }],
  ];
  for (const [what, body, head] of refused)
    certificate(
      `edge, certificate validly signed: ${what}`,
      await signedJws(head ?? header, body, current),
      no('not-a-certificate'),
    );
  const reordered = Object.fromEntries(Object.entries(payload).reverse());
  certificate(
    'edge, certificate: its fields in another order (order is not significant)',
    await signedJws(header, reordered, current),
    {
      ok: true,
      pieceId: 'p-0042',
    },
  );
  certificate(
    'edge, certificate: a piece 1 of 1 (number = of)',
    await signedJws(header, withSubject({ number: 1, of: 1 }), current),
    {
      ok: true,
      pieceId: 'p-0042',
    },
  );

  // Keys: `from` and `until` are days, both included (Keys; The code).
  const code = async (day: string, signer: TestKey) =>
    await issuePiece(
      { pieceId: 'p-0042', collection: 'Nocturne', number: 8, of: 12, validFrom: `${day}T23:59:59.999Z` },
      signer,
    );
  const onUntil = await code('2026-06-30', old);
  fragment('edge, key days: a code dated its key’s until day', onUntil.code, {
    ok: true,
    kind: 'code',
    issued: '2026-06-30',
  });
  certificate('edge, key days: a certificate of 23:59:59.999 on its key’s until day', onUntil.certificate, {
    ok: true,
  });
  const afterUntil = await code('2026-07-01', old);
  fragment(
    'edge, key days: a code dated the day after its key’s until day',
    afterUntil.code,
    no('key-not-valid-then'),
  );
  certificate(
    'edge, key days: a certificate dated the day after its key’s until day',
    afterUntil.certificate,
    no('key-not-valid-then'),
  );
  fragment('edge, key days: a code dated its key’s from day', (await code('2026-06-30', current)).code, {
    ok: true,
    kind: 'code',
  });
  fragment(
    'edge, key days: a code dated the day before its key’s from day',
    (await code('2026-06-29', current)).code,
    no('key-not-valid-then'),
  );
  const late = await makeTestKey('2026-06-30T18:00:00.000Z');
  const lateKeys = keySet(late);
  const morning = await issuePiece(
    { pieceId: 'p-0042', collection: 'Nocturne', number: 8, of: 12, validFrom: '2026-06-30T06:00:00.000Z' },
    late,
  );
  fragment(
    'edge, key days: a key from 18:00 signs all of its from day (the day counts, not the hour)',
    morning.code,
    { ok: true, kind: 'code' },
    NOW,
    lateKeys,
  );
  certificate(
    'edge, key days: a certificate of 06:00 on the from day of a key from 18:00',
    morning.certificate,
    { ok: true },
    undefined,
    lateKeys,
  );

  // A resale proof expires at 00:00 UTC of its day: that day it is expired, the instant before it stands.
  const proof = await signResaleProof(
    { pieceId: 'p-0042', since: '2026-07', expires: '2026-12-05', id: 'Q'.repeat(22), kid: current.key.kid },
    current,
  );
  fragment(
    'edge, resale proof: the last millisecond before its expiry day',
    proof,
    { ok: true, kind: 'proof' },
    '2026-12-04T23:59:59.999Z',
  );
  fragment(
    'edge, resale proof: expiring today (noon of its expiry day)',
    proof,
    no('expired'),
    '2026-12-05T12:00:00.000Z',
  );

  // Log entries: canonical JSON (RFC 8785) exactly, their exact fields, validly included.
  const piece = 'p-0900';
  const issue = {
    cert: 'A'.repeat(22),
    kind: 'issue',
    owner: null,
    piece,
    prev: null,
    seq: 0,
    time: '2026-07-02T10:00:00.000Z',
  };
  const canonical = JSON.stringify(issue);
  const historyOfRaw = async (
    name: string,
    text: string,
    expected: Expected,
    mapText?: (text: string) => string,
  ) => {
    const log = await rawLog([text], current, mapText ? { mapText } : {});
    const mapIndex = log.all.length - 1;
    vectors.push({
      name,
      type: 'history',
      keys,
      pieceId: piece,
      items: [{ entry: text, proof: await log.proofOf(0) }],
      checkpoint: log.checkpoint,
      map: {
        entry: log.all[mapIndex] as string,
        proof: await log.proofOf(mapIndex),
        leaves: await mapLeavesFor(log.tree, piece),
      },
      expected,
    });
  };
  await historyOfRaw('edge, log entry: canonical, alone in its log (the control)', canonical, {
    ok: true,
    transfers: 0,
  });
  const { time: _t, ...withoutTime } = issue;
  await historyOfRaw(
    'edge, log entry validly included: keys not in canonical order',
    JSON.stringify({ time: issue.time, ...withoutTime }),
    no('entry-invalid'),
  );
  await historyOfRaw(
    'edge, log entry validly included: whitespace (pretty-printed)',
    JSON.stringify(issue, null, 1),
    no('entry-invalid'),
  );
  await historyOfRaw(
    'edge, log entry validly included: a space after each colon',
    canonical.replaceAll('":', '": '),
    no('entry-invalid'),
  );
  await historyOfRaw(
    'edge, log entry validly included: a newline at its end',
    `${canonical}\n`,
    no('entry-invalid'),
  );
  await historyOfRaw(
    'edge, log entry validly included: a character escaped needlessly (\\u0070 for p)',
    canonical.replace('"p-0900"', '"\\u0070-0900"'),
    no('entry-invalid'),
  );
  await historyOfRaw(
    'edge, log entry validly included: an extra field',
    JSON.stringify({ ...issue, note: 'x' }),
    no('entry-invalid'),
  );
  await historyOfRaw(
    'edge, log entry validly included: an issue entry without cert',
    JSON.stringify(withoutCert(issue)),
    no('entry-invalid'),
  );
  await historyOfRaw(
    'edge, log entry validly included: a sale entry with a cert',
    JSON.stringify({ ...issue, kind: 'sale', owner: 'ab'.repeat(32) }),
    no('entry-invalid'),
  );
  await historyOfRaw(
    'edge, log entry validly included: an unknown kind',
    JSON.stringify({ ...withoutCert(issue), kind: 'gift' }),
    no('entry-invalid'),
  );
  await historyOfRaw(
    'edge, log entry validly included: an impossible time (2026-11-31)',
    JSON.stringify({ ...issue, time: '2026-11-31T10:00:00.000Z' }),
    no('entry-invalid'),
  );
  await historyOfRaw(
    'edge, log entry validly included: a time that is a day, not an instant',
    JSON.stringify({ ...issue, time: '2026-07-02' }),
    no('entry-invalid'),
  );
  await historyOfRaw(
    'edge, log entry validly included: a prev with an extra field',
    JSON.stringify({ ...issue, prev: { hash: 'ab'.repeat(32), note: 1, seq: 0 }, seq: 0 }),
    no('entry-invalid'),
  );
  await historyOfRaw(
    'edge, map entry validly included: an extra field',
    canonical,
    no('map-invalid'),
    (map) => JSON.stringify({ ...JSON.parse(map), note: 'x' }),
  );
  await historyOfRaw(
    'edge, map entry validly included: keys not in canonical order',
    canonical,
    no('map-invalid'),
    (map) => {
      const { seq, ...rest } = JSON.parse(map);
      return JSON.stringify({ seq, ...rest });
    },
  );

  // tlog-proofs: at most one `extra` line, right after the header.
  const control = await rawLog([canonical], current);
  const withProof = async (name: string, proof: string, expected: Expected) =>
    vectors.push({
      name,
      type: 'history',
      keys,
      pieceId: piece,
      items: [{ entry: canonical, proof }],
      checkpoint: control.checkpoint,
      map: {
        entry: control.all[1] as string,
        proof: await control.proofOf(1),
        leaves: await mapLeavesFor(control.tree, piece),
      },
      expected,
    });
  const proof0 = await control.proofOf(0);
  const extra = `extra ${toBase64(Uint8Array.of(1, 2, 3))}`;
  await withProof(
    'edge, tlog-proof: one extra line (carried, not trusted)',
    proof0.replace('@v1\n', `@v1\n${extra}\n`),
    { ok: true },
  );
  await withProof(
    'edge, tlog-proof: two extra lines',
    proof0.replace('@v1\n', `@v1\n${extra}\n${extra}\n`),
    no('proof-invalid'),
  );
  await withProof(
    'edge, tlog-proof: an extra line after the index',
    proof0.replace(/(index \d+\n)/, `$1${extra}\n`),
    no('proof-invalid'),
  );
  await withProof(
    'edge, tlog-proof: an extra line that is not base64',
    proof0.replace('@v1\n', '@v1\nextra ***\n'),
    no('proof-invalid'),
  );
  await withProof(
    'edge, tlog-proof: its checkpoint is the served one with one more signature line (compared byte for byte)',
    `${proof0}\u2014 other.example/log ${toBase64(new Uint8Array(68).fill(9))}\n`,
    no('checkpoint-mismatch'),
  );
  await withProof(
    'edge, tlog-proof: 65 hash lines (at most 64)',
    proof0.replace('index 0\n', `index 0\n${`${toBase64(new Uint8Array(32))}\n`.repeat(65)}`),
    no('proof-invalid'),
  );
  await withProof(
    'edge, tlog-proof: an index with a leading zero',
    proof0.replace('index 0\n', 'index 00\n'),
    no('proof-invalid'),
  );

  // Checkpoints: an extension line is part of the signed body; cosignature lines of witnesses not in
  // the policy are ignored, a failing one of a witness in it refuses the checkpoint.
  const leaves: Hash[] = control.leaves;
  const body = `${logOrigin(ISSUER)}\n${leaves.length}\n${toBase64(await rootOf(leaves))}\n`;
  const withExtension = await signedNote(`${body}extension of the note\n`, current);
  const extensionProof = tlogProofText({
    index: 0,
    proof: await inclusionProof(leaves, 0),
    checkpoint: withExtension,
  });
  vectors.push({
    name: 'edge, checkpoint: an extension line after the root, signed with the body (accepted)',
    type: 'history',
    keys,
    pieceId: piece,
    items: [{ entry: canonical, proof: extensionProof }],
    checkpoint: withExtension,
    map: {
      entry: control.all[1] as string,
      proof: tlogProofText({ index: 1, proof: await inclusionProof(leaves, 1), checkpoint: withExtension }),
      leaves: await mapLeavesFor(control.tree, piece),
    },
    expected: { ok: true, size: 2 },
  });
  const { edCheckpoint, wa, wb, wc } = context;
  const witnessed = await cosign(edCheckpoint, [wa, wb]);
  await context.history(
    'edge, checkpoint: a cosignature line of a witness not in the policy, among the quorum’s (ignored)',
    `${witnessed}${await cosignatureLine(wc, edCheckpoint, 1_790_000_000)}\n`,
    { ok: true, witnesses: { witnessed: true, quorum: { k: 2, n: 2 } } },
  );
  const lines = witnessed.split('\n');
  const bLine = lines.findIndex((line) => line.startsWith(`\u2014 ${wb.name} `));
  const bent = lines.map((line, i) =>
    i === bLine
      ? `${line.slice(0, -6)}${line.slice(-6, -2) === 'AAAA' ? 'BBBB' : 'AAAA'}${line.slice(-2)}`
      : line,
  );
  await context.history(
    'edge, checkpoint: a failing cosignature of a witness the policy names',
    bent.join('\n'),
    no('cosignature-invalid'),
  );
  await context.history(
    'edge, checkpoint: a witness’s cosignature line twice counts once (1 of 2: not yet witnessed)',
    `${await cosign(edCheckpoint, [wa])}${lines.find((line) => line.startsWith(`\u2014 ${wa.name} `))}\n`,
    { ok: true, witnesses: { witnessed: false, cosigned: [{ name: wa.name }] } },
  );
  const [head, signatures = ''] = [
    witnessed.slice(0, witnessed.indexOf('\n\n') + 2),
    witnessed.slice(witnessed.indexOf('\n\n') + 2),
  ];
  await context.history(
    'edge, checkpoint: the witnesses’ lines before the log’s own (order is not significant)',
    `${head}${signatures.trim().split('\n').reverse().join('\n')}\n`,
    { ok: true, witnesses: { witnessed: true } },
  );
  return vectors;
}

function withoutCert<T extends { cert?: string }>(entry: T): Omit<T, 'cert'> {
  const { cert: _cert, ...rest } = entry;
  return rest;
}
