import { gunzipSync } from 'node:zlib';
import { ed25519 } from '@noble/curves/ed25519.js';
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
export type Keys = {
  issuer: string;
  keys: Key[];
  logKeys?: { vkey: string; from: string }[];
  witnessPolicy?: string;
};
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

/** A time as the doc writes it: `YYYY-MM-DDTHH:MM:SS.sssZ`, UTC, of a day in the calendar. */
function instant(value: unknown): boolean {
  const m =
    typeof value === 'string'
      ? /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{3}Z$/.exec(value)
      : null;
  return m !== null && calendarDay(m[1] as string, m[2] as string, m[3] as string) !== undefined;
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

type StatusEntry = { index: number; list: string };

/** A certificate's `credentialStatus`: exactly the five fields, purpose suspension, a decimal index. */
function statusEntry(value: unknown): StatusEntry | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const entry = value as Record<string, unknown>;
  const list = entry.statusListCredential;
  const index = entry.statusListIndex;
  if (
    Object.keys(entry).join() !== 'id,type,statusPurpose,statusListIndex,statusListCredential' ||
    entry.type !== 'BitstringStatusListEntry' ||
    entry.statusPurpose !== 'suspension' ||
    typeof index !== 'string' ||
    !/^(0|[1-9]\d{0,8})$/.test(index) ||
    typeof list !== 'string' ||
    !list.endsWith('/passport/status/list') ||
    entry.id !== `${list}#${index}`
  ) {
    return undefined;
  }
  return { index: Number(index), list };
}

/**
 * The status list credential a certificate names (its `credentialStatus`): the certificate, then
 * the list's JWS, key, day, issuer and URL, its GZIP bitstring, and the certificate's bit in it.
 */
export function verifyStatusListText(list: string, keys: Keys, certificate: string): Verdict {
  const cert = verifyCertificateText(certificate, keys);
  if (!cert.ok) return cert;
  const entry = statusEntry(json(certificate.split('.')[1] as string)?.credentialStatus);
  if (!entry) return no('no-status-entry');
  const parts = list.split('.');
  const header = parts.length === 3 ? json(parts[0] as string) : undefined;
  const payload = parts.length === 3 ? json(parts[1] as string) : undefined;
  const sig = b64url(parts[2] ?? '');
  const subject = payload?.credentialSubject as Record<string, unknown> | undefined;
  if (
    !header ||
    Object.keys(header).join() !== 'alg,typ,kid' ||
    header.alg !== 'ES256' ||
    header.typ !== 'vc+jwt' ||
    typeof header.kid !== 'string' ||
    sig?.length !== 64 ||
    !payload ||
    Object.keys(payload).join() !== '@context,id,type,issuer,validFrom,credentialSubject' ||
    JSON.stringify(payload['@context']) !== '["https://www.w3.org/ns/credentials/v2"]' ||
    JSON.stringify(payload.type) !== '["VerifiableCredential","BitstringStatusListCredential"]' ||
    typeof payload.id !== 'string' ||
    typeof payload.issuer !== 'string' ||
    typeof payload.validFrom !== 'string' ||
    Number.isNaN(Date.parse(payload.validFrom)) ||
    typeof subject !== 'object' ||
    subject === null ||
    Object.keys(subject).join() !== 'id,type,statusPurpose,encodedList' ||
    subject.id !== `${payload.id}#list` ||
    subject.type !== 'BitstringStatusList' ||
    subject.statusPurpose !== 'suspension' ||
    typeof subject.encodedList !== 'string'
  ) {
    return no('not-a-status-list');
  }
  const key = keys.keys.find((k) => k.kid === header.kid);
  if (!key) return no('unknown-key');
  if (!es256(key, sig, `${parts[0]}.${parts[1]}`)) return no('signature-invalid');
  if (!keyOn(key, new Date(payload.validFrom).toISOString().slice(0, 10))) return no('key-not-valid-then');
  if (payload.issuer !== keys.issuer) return no('wrong-issuer');
  const url = `${keys.issuer}/passport/status/list`;
  if (payload.id !== url || entry.list !== url) return no('wrong-list');
  const compressed = subject.encodedList.startsWith('u') ? b64url(subject.encodedList.slice(1)) : undefined;
  let bits: Uint8Array;
  try {
    bits = gunzipSync(compressed ?? new Uint8Array(), { maxOutputLength: 64 * 16_384 });
  } catch {
    return no('not-a-status-list');
  }
  if (bits.length === 0 || bits.length % 16_384 !== 0) return no('not-a-status-list');
  if (entry.index >= bits.length * 8) return no('index-out-of-range');
  const set = ((bits[entry.index >> 3] as number) >> (7 - (entry.index % 8))) & 1;
  return { ok: true, index: entry.index, reported: set === 1 };
}

/** The certificate's JWS, against the code's fields when a code comes with it. */
export function verifyCertificateText(jws: string, keys: Keys, code?: Verdict): Verdict {
  const parts = jws.split('.');
  const header = parts.length === 3 ? json(parts[0] as string) : undefined;
  const payload = parts.length === 3 ? json(parts[1] as string) : undefined;
  const sig = b64url(parts[2] ?? '');
  const subject = payload?.credentialSubject as Record<string, unknown> | undefined;
  const urn = 'urn:oneofone:piece:';
  const photoOk = (photo: unknown) =>
    typeof photo === 'object' &&
    photo !== null &&
    keysOf(photo as Record<string, unknown>) === 'path,sha256' &&
    /^[0-9a-f]{64}$/.test(String((photo as { sha256: unknown }).sha256)) &&
    typeof (photo as { path: unknown }).path === 'string';
  const n = subject?.number as number;
  const of = subject?.of as number;
  if (
    !header ||
    keysOf(header) !== 'alg,kid,typ' ||
    header.alg !== 'ES256' ||
    header.typ !== 'vc+jwt' ||
    typeof header.kid !== 'string' ||
    sig?.length !== 64 ||
    !payload ||
    keysOf(payload) !==
      `@context,${'credentialStatus' in payload ? 'credentialStatus,' : ''}credentialSubject,issuer,type,validFrom` ||
    JSON.stringify(payload['@context']) !== '["https://www.w3.org/ns/credentials/v2"]' ||
    JSON.stringify(payload.type) !== '["VerifiableCredential","OneOfOnePieceCertificate"]' ||
    typeof payload.issuer !== 'string' ||
    !instant(payload.validFrom) ||
    typeof subject !== 'object' ||
    subject === null ||
    keysOf(subject) !== 'collection,description,id,number,of,photos' ||
    typeof subject.id !== 'string' ||
    !subject.id.startsWith(urn) ||
    subject.id === urn ||
    typeof subject.collection !== 'string' ||
    !Number.isInteger(n) ||
    !Number.isInteger(of) ||
    n < 1 ||
    n > of ||
    of > 999999 ||
    typeof subject.description !== 'string' ||
    Array.from(subject.description).length > 200 ||
    !Array.isArray(subject.photos) ||
    !subject.photos.every(photoOk) ||
    ('credentialStatus' in payload && !statusEntry(payload.credentialStatus))
  ) {
    return no('not-a-certificate');
  }
  const key = keys.keys.find((k) => k.kid === header.kid);
  if (!key) return no('unknown-key');
  if (!es256(key, sig, `${parts[0]}.${parts[1]}`)) return no('signature-invalid');
  const issued = new Date(payload.validFrom as string).toISOString().slice(0, 10);
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
  return {
    ok: true,
    pieceId,
    digest,
    kid: header.kid,
    number: subject.number,
    of: subject.of,
    collection: subject.collection,
  };
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

type Note = { origin: string; size: number; root: Uint8Array; witnesses: Witnessing };
type Witnessing = {
  witnessed: boolean;
  cosigned: { name: string; time: number }[];
  quorum: { k: number; n: number };
};

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/** A vkey `<name>+<hex id>+base64(type ‖ key)` of this type whose id is SHA-256(name ‖ \n ‖ type ‖ key)[:4]. */
function vkey(text: string, type: number): { name: string; id: Uint8Array; key: Uint8Array } | undefined {
  const first = text.indexOf('+');
  const name = text.slice(0, first);
  const id = text.slice(first + 1, first + 9);
  const bytes = b64(text.slice(first + 10));
  if (
    first < 1 ||
    text[first + 9] !== '+' ||
    /\s/.test(name) ||
    !/^[0-9a-f]{8}$/.test(id) ||
    bytes?.length !== 33
  )
    return undefined;
  if (bytes[0] !== type) return undefined;
  const key = bytes.subarray(1);
  const computed = sha256(cat(enc.encode(`${name}\n`), Uint8Array.of(type), key)).subarray(0, 4);
  return hex(computed) === id ? { name, id: computed, key } : undefined;
}

type Policy = {
  witnesses: Map<string, { name: string; id: Uint8Array; key: Uint8Array }>;
  groups: Map<string, { k: number; members: string[] }>;
  quorum: string;
};

/** The witness policy: tlog-policy's witness, group and quorum lines (log lines skipped). */
function policyOf(text: string): Policy | undefined {
  const witnesses: Policy['witnesses'] = new Map();
  const groups: Policy['groups'] = new Map();
  let quorum: string | undefined;
  const known = (n: string) => witnesses.has(n) || groups.has(n);
  for (const line of text.split('\n').map((l) => l.trim())) {
    if (!line || line.startsWith('#')) continue;
    const words = line.split(/[ \t]+/);
    const [word, name = '', third = ''] = words;
    if (word === 'log') continue;
    if (word === 'witness' && words.length <= 4 && name !== 'none' && !known(name)) {
      const key = vkey(third, 4);
      if (!key || [...witnesses.values()].some((w) => w.name === key.name)) return undefined;
      witnesses.set(name, key);
    } else if (word === 'group' && words.length >= 4 && name !== 'none' && !known(name)) {
      const members = words.slice(3);
      if (new Set(members).size !== members.length || !members.every(known)) return undefined;
      const k =
        third === 'all' ? members.length : third === 'any' ? 1 : /^[1-9]\d*$/.test(third) ? Number(third) : 0;
      if (k < 1 || k > members.length) return undefined;
      groups.set(name, { k, members });
    } else if (
      word === 'quorum' &&
      words.length === 2 &&
      quorum === undefined &&
      (name === 'none' || known(name))
    ) {
      quorum = name;
    } else {
      return undefined;
    }
  }
  return quorum === undefined ? undefined : { witnesses, groups, quorum };
}

function met(policy: Policy, name: string, cosigned: Set<string>): boolean {
  if (name === 'none') return true;
  const group = policy.groups.get(name);
  return group ? group.members.filter((m) => met(policy, m, cosigned)).length >= group.k : cosigned.has(name);
}

/**
 * The checkpoint: a signed note. The log's lines: type 0x01 (Ed25519, a `logKeys` vkey) or type
 * 0x02 (key hash SHA-256(SPKI)[:4], DER signature, an ES256 key). The policy's witnesses' lines:
 * key id ‖ u64 time ‖ Ed25519 over `cosignature/v1\ntime <t>\n` ‖ body.
 */
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
  const policy = keys.witnessPolicy === undefined ? undefined : policyOf(keys.witnessPolicy);
  if (keys.witnessPolicy !== undefined && !policy) return { verdict: no('policy-invalid') };
  const logKeys = (keys.logKeys ?? []).map((k) => vkey(k.vkey, 1)).filter((k) => k?.name === origin);
  let verified = 0;
  const cosigned = new Set<string>();
  const times: { name: string; time: number }[] = [];
  for (const match of signatures as RegExpExecArray[]) {
    const bytes = b64(match[2] as string) as Uint8Array;
    const id = bytes.subarray(0, 4);
    if (match[1] === origin) {
      const key = keys.keys.find((k) => {
        const pub = point(k);
        return pub && same(sha256(cat(SPKI_PREFIX, pub)).subarray(0, 4), id);
      });
      const edKey = logKeys.find((k) => k && same(k.id, id));
      if (!key && !edKey) continue;
      const holds =
        (key && es256(key, bytes.subarray(4), body, 'der')) ||
        (edKey && bytes.length === 68 && ed25519.verify(bytes.subarray(4), enc.encode(body), edKey.key));
      if (!holds) return { verdict: no('signature-invalid') };
      verified++;
      continue;
    }
    const entry = [...(policy?.witnesses ?? new Map()).entries()].find(
      ([, w]) => w.name === match[1] && same(w.id, id),
    );
    if (!entry) continue;
    const [name, witness] = entry;
    const time =
      bytes.length === 76 ? new DataView(bytes.buffer, bytes.byteOffset + 4, 8).getBigUint64(0) : 0n;
    const message = enc.encode(`cosignature/v1\ntime ${time}\n${body}`);
    if (time === 0n || !ed25519.verify(bytes.subarray(12), message, witness.key))
      return { verdict: no('cosignature-invalid') };
    if (!cosigned.has(name)) times.push({ name: witness.name, time: Number(time) });
    cosigned.add(name);
  }
  if (verified === 0) return { verdict: no('unknown-key') };
  const group = policy && policy.quorum !== 'none' ? policy.groups.get(policy.quorum) : undefined;
  const witnesses: Witnessing = {
    witnessed: policy ? met(policy, policy.quorum, cosigned) : true,
    cosigned: times,
    quorum: !policy
      ? { k: 0, n: 0 }
      : policy.quorum === 'none'
        ? { k: 0, n: policy.witnesses.size }
        : group
          ? { k: group.k, n: group.members.length }
          : { k: 1, n: 1 },
  };
  return { note: { origin, size: Number(size), root: rootBytes, witnesses } };
}

const KINDS = ['issue', 'draw', 'sale', 'transfer', 'reset', 'lost', 'found'];

type Proof = { index: number; hashes: Uint8Array[]; checkpoint: string };

/** A tlog-proof: header, an optional extra line, `index <n>`, hashes, an empty line, the checkpoint. */
function tlogProof(text: string): Proof | undefined {
  const split = text.indexOf('\n\n');
  const head = split < 0 ? [] : text.slice(0, split).split('\n');
  if (head[0] !== 'c2sp.org/tlog-proof@v1') return undefined;
  head.shift();
  if (head[0]?.startsWith('extra ') && !b64((head.shift() as string).slice(6))) return undefined;
  const index = /^index (0|[1-9]\d*)$/.exec(head.shift() ?? '');
  const hashes = head.map(b64);
  if (!index || hashes.length > 64 || hashes.some((h) => h?.length !== 32) || !text.slice(split + 2))
    return undefined;
  return { index: Number(index[1]), hashes: hashes as Uint8Array[], checkpoint: text.slice(split + 2) };
}

const keysOf = (value: Record<string, unknown>) => Object.keys(value).sort().join(',');
/** RFC 8785 for what an entry holds (strings, integers, null, objects): sorted keys, no whitespace. */
const jcs = (value: unknown): string =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? `{${Object.keys(value)
        .sort()
        .map((key) => `${JSON.stringify(key)}:${jcs((value as Record<string, unknown>)[key])}`)
        .join(',')}}`
    : JSON.stringify(value);
const isSeq = (n: unknown) => Number.isSafeInteger(n) && (n as number) >= 0;
const byUtf8 = (a: string, b: string) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

type MapAnswer = { entry: string; proof: string; leaves: { index: number; text: string; proof: string[] }[] };

/**
 * The map proof: the map entry is the checkpoint's last entry and in it; each leaf in the map's tree
 * of `pieces` leaves; the piece's own leaf (its latest entry: seq and hex leaf hash), or two
 * adjacent leaves (or the first / the last) between which it would sort (it has none).
 */
function mapLatest(
  map: MapAnswer | null | undefined,
  pieceId: string,
  latest: string,
  size: number,
  root: Uint8Array,
): { latest: { seq: number; hash: string } | null } | { verdict: Verdict } {
  if (!map) return { verdict: no('unprovable') };
  const bad = { verdict: no('map-invalid') };
  const proof = tlogProof(map.proof);
  if (!proof || proof.checkpoint !== latest || proof.index !== size - 1) return bad;
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(map.entry);
  } catch {
    return bad;
  }
  if (
    typeof entry !== 'object' ||
    entry === null ||
    keysOf(entry) !== 'kind,pieces,root,seq,time' ||
    entry.kind !== 'map' ||
    entry.seq !== proof.index ||
    !isSeq(entry.pieces) ||
    typeof entry.root !== 'string' ||
    !/^[0-9a-f]{64}$/.test(entry.root) ||
    !instant(entry.time) ||
    jcs(entry) !== map.entry
  )
    return bad;
  if (!included(proof.index, size, leafOf(map.entry), proof.hashes, root)) return bad;
  const mapRoot = new Uint8Array(Buffer.from(entry.root, 'hex'));
  const pieces = entry.pieces as number;
  if (map.leaves.length > 2) return bad;
  const leaves: { index: number; piece: string; seq: number; hash: string }[] = [];
  for (const item of map.leaves) {
    let leaf: Record<string, unknown>;
    try {
      leaf = JSON.parse(item.text);
    } catch {
      return bad;
    }
    const hashes = item.proof.map(b64);
    if (
      typeof leaf !== 'object' ||
      leaf === null ||
      keysOf(leaf) !== 'hash,piece,seq' ||
      typeof leaf.hash !== 'string' ||
      !/^[0-9a-f]{64}$/.test(leaf.hash) ||
      typeof leaf.piece !== 'string' ||
      !leaf.piece ||
      !isSeq(leaf.seq) ||
      (leaf.seq as number) >= (entry.seq as number) ||
      `{"hash":"${leaf.hash}","piece":${JSON.stringify(leaf.piece)},"seq":${leaf.seq}}` !== item.text ||
      hashes.some((h) => !h) ||
      !Number.isSafeInteger(item.index) ||
      item.index < 0 ||
      item.index >= pieces ||
      !included(item.index, pieces, leafOf(item.text), hashes as Uint8Array[], mapRoot)
    )
      return bad;
    leaves.push({ index: item.index, piece: leaf.piece, seq: leaf.seq as number, hash: leaf.hash });
  }
  leaves.sort((a, b) => a.index - b.index);
  const own = leaves.filter((leaf) => leaf.piece === pieceId);
  if (own.length > 0)
    return leaves.length === 1
      ? { latest: { seq: own[0]?.seq as number, hash: own[0]?.hash as string } }
      : bad;
  const [a, b] = leaves;
  const below = (leaf: { piece: string }) => byUtf8(leaf.piece, pieceId) < 0;
  const absent =
    leaves.length === 0
      ? pieces === 0
      : a && b
        ? b.index === a.index + 1 && below(a) && !below(b)
        : !!a && ((a.index === 0 && !below(a)) || (a.index === pieces - 1 && below(a)));
  return absent ? { latest: null } : bad;
}

/** A piece's entries with their tlog-proofs and its map proof, against the latest checkpoint. */
export function verifyHistoryItems(
  items: { entry: string; proof: string }[],
  latest: string,
  keys: Keys,
  pieceId: string,
  map: MapAnswer | null | undefined,
): Verdict {
  const checked = checkpoint(latest, keys);
  if ('verdict' in checked) return checked.verdict;
  const { size, root } = checked.note;
  const entries: Record<string, unknown>[] = [];
  for (const item of items) {
    const proof = tlogProof(item.proof);
    if (!proof) return no('proof-invalid');
    if (proof.checkpoint !== latest) return no('checkpoint-mismatch');
    let entry: Record<string, unknown>;
    try {
      entry = JSON.parse(item.entry);
    } catch {
      return no('entry-invalid');
    }
    if (
      typeof entry !== 'object' ||
      entry === null ||
      Array.isArray(entry) ||
      entry.seq !== proof.index ||
      !KINDS.includes(entry.kind as string) ||
      !instant(entry.time) ||
      entry.piece !== pieceId ||
      jcs(entry) !== item.entry
    ) {
      return no('entry-invalid');
    }
    // Each kind's exact fields (an entry of the format before `prev` has all of them but `prev`).
    const fields =
      {
        issue: 'cert,kind,owner,piece,prev,seq,time',
        draw: 'draw,kind,owner,piece,prev,result,seq,time',
      }[entry.kind as string] ?? 'kind,owner,piece,prev,seq,time';
    const owner = entry.owner;
    if (
      keysOf({ prev: null, ...entry }) !== fields ||
      !(owner === null || (typeof owner === 'string' && /^[0-9a-f]{64}$/.test(owner))) ||
      (entry.kind === 'draw' && owner !== null) ||
      (entry.kind === 'issue' && !/^[A-Za-z0-9_-]{22}$/.test(String(entry.cert))) ||
      (entry.kind === 'draw' &&
        (!/^d-[A-Za-z0-9_-]{22}$/.test(String(entry.draw)) || !/^[0-9a-f]{64}$/.test(String(entry.result))))
    )
      return no('entry-invalid');
    // An entry of the format before `prev`: its history cannot be proven complete.
    if (!('prev' in entry)) return no('unprovable');
    const prev = entry.prev as Record<string, unknown> | null;
    if (
      prev !== null &&
      (typeof prev !== 'object' ||
        keysOf(prev) !== 'hash,seq' ||
        !isSeq(prev.seq) ||
        typeof prev.hash !== 'string' ||
        !/^[0-9a-f]{64}$/.test(prev.hash))
    )
      return no('entry-invalid');
    if (entries.length > 0 && (entry.seq as number) <= (entries.at(-1)?.seq as number))
      return no('out-of-order');
    if (!included(proof.index, size, leafOf(item.entry), proof.hashes, root)) return no('not-in-log');
    entries.push({ ...entry, hash: hex(leafOf(item.entry)) });
  }
  const map_ = mapLatest(map, pieceId, latest, size, root);
  if ('verdict' in map_) return map_.verdict;
  // Each entry's prev is the one served before it (null for the first); the last is the map's.
  for (const [i, entry] of entries.entries()) {
    const before = entries[i - 1];
    const prev = entry.prev as { seq: number; hash: string } | null;
    if (before ? prev?.seq !== before.seq || prev?.hash !== before.hash : prev !== null)
      return no('incomplete');
  }
  const last = entries.at(-1);
  if (
    map_.latest === null
      ? last !== undefined
      : last?.seq !== map_.latest.seq || last.hash !== map_.latest.hash
  )
    return no('incomplete');
  const transfers = entries.filter((e) => e.kind === 'transfer');
  const lostOrFound = entries.filter((e) => e.kind === 'lost' || e.kind === 'found');
  return {
    ok: true,
    piece: entries[0]?.piece,
    issued: entries.filter((e) => e.kind === 'issue').map((e) => e.cert),
    transfers: transfers.length,
    last: String(transfers.at(-1)?.time ?? '').slice(0, 10) || null,
    sold: entries.some((e) => e.kind === 'sale'),
    lost: lostOrFound.at(-1)?.kind === 'lost',
    witnesses: checked.note.witnesses,
    size,
  };
}

/**
 * The certificate the shop serves for a verified code, judged by the piece's history (the re-issue
 * rule): it names the code's piece, and is the newest issue entry's; an older issue entry's code is
 * superseded. With no verified history of the piece, only the certificate against the code.
 */
export function verifyServedText(
  jws: string,
  keys: Keys,
  code: Verdict,
  items: { entry: string; proof: string }[],
  latest: string,
  pieceId: string,
  map: MapAnswer | null | undefined,
): Verdict {
  if (!code.ok || code.kind !== 'code') return code;
  const cert = verifyCertificateText(jws, keys);
  if (!cert.ok) return cert;
  const collection = code.collection as string;
  if (
    cert.pieceId !== code.pieceId ||
    cert.number !== code.number ||
    cert.of !== code.of ||
    !(cert.collection as string).startsWith(collection) ||
    Array.from(collection).length > 40
  ) {
    return no('another-piece');
  }
  const history = verifyHistoryItems(items, latest, keys, pieceId, map);
  if (!history.ok || (history.piece !== undefined && history.piece !== code.pieceId))
    return verifyCertificateText(jws, keys, code);
  const issued = history.issued as string[];
  if (!issued.includes(cert.digest as string)) return no('not-logged');
  if (issued[issued.length - 1] !== cert.digest) return no('not-newest');
  if (code.digest === cert.digest) return verifyCertificateText(jws, keys, code);
  return no(issued.includes(code.digest as string) ? 'superseded' : 'code-not-issued');
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
