import { utf8 } from './bytes.ts';
import { type CertificatePayload, certificateDigest, parseCertificate, pieceIdOf } from './certificate.ts';
import { type CheckpointCheck, type CheckpointFailure, verifyCheckpoint } from './checkpoint.ts';
import { CODE_COLLECTION_MAX, type CodeFields, parseCode } from './code.ts';

/** The code carries the start of the certificate's collection name, at most 40 characters of it. */
const carriesCollection = (cut: string, whole: string) =>
  whole.startsWith(cut) && [...cut].length <= CODE_COLLECTION_MAX;

import { findKey, importVerifyKey, type KeySet, keyValidOn, type PassportKey, verifyEs256 } from './keys.ts';
import { entryWithoutPrev, type LogEntry, parseEntry } from './log-entry.ts';
import { type Hash, leafHash, verifyConsistency, verifyInclusion } from './merkle.ts';
import { entryHashHex, type MapProof, verifyMapProof } from './piece-map.ts';
import { PROOF_MAX_DAYS, parseProof } from './proof.ts';
import {
  bitAt,
  type CredentialStatus,
  decodeStatusList,
  parseStatusList,
  statusListUrl,
} from './status-list.ts';
import { parseTlogProof } from './tlog-proof.ts';

/**
 * The verifier of the /verify page (docs/passport.md): WebCrypto only, so that it runs offline
 * in the browser with the pinned keys. Each check answers a verdict that says plainly why not.
 */
export type FragmentVerdict =
  | ({ ok: true; kind: 'code' } & CodeFields)
  | { ok: true; kind: 'proof'; pieceId: string; since: string; expires: string; id: string; kid: string }
  | {
      ok: false;
      reason:
        | 'not-a-code'
        | 'unknown-key'
        | 'signature-invalid'
        | 'key-not-valid-then'
        | 'expired'
        | 'voided';
    };

export interface FragmentOptions {
  /** The clock (a resale proof expires). */
  now?: Date;
  /** Online: `/api/passport/proofs/<id>` said this proof no longer stands (the piece changed hands). */
  voided?: boolean;
}

const DAY = 86_400_000;
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

async function signatureHolds(key: PassportKey, signature: Uint8Array, signed: string) {
  const imported = await importVerifyKey(key);
  return imported !== undefined && (await verifyEs256(imported, signature, utf8(signed)));
}

/** A card's code (`c1.…`) or a resale proof (`p1.…`), as the fragment of `/verify#…` carries it. */
export async function verifyFragment(
  fragment: string,
  keys: KeySet,
  options: FragmentOptions = {},
): Promise<FragmentVerdict> {
  const text = fragment.slice(fragment.indexOf('#') + 1);
  const code = parseCode(text);
  if (code) {
    const key = findKey(keys, code.kid);
    if (!key) return { ok: false, reason: 'unknown-key' };
    if (!(await signatureHolds(key, code.signature, code.signed)))
      return { ok: false, reason: 'signature-invalid' };
    if (!keyValidOn(key, code.issued)) return { ok: false, reason: 'key-not-valid-then' };
    const { pieceId, number, of, collection, issued, digest, kid } = code;
    return { ok: true, kind: 'code', pieceId, number, of, collection, issued, digest, kid };
  }
  const proof = parseProof(text);
  if (!proof) return { ok: false, reason: 'not-a-code' };
  const key = findKey(keys, proof.kid);
  if (!key) return { ok: false, reason: 'unknown-key' };
  if (!(await signatureHolds(key, proof.signature, proof.signed)))
    return { ok: false, reason: 'signature-invalid' };
  // Made 1 to 30 days before it expires: the key must have been signing on one of those days.
  const expiry = Date.parse(`${proof.expires}T00:00:00Z`);
  const firstDay = dayOf(expiry - PROOF_MAX_DAYS * DAY);
  const lastDay = dayOf(expiry - DAY);
  if (key.from.slice(0, 10) > lastDay || (key.until && key.until.slice(0, 10) < firstDay)) {
    return { ok: false, reason: 'key-not-valid-then' };
  }
  if ((options.now ?? new Date()).getTime() >= expiry) return { ok: false, reason: 'expired' };
  if (options.voided) return { ok: false, reason: 'voided' };
  const { pieceId, since, expires, id, kid } = proof;
  return { ok: true, kind: 'proof', pieceId, since, expires, id, kid };
}

export type CertificateVerdict =
  | { ok: true; pieceId: string; payload: CertificatePayload; digest: string; kid: string }
  | {
      ok: false;
      reason:
        | 'not-a-certificate'
        | 'unknown-key'
        | 'signature-invalid'
        | 'key-not-valid-then'
        | 'wrong-issuer'
        | 'digest-mismatch'
        | 'certificate-mismatch';
    };

/**
 * A certificate's JWS: its signature, its key's dates, its issuer; with a code, that its digest
 * is the code's and that it says what the code says. (Its photographs are the page's: online.)
 */
export async function verifyCertificate(
  jws: string,
  keys: KeySet,
  code?: CodeFields,
): Promise<CertificateVerdict> {
  const parsed = parseCertificate(jws);
  if (!parsed) return { ok: false, reason: 'not-a-certificate' };
  const { header, payload } = parsed;
  const key = findKey(keys, header.kid);
  if (!key) return { ok: false, reason: 'unknown-key' };
  if (!(await signatureHolds(key, parsed.signature, parsed.signed)))
    return { ok: false, reason: 'signature-invalid' };
  const issued = new Date(payload.validFrom).toISOString().slice(0, 10);
  if (!keyValidOn(key, issued)) return { ok: false, reason: 'key-not-valid-then' };
  if (payload.issuer !== keys.issuer) return { ok: false, reason: 'wrong-issuer' };
  const verified = {
    ok: true,
    pieceId: pieceIdOf(payload),
    payload,
    digest: await certificateDigest(jws),
    kid: header.kid,
  } as const;
  return code ? withCode(verified, code) : verified;
}

/** A verified certificate against a code: its digest is the code's, and it says what the code says. */
function withCode(
  certificate: Extract<CertificateVerdict, { ok: true }>,
  code: CodeFields,
): CertificateVerdict {
  const { payload, pieceId, digest, kid } = certificate;
  if (code.digest !== digest) return { ok: false, reason: 'digest-mismatch' };
  const subject = payload.credentialSubject;
  if (
    code.pieceId !== pieceId ||
    code.number !== subject.number ||
    code.of !== subject.of ||
    !carriesCollection(code.collection, subject.collection) ||
    code.issued !== new Date(payload.validFrom).toISOString().slice(0, 10) ||
    code.kid !== kid
  ) {
    return { ok: false, reason: 'certificate-mismatch' };
  }
  return certificate;
}

export type ServedVerdict =
  | { ok: true; pieceId: string; payload: CertificatePayload; digest: string; kid: string }
  | {
      ok: false;
      reason:
        | Extract<CertificateVerdict, { ok: false }>['reason']
        | 'another-piece'
        | 'not-logged'
        | 'not-newest'
        | 'superseded'
        | 'code-not-issued';
    };

/**
 * The certificate the shop serves for a card's code, judged against the piece's verified history
 * (docs/passport.md, The re-issue rule): it must name the code's piece (id, number, of, collection)
 * and be the certificate of the piece's newest `issue` entry. The code is `superseded` only when
 * its digest is an older `issue` entry of this very piece; a digest in no `issue` entry is refused.
 * Without a verified history of the piece (`history` null, failed, or of another piece) only the
 * certificate itself and its digest are checked.
 */
export async function verifyServedCertificate(
  jws: string,
  keys: KeySet,
  code: CodeFields,
  history: HistoryVerdict | null,
): Promise<ServedVerdict> {
  const certificate = await verifyCertificate(jws, keys);
  if (!certificate.ok) return certificate;
  const subject = certificate.payload.credentialSubject;
  if (
    certificate.pieceId !== code.pieceId ||
    subject.number !== code.number ||
    subject.of !== code.of ||
    !carriesCollection(code.collection, subject.collection)
  ) {
    return { ok: false, reason: 'another-piece' };
  }
  // The certificate is verified once: against the code, only what the code says is compared.
  const logged = history?.ok && (history.entries.length === 0 || history.pieceId === code.pieceId);
  if (!logged) return withCode(certificate, code);
  const issues = history.certificates;
  if (!issues.includes(certificate.digest)) return { ok: false, reason: 'not-logged' };
  if (issues.at(-1) !== certificate.digest) return { ok: false, reason: 'not-newest' };
  if (code.digest === certificate.digest) return withCode(certificate, code);
  return { ok: false, reason: issues.includes(code.digest) ? 'superseded' : 'code-not-issued' };
}

export interface HistoryItem {
  /** The entry's text, as the log holds it. */
  entry: string;
  /** Its tlog-proof against the latest checkpoint. */
  proof: string;
}

export type HistoryVerdict =
  | {
      ok: true;
      pieceId: string;
      entries: LogEntry[];
      /** The certificates' digests the log issued for the piece, oldest first. */
      certificates: string[];
      /** The release draws the piece was offered by (their ids: /draw/<id> shows each). */
      draws: string[];
      sold: boolean;
      transfers: number;
      /** The day (YYYY-MM-DD) of the last transfer, or null. */
      last: string | null;
      /** Marked lost or stolen, and not found since. */
      lost: boolean;
      size: number;
      /** The checkpoint's witnesses (docs/passport.md, Witnesses): who cosigned, and the quorum. */
      witnesses: Omit<CheckpointCheck, 'checkpoint'>;
    }
  | {
      ok: false;
      reason:
        | CheckpointFailure
        | 'proof-invalid'
        | 'checkpoint-mismatch'
        | 'entry-invalid'
        | 'not-in-log'
        | 'out-of-order'
        | 'unprovable'
        | 'map-invalid'
        | 'incomplete';
    };

/** Which piece the history is of, and the map proof the shop served with it (docs/passport.md, Completeness). */
export interface HistoryPiece {
  pieceId: string;
  map?: MapProof | null;
}

/**
 * A piece's entries, each proven in the log by its tlog-proof against one signed checkpoint, and
 * proven complete as of that checkpoint: the map entry the checkpoint ends with names the last of
 * them as the piece's latest entry, and each one's `prev` is the one before it.
 */
export async function verifyHistory(
  items: HistoryItem[],
  checkpoint: string,
  keys: KeySet,
  piece: HistoryPiece,
): Promise<HistoryVerdict> {
  const signed = await verifyCheckpoint(checkpoint, keys);
  if (!signed.ok) return signed;
  const { size, root } = signed.checkpoint;
  const { cosigned, witnessed, quorum } = signed;
  const entries: LogEntry[] = [];
  for (const item of items) {
    const proof = parseTlogProof(item.proof);
    if (!proof) return { ok: false, reason: 'proof-invalid' };
    if (proof.checkpoint !== checkpoint) return { ok: false, reason: 'checkpoint-mismatch' };
    const entry = parseEntry(item.entry);
    const old = entry ? undefined : entryWithoutPrev(item.entry);
    if (old && old.seq === proof.index && old.piece === piece.pieceId)
      return { ok: false, reason: 'unprovable' };
    if (!entry || entry.seq !== proof.index || entry.piece !== piece.pieceId) {
      return { ok: false, reason: 'entry-invalid' };
    }
    if (entries.length > 0 && entry.seq <= (entries.at(-1) as LogEntry).seq)
      return { ok: false, reason: 'out-of-order' };
    if (!(await verifyInclusion(proof.index, size, await leafHash(utf8(item.entry)), proof.proof, root))) {
      return { ok: false, reason: 'not-in-log' };
    }
    entries.push(entry);
  }
  const map = await verifyMapProof(piece.map, piece.pieceId, checkpoint, size, root);
  if (!map.ok) return map;
  if (
    !(await chained(
      items.map((item) => item.entry),
      entries,
      map.latest,
    ))
  )
    return { ok: false, reason: 'incomplete' };
  const transfers = entries.filter((entry) => entry.kind === 'transfer');
  const lostOrFound = entries.filter((entry) => entry.kind === 'lost' || entry.kind === 'found').at(-1);
  return {
    ok: true,
    pieceId: piece.pieceId,
    entries,
    certificates: entries.flatMap((entry) => (entry.kind === 'issue' && entry.cert ? [entry.cert] : [])),
    draws: entries.flatMap((entry) => (entry.kind === 'draw' && entry.draw ? [entry.draw] : [])),
    sold: entries.some((entry) => entry.kind === 'sale'),
    transfers: transfers.length,
    last: transfers.at(-1)?.time.slice(0, 10) ?? null,
    lost: lostOrFound?.kind === 'lost',
    size,
    witnesses: { cosigned, witnessed, quorum },
  };
}

/**
 * Nothing left out: the first entry's `prev` is null, each other's names the entry served before
 * it (seq and leaf hash), and the last is the piece's latest entry in the map (none for none).
 */
async function chained(texts: string[], entries: LogEntry[], latest: { seq: number; hash: string } | null) {
  let before: { seq: number; hash: string } | null = null;
  for (const [i, entry] of entries.entries()) {
    if (
      before === null
        ? entry.prev !== null
        : entry.prev?.seq !== before.seq || entry.prev.hash !== before.hash
    )
      return false;
    before = { seq: entry.seq, hash: await entryHashHex(texts[i] as string) };
  }
  return latest === null ? before === null : before?.seq === latest.seq && before.hash === latest.hash;
}

export type ConsistencyVerdict =
  | { ok: true }
  | { ok: false; reason: CheckpointFailure | 'rewritten' | 'fork' };

/**
 * The checkpoint the page kept and a newer one: both signed, and the newer tree extends the
 * older (RFC 9162 consistency proof). One size with two roots is a fork; anything else that
 * does not extend the older tree (a smaller one: a rollback), a rewritten history.
 */
export async function checkConsistency(
  oldCheckpoint: string,
  newCheckpoint: string,
  proof: Hash[],
  keys: KeySet,
): Promise<ConsistencyVerdict> {
  const older = await verifyCheckpoint(oldCheckpoint, keys);
  if (!older.ok) return older;
  const newer = await verifyCheckpoint(newCheckpoint, keys);
  if (!newer.ok) return newer;
  const [a, b] = [older.checkpoint, newer.checkpoint];
  if (a.size === b.size) {
    return (await verifyConsistency(a.size, b.size, [], a.root, b.root))
      ? { ok: true }
      : { ok: false, reason: 'fork' };
  }
  return (await verifyConsistency(a.size, b.size, proof, a.root, b.root))
    ? { ok: true }
    : { ok: false, reason: 'rewritten' };
}

export type StatusVerdict =
  | { ok: true; index: number; reported: boolean }
  | {
      ok: false;
      reason:
        | 'not-a-status-list'
        | 'unknown-key'
        | 'signature-invalid'
        | 'key-not-valid-then'
        | 'wrong-issuer'
        | 'wrong-list'
        | 'index-out-of-range';
    };

/**
 * The shop's status list credential (docs/passport.md, Lost or stolen), read for a verified
 * certificate's `credentialStatus`: its signature, its key's dates, its issuer, that it is the
 * list the certificate names (the shop's own), then the certificate's bit: set, the piece was
 * reported lost or stolen and not found since.
 */
export async function verifyStatusList(
  jws: string,
  keys: KeySet,
  status: CredentialStatus,
): Promise<StatusVerdict> {
  const parsed = parseStatusList(jws);
  if (!parsed) return { ok: false, reason: 'not-a-status-list' };
  const { header, payload } = parsed;
  const key = findKey(keys, header.kid);
  if (!key) return { ok: false, reason: 'unknown-key' };
  if (!(await signatureHolds(key, parsed.signature, parsed.signed)))
    return { ok: false, reason: 'signature-invalid' };
  if (!keyValidOn(key, new Date(payload.validFrom).toISOString().slice(0, 10)))
    return { ok: false, reason: 'key-not-valid-then' };
  if (payload.issuer !== keys.issuer) return { ok: false, reason: 'wrong-issuer' };
  const list = statusListUrl(keys.issuer);
  if (payload.id !== list || status.statusListCredential !== list) return { ok: false, reason: 'wrong-list' };
  const bits = await decodeStatusList(payload.credentialSubject.encodedList);
  if (!bits) return { ok: false, reason: 'not-a-status-list' };
  const index = Number(status.statusListIndex);
  if (index >= bits.length * 8) return { ok: false, reason: 'index-out-of-range' };
  return { ok: true, index, reported: bitAt(bits, index) === 1 };
}
