import { p256 } from '@noble/curves/nist.js';
import { sha256 } from '@noble/hashes/sha2.js';

/**
 * A second verifier, written from docs/passport.md alone: @noble/curves and @noble/hashes, its own
 * parsing and its own Merkle arithmetic (the decomposition of transparency-dev/merkle rather than
 * RFC 9162's loops). It shares no code with shared/passport.
 */

type Key = {
  kid: string;
  jwk: { kty: string; crv: string; x: string; y: string };
  from: string;
  until?: string;
};
export type Keys = { issuer: string; keys: Key[] };
export type Verdict = { ok: boolean; reason?: string; [field: string]: unknown };

const enc = new TextEncoder();
const no = (reason: string): Verdict => ({ ok: false, reason });

function b64url(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
  const bytes = Buffer.from(text, 'base64url');
  return bytes.toString('base64url') === text ? new Uint8Array(bytes) : undefined;
}

function b64(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text)) return undefined;
  const bytes = Buffer.from(text, 'base64');
  return bytes.toString('base64') === text ? new Uint8Array(bytes) : undefined;
}

const same = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((v, i) => v === b[i]);
const cat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

/** 0x04 ‖ x ‖ y, the uncompressed point noble verifies with. */
function point(key: Key): Uint8Array | undefined {
  const x = b64url(key.jwk.x);
  const y = b64url(key.jwk.y);
  if (key.jwk.kty !== 'EC' || key.jwk.crv !== 'P-256' || x?.length !== 32 || y?.length !== 32)
    return undefined;
  return cat(Uint8Array.of(4), x, y);
}

// SubjectPublicKeyInfo of a P-256 key: SEQUENCE { id-ecPublicKey, prime256v1 } BIT STRING (point).
const SPKI_PREFIX = Buffer.from('3059301306072a8648ce3d020106082a8648ce3d030107034200', 'hex');

function es256(key: Key, signature: Uint8Array, message: string, format: 'compact' | 'der' = 'compact') {
  const pub = point(key);
  if (!pub) return false;
  try {
    return p256.verify(signature, enc.encode(message), pub, { format, lowS: false, prehash: true });
  } catch {
    return false;
  }
}

const day = (text: string) => text.slice(0, 10);
const keyOn = (key: Key, d: string) => day(key.from) <= d && (!key.until || d <= day(key.until));

/** `YYYY`, `MM`, `DD` naming a day of the Gregorian calendar (docs: 20261131 is not a code). */
function calendarDay(y: string, m: string, d: string): string | undefined {
  const [year, month, dayOf] = [Number(y), Number(m), Number(d)];
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return days !== undefined && dayOf >= 1 && dayOf <= days ? `${y}-${m}-${d}` : undefined;
}

function field(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/** The fragment of /verify#…: a c1 code or a p1 resale proof. */
export function verifyFragmentText(fragment: string, keys: Keys, now: Date, voided = false): Verdict {
  const text = fragment.includes('#') ? fragment.slice(fragment.indexOf('#') + 1) : fragment;
  const parts = text.split('.');
  const sig = b64url(parts.at(-1) ?? '');
  const kidOk = (kid: string | undefined) => /^[A-Za-z0-9_-]{11}$/.test(kid ?? '');
  if (parts[0] === 'c1' && parts.length === 9 && text.length <= 237) {
    const [, pid, n, of, col, date, digest, kid] = parts as string[];
    const pieceId = field(pid as string);
    const collection = field(col as string);
    const d = /^(\d{4})(\d{2})(\d{2})$/.exec(date as string);
    const issued = d && calendarDay(d[1] as string, d[2] as string, d[3] as string);
    const good =
      pieceId &&
      collection !== undefined &&
      Array.from(collection).length <= 40 &&
      /^[1-9]\d{0,5}$/.test(n as string) &&
      /^[1-9]\d{0,5}$/.test(of as string) &&
      Number(n) <= Number(of) &&
      issued &&
      b64url(digest as string)?.length === 16 &&
      kidOk(kid) &&
      sig?.length === 64;
    if (good) {
      const key = keys.keys.find((k) => k.kid === kid);
      if (!key) return no('unknown-key');
      if (!es256(key, sig, parts.slice(0, 8).join('.'))) return no('signature-invalid');
      if (!keyOn(key, issued)) return no('key-not-valid-then');
      return {
        ok: true,
        kind: 'code',
        pieceId,
        number: Number(n),
        of: Number(of),
        collection,
        issued,
        digest,
        kid,
      };
    }
  }
  if (parts[0] === 'p1' && parts.length === 7) {
    const [, pid, since, exp, id, kid] = parts as string[];
    const pieceId = field(pid as string);
    const m = /^(\d{4})(0[1-9]|1[0-2])$/.exec(since as string);
    const d = /^(\d{4})(\d{2})(\d{2})$/.exec(exp as string);
    const expires = (d && calendarDay(d[1] as string, d[2] as string, d[3] as string)) ?? '';
    const expiry = Date.parse(`${expires}T00:00:00Z`);
    const realDay = expires !== '' && !Number.isNaN(expiry);
    if (
      pieceId &&
      m &&
      d &&
      realDay &&
      b64url(id as string)?.length === 16 &&
      kidOk(kid) &&
      sig?.length === 64
    ) {
      const key = keys.keys.find((k) => k.kid === kid);
      if (!key) return no('unknown-key');
      if (!es256(key, sig, parts.slice(0, 6).join('.'))) return no('signature-invalid');
      const first = new Date(expiry - 30 * 86_400_000).toISOString().slice(0, 10);
      const last = new Date(expiry - 86_400_000).toISOString().slice(0, 10);
      if (day(key.from) > last || (key.until && day(key.until) < first)) return no('key-not-valid-then');
      if (now.getTime() >= expiry) return no('expired');
      if (voided) return no('voided');
      return { ok: true, kind: 'proof', pieceId, since: `${m[1]}-${m[2]}`, expires, id, kid };
    }
  }
  return no('not-a-code');
}

function json(part: string): Record<string, unknown> | undefined {
  const bytes = b64url(part);
  if (!bytes) return undefined;
  try {
    const value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    return value && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The certificate's JWS, against the code's fields when a code comes with it. */
export function verifyCertificateText(jws: string, keys: Keys, code?: Verdict): Verdict {
  const parts = jws.split('.');
  const header = parts.length === 3 ? json(parts[0] as string) : undefined;
  const payload = parts.length === 3 ? json(parts[1] as string) : undefined;
  const sig = b64url(parts[2] ?? '');
  const subject = payload?.credentialSubject as Record<string, unknown> | undefined;
  const urn = 'urn:oneofone:piece:';
  if (
    header?.alg !== 'ES256' ||
    header.typ !== 'vc+jwt' ||
    typeof header.kid !== 'string' ||
    sig?.length !== 64 ||
    typeof payload?.issuer !== 'string' ||
    typeof payload.validFrom !== 'string' ||
    Number.isNaN(Date.parse(payload.validFrom)) ||
    typeof subject !== 'object' ||
    subject === null ||
    typeof subject.id !== 'string' ||
    !subject.id.startsWith(urn) ||
    typeof subject.collection !== 'string' ||
    !Number.isInteger(subject.number) ||
    !Number.isInteger(subject.of) ||
    !Array.isArray(subject.photos)
  ) {
    return no('not-a-certificate');
  }
  const key = keys.keys.find((k) => k.kid === header.kid);
  if (!key) return no('unknown-key');
  if (!es256(key, sig, `${parts[0]}.${parts[1]}`)) return no('signature-invalid');
  const issued = new Date(payload.validFrom).toISOString().slice(0, 10);
  if (!keyOn(key, issued)) return no('key-not-valid-then');
  if (payload.issuer !== keys.issuer) return no('wrong-issuer');
  const digest = Buffer.from(sha256(enc.encode(jws)).subarray(0, 16)).toString('base64url');
  const pieceId = subject.id.slice(urn.length);
  if (code) {
    if (code.digest !== digest) return no('digest-mismatch');
    if (
      code.pieceId !== pieceId ||
      code.number !== subject.number ||
      code.of !== subject.of ||
      !(subject.collection as string).startsWith(code.collection as string) ||
      Array.from(code.collection as string).length > 40 ||
      code.issued !== issued ||
      code.kid !== header.kid
    ) {
      return no('certificate-mismatch');
    }
  }
  return { ok: true, pieceId, digest, kid: header.kid };
}

const H = (...parts: Uint8Array[]) => sha256(cat(...parts));
const leafOf = (entry: string) => H(Uint8Array.of(0), enc.encode(entry));
const nodeOf = (l: Uint8Array, r: Uint8Array) => H(Uint8Array.of(1), l, r);
const bitLength = (n: bigint) => (n === 0n ? 0 : n.toString(2).length);
const ones = (n: bigint) => [...n.toString(2)].filter((c) => c === '1').length;
const trailingZeros = (n: bigint) => {
  let z = 0;
  while (n > 0n && (n & 1n) === 0n) {
    n >>= 1n;
    z++;
  }
  return z;
};

/** Inclusion as a decomposition: the inner part (below the split) then the right border. */
function included(index: number, size: number, leaf: Uint8Array, proof: Uint8Array[], root: Uint8Array) {
  const [i, n] = [BigInt(index), BigInt(size)];
  if (i >= n || proof.some((h) => h.length !== 32)) return false;
  const inner = bitLength(i ^ (n - 1n));
  const border = ones(i >> BigInt(inner));
  if (proof.length !== inner + border) return false;
  let hash = leaf;
  proof.forEach((h, k) => {
    hash = k >= inner || ((i >> BigInt(k)) & 1n) === 1n ? nodeOf(h, hash) : nodeOf(hash, h);
  });
  return same(hash, root);
}

function consistent(size1: number, size2: number, proof: Uint8Array[], root1: Uint8Array, root2: Uint8Array) {
  const [m, n] = [BigInt(size1), BigInt(size2)];
  if (m > n || proof.some((h) => h.length !== 32)) return false;
  if (m === n) return proof.length === 0 && same(root1, root2);
  if (m === 0n) return proof.length === 0;
  if (proof.length === 0) return false;
  const shift = trailingZeros(m);
  const index = m - 1n;
  let inner = bitLength(index ^ (n - 1n));
  const border = ones(index >> BigInt(inner));
  inner -= shift;
  const seeded = m === 1n << BigInt(shift);
  const seed = seeded ? root1 : (proof[0] as Uint8Array);
  const rest = seeded ? proof : proof.slice(1);
  if (rest.length !== inner + border) return false;
  const mask = index >> BigInt(shift);
  let h1 = seed;
  let h2 = seed;
  rest.forEach((h, k) => {
    if (k >= inner) {
      h1 = nodeOf(h, h1);
      h2 = nodeOf(h, h2);
    } else if (((mask >> BigInt(k)) & 1n) === 1n) {
      h1 = nodeOf(h, h1);
      h2 = nodeOf(h, h2);
    } else {
      h2 = nodeOf(h2, h);
    }
  });
  return same(h1, root1) && same(h2, root2);
}

type Note = { origin: string; size: number; root: Uint8Array };

/** The checkpoint: a signed note, signature type 0x02 (key hash SHA-256(SPKI)[:4], DER signature). */
function checkpoint(text: string, keys: Keys): { note: Note } | { verdict: Verdict } {
  const bad = { verdict: no('checkpoint-invalid') };
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a note holds no control characters but newlines
  if (/[\u0000-\u0009\u000b-\u001f\u007f]/.test(text) || !text.endsWith('\n')) return bad;
  const cut = text.lastIndexOf('\n\n');
  if (cut < 0) return bad;
  const body = text.slice(0, cut + 1);
  const [origin = '', size = '', root = '', ...more] = body.slice(0, -1).split('\n');
  const rootBytes = b64(root);
  if (
    !origin ||
    /[\s+]/.test(origin) ||
    !/^(0|[1-9]\d*)$/.test(size) ||
    rootBytes?.length !== 32 ||
    more.includes('')
  ) {
    return bad;
  }
  const lines = text.slice(cut + 2, -1).split('\n');
  const signatures = lines.map((line) => /^\u2014 (\S+) (\S+)$/.exec(line));
  if (lines.length === 0 || signatures.some((m) => !m || (b64(m[2] as string)?.length ?? 0) < 5)) return bad;
  if (origin !== `${new URL(keys.issuer).host}/passport/log`)
    return { verdict: no('checkpoint-wrong-origin') };
  let verified = 0;
  for (const match of signatures as RegExpExecArray[]) {
    if (match[1] !== origin) continue;
    const bytes = b64(match[2] as string) as Uint8Array;
    const key = keys.keys.find((k) => {
      const pub = point(k);
      return pub && same(sha256(cat(SPKI_PREFIX, pub)).subarray(0, 4), bytes.subarray(0, 4));
    });
    if (!key) continue;
    if (!es256(key, bytes.subarray(4), body, 'der')) return { verdict: no('signature-invalid') };
    verified++;
  }
  if (verified === 0) return { verdict: no('unknown-key') };
  return { note: { origin, size: Number(size), root: rootBytes } };
}

const KINDS = ['issue', 'draw', 'sale', 'transfer', 'reset', 'lost', 'found'];

/** A piece's entries with their tlog-proofs, against the latest checkpoint. */
export function verifyHistoryItems(
  items: { entry: string; proof: string }[],
  latest: string,
  keys: Keys,
): Verdict {
  const checked = checkpoint(latest, keys);
  if ('verdict' in checked) return checked.verdict;
  const { size, root } = checked.note;
  const entries: Record<string, unknown>[] = [];
  for (const item of items) {
    const split = item.proof.indexOf('\n\n');
    const head = split < 0 ? [] : item.proof.slice(0, split).split('\n');
    if (head[0] === 'c2sp.org/tlog-proof@v1') head.shift();
    else return no('proof-invalid');
    if (head[0]?.startsWith('extra ')) head.shift();
    const index = /^index (0|[1-9]\d*)$/.exec(head.shift() ?? '');
    const hashes = head.map(b64);
    if (!index || hashes.some((h) => h?.length !== 32) || !item.proof.slice(split + 2))
      return no('proof-invalid');
    if (item.proof.slice(split + 2) !== latest) return no('checkpoint-mismatch');
    let entry: Record<string, unknown>;
    try {
      entry = JSON.parse(item.entry);
    } catch {
      return no('entry-invalid');
    }
    if (
      typeof entry !== 'object' ||
      entry === null ||
      entry.seq !== Number(index[1]) ||
      !KINDS.includes(entry.kind as string) ||
      typeof entry.time !== 'string' ||
      typeof entry.piece !== 'string' ||
      (entries.length > 0 && entry.piece !== entries[0]?.piece)
    ) {
      return no('entry-invalid');
    }
    if (entries.length > 0 && (entry.seq as number) <= (entries.at(-1)?.seq as number))
      return no('out-of-order');
    if (!included(Number(index[1]), size, leafOf(item.entry), hashes as Uint8Array[], root))
      return no('not-in-log');
    entries.push(entry);
  }
  const transfers = entries.filter((e) => e.kind === 'transfer');
  const lostOrFound = entries.filter((e) => e.kind === 'lost' || e.kind === 'found');
  return {
    ok: true,
    transfers: transfers.length,
    last: String(transfers.at(-1)?.time ?? '').slice(0, 10) || null,
    sold: entries.some((e) => e.kind === 'sale'),
    lost: lostOrFound.at(-1)?.kind === 'lost',
  };
}

/** The checkpoint the page kept and a newer one, with the consistency proof (base64 hashes). */
export function checkTwoCheckpoints(kept: string, latest: string, proof: string[], keys: Keys): Verdict {
  const a = checkpoint(kept, keys);
  if ('verdict' in a) return a.verdict;
  const b = checkpoint(latest, keys);
  if ('verdict' in b) return b.verdict;
  if (a.note.size === b.note.size) return same(a.note.root, b.note.root) ? { ok: true } : no('fork');
  const hashes = proof.map(b64);
  if (hashes.some((h) => !h)) return no('rewritten');
  return consistent(a.note.size, b.note.size, hashes as Uint8Array[], a.note.root, b.note.root)
    ? { ok: true }
    : no('rewritten');
}
