#!/usr/bin/env node
// Recomputes a release draw of the shop (format oneofone-draw/v1, the shop's docs/draw.md) from its
// public files, checks that its list was witnessed before its beacon round, and tells you where
// your entry came.
//
//   node recompute.mjs <entries.txt path or URL> <result.json path or URL> [--salt <your salt>]
//     [--beacon <drand base URL>] [--witnessed <witnessed.json path or URL>] [--keys <passport-keys.json path or URL>]
//
// witnessed.json is read beside result.json unless --witnessed says where; the shop's key set from
// <the entries URL's origin>/.well-known/passport-keys.json unless --keys says where (local files
// need --keys). Node 18 or later; it uses nothing but Node's own modules. Exit code 0: the list, the
// result, the list's witnessing and (with --beacon) drand's round and its time all agree; without
// --beacon it says on a line what it could not check. 1: something does not (the line says what).
// 2: it could not run (arguments, a file it could not read).

import { createHash, createPublicKey, verify } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import process from 'node:process';

const FORMAT = 'oneofone-draw/v1';
const WITNESSED_FORMAT = 'oneofone-draw-witnessed/v1';
const USAGE =
  'usage: node recompute.mjs <entries.txt path or URL> <result.json path or URL> [--salt <your salt>] [--beacon <drand base URL>] [--witnessed <witnessed.json path or URL>] [--keys <passport-keys.json path or URL>]';

/** Something of the draw does not agree: exit 1. */
class Disagreement extends Error {}
/** The check could not be made: exit 2. */
class CannotCheck extends Error {}

const sha256 = (bytes) => createHash('sha256').update(bytes).digest();
const sha256Hex = (bytes) => sha256(bytes).toString('hex');
const isHex64 = (text) => typeof text === 'string' && /^[0-9a-f]{64}$/.test(text);
const isBase64urlOf = (text, length) =>
  /^[A-Za-z0-9_-]+$/.test(text) &&
  Buffer.from(text, 'base64url').length === length &&
  Buffer.from(text, 'base64url').toString('base64url') === text;
const isDrawId = (text) => text.startsWith('d-') && isBase64urlOf(text.slice(2), 16);
const isIsoMillis = (text) =>
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(text) &&
  !Number.isNaN(Date.parse(text)) &&
  new Date(text).toISOString() === text;
const decimal = (text) => (/^(0|[1-9][0-9]{0,15})$/.test(text ?? '') ? Number(text) : undefined);

function parseArguments(argv) {
  const options = { files: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (['--salt', '--beacon', '--witnessed', '--keys'].includes(arg)) {
      if (argv[i + 1] === undefined) throw new CannotCheck(`${arg} needs a value\n${USAGE}`);
      options[arg.slice(2)] = argv[++i];
    } else if (arg.startsWith('--')) throw new CannotCheck(`unknown option ${arg}\n${USAGE}`);
    else options.files.push(arg);
  }
  if (options.files.length !== 2) throw new CannotCheck(USAGE);
  const [entries, result] = options.files;
  options.witnessed ??= isUrl(result)
    ? new URL('witnessed.json', result).href
    : join(dirname(result), 'witnessed.json');
  if (options.keys === undefined) {
    if (!isUrl(entries))
      throw new CannotCheck(
        "--keys is needed: the shop's key set (https://<shop>/.well-known/passport-keys.json, or a copy) checks witnessed.json",
      );
    options.keys = `${new URL(entries).origin}/.well-known/passport-keys.json`;
  }
  if (options.salt !== undefined && !isBase64urlOf(options.salt, 32))
    throw new CannotCheck('the salt is not one: 43 characters of A-Z a-z 0-9 _ - (as the shop gave it)');
  return options;
}

const isUrl = (where) => /^https?:\/\//i.test(where);

/** A file's bytes, from a path or an http(s) URL. */
async function load(where) {
  try {
    if (isUrl(where)) {
      const response = await fetch(where, { signal: AbortSignal.timeout(20_000) });
      if (!response.ok) throw new Error(`answered ${response.status}`);
      return Buffer.from(await response.arrayBuffer());
    }
    return await readFile(where);
  } catch (error) {
    throw new CannotCheck(`could not read ${where}: ${error.message}`);
  }
}

/** The list, only if it is exactly the format; otherwise a Disagreement saying which line. */
function parseList(bytes) {
  const bad = (why) => new Disagreement(`entries.txt is not a ${FORMAT} list: ${why}`);
  let text;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw bad('it is not UTF-8 text');
  }
  if (!text.endsWith('\n')) throw bad('it does not end with a line break');
  const lines = text.slice(0, -1).split('\n');
  if (lines[0] !== FORMAT) throw bad(`line 1 is not "${FORMAT}"`);
  const drawId = /^draw (\S+)$/.exec(lines[1] ?? '')?.[1];
  if (drawId === undefined || !isDrawId(drawId)) throw bad('line 2 is not "draw <draw id>"');
  const piece = /^piece ([A-Za-z0-9_-]{1,64})$/.exec(lines[2] ?? '')?.[1];
  if (piece === undefined) throw bad('line 3 is not "piece <piece id>"');
  const closed = /^closed (\S+)$/.exec(lines[3] ?? '')?.[1];
  if (closed === undefined || !isIsoMillis(closed)) throw bad('line 4 is not "closed <ISO 8601 UTC time>"');
  const beacon = /^beacon ([0-9a-f]{64}) round ([0-9]+)$/.exec(lines[4] ?? '');
  const round = decimal(beacon?.[2]);
  if (!beacon || !Number.isSafeInteger(round) || round < 1)
    throw bad('line 5 is not "beacon <chain hash> round <round>"');
  const count = decimal(/^entries ([0-9]+)$/.exec(lines[5] ?? '')?.[1]);
  if (count === undefined) throw bad('line 6 is not "entries <n>"');
  const commitments = lines.slice(6);
  if (commitments.length !== count) throw bad(`it says ${count} entries but has ${commitments.length}`);
  commitments.forEach((c, i) => {
    if (!isHex64(c)) throw bad(`line ${i + 7} is not a commitment (64 lowercase hex)`);
    if (i > 0 && c <= commitments[i - 1])
      throw bad(`line ${i + 7} is not after the line before (ascending, each once)`);
  });
  return { drawId, piece, closed, chainHash: beacon[1], round, commitments };
}

const hasExactly = (object, keys) =>
  object !== null &&
  typeof object === 'object' &&
  !Array.isArray(object) &&
  Object.keys(object).length === keys.length &&
  keys.every((key) => Object.hasOwn(object, key));

/** result.json, only if it has exactly the format's fields. */
function parseResult(bytes) {
  const bad = (why) => new Disagreement(`result.json is not a ${FORMAT} result: ${why}`);
  let result;
  try {
    result = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw bad('it is not JSON');
  }
  if (!hasExactly(result, ['format', 'drawId', 'piece', 'listHash', 'beacon', 'seed', 'order']))
    throw bad('its fields are not format, drawId, piece, listHash, beacon, seed, order');
  const { beacon } = result;
  if (!hasExactly(beacon, ['chainHash', 'round', 'randomness', 'signature']))
    throw bad('its beacon fields are not chainHash, round, randomness, signature');
  if (result.format !== FORMAT) throw bad(`its format is not "${FORMAT}"`);
  if (typeof result.drawId !== 'string' || typeof result.piece !== 'string')
    throw bad('drawId or piece is not text');
  if (![result.listHash, result.seed, beacon.chainHash, beacon.randomness].every(isHex64))
    throw bad('listHash, seed, chainHash or randomness is not 64 lowercase hex');
  if (!Number.isSafeInteger(beacon.round) || beacon.round < 1)
    throw bad('the beacon round is not a positive integer');
  if (typeof beacon.signature !== 'string' || !/^(?:[0-9a-f]{2})+$/.test(beacon.signature))
    throw bad('the beacon signature is not hex');
  if (!Array.isArray(result.order) || !result.order.every(isHex64))
    throw bad('the order is not a list of commitments');
  return result;
}

const seedOf = (listHash, randomness) => sha256Hex(`${FORMAT} seed\n${listHash}\n${randomness}`);

/** The commitments by score = SHA-256(seed bytes ‖ commitment bytes), ascending; ties by commitment. */
function orderOf(seed, commitments) {
  const seedBytes = Buffer.from(seed, 'hex');
  const scored = commitments.map((c) => ({
    c,
    score: sha256Hex(Buffer.concat([seedBytes, Buffer.from(c, 'hex')])),
  }));
  const compare = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
  scored.sort((a, b) => compare(a.score, b.score) || compare(a.c, b.c));
  return scored.map(({ c }) => c);
}

// witnessed.json: the list's hash in the shop's passport log, in a checkpoint its witnesses
// cosigned (docs/draw.md, "The list, witnessed before its round"; docs/passport.md, "The log"
// and "Witnesses"). The formats are C2SP's signed-note, tlog-checkpoint, tlog-cosignature and
// tlog-policy; the tree RFC 9162's.

const EM_DASH = '\u2014';
const NOTE_ED25519 = 0x01;
const COSIGNATURE_ED25519 = 0x04;

/** The bytes of canonical standard base64 (RFC 4648 §4, padded); undefined for anything else. */
function fromBase64(text) {
  if (typeof text !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0)
    return undefined;
  const bytes = Buffer.from(text, 'base64');
  return bytes.toString('base64') === text ? bytes : undefined;
}

/** Ed25519 (RFC 8032) of a raw 32-byte key. */
function ed25519Holds(publicKey, signature, data) {
  if (publicKey.length !== 32 || signature.length !== 64) return false;
  try {
    const key = createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: publicKey.toString('base64url') },
      format: 'jwk',
    });
    return verify(null, data, key, signature);
  } catch {
    return false;
  }
}

const noteKeyId = (name, type, publicKey) =>
  sha256(Buffer.concat([Buffer.from(`${name}\n`, 'utf8'), Buffer.of(type), publicKey])).subarray(0, 4);

/** A signed-note vkey `<name>+<hex key id>+<base64(type ‖ key)>` of this type whose key id is its name's and key's. */
function parseVkey(vkey, type) {
  const match = /^([^\s+]+)\+([0-9a-f]{8})\+(\S+)$/.exec(typeof vkey === 'string' ? vkey : '');
  const bytes = match && fromBase64(match[3]);
  if (!match || bytes?.length !== 33 || bytes[0] !== type) return undefined;
  const [, name, id] = match;
  const publicKey = bytes.subarray(1);
  const keyId = noteKeyId(name, type, publicKey);
  return keyId.toString('hex') === id ? { name, keyId, publicKey } : undefined;
}

/** The shop's key set: its issuer, its log keys (type 0x01) and its witness policy's text, if any. */
function parseKeySet(bytes, where) {
  let keys;
  try {
    keys = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new CannotCheck(`${where} is not a key set: it is not JSON`);
  }
  let host;
  try {
    host = new URL(keys?.issuer).host;
  } catch {
    throw new CannotCheck(`${where} is not a key set: its issuer is not the shop's origin`);
  }
  const logKeys = (Array.isArray(keys.logKeys) ? keys.logKeys : [])
    .map((key) => parseVkey(key?.vkey, NOTE_ED25519))
    .filter((key) => key !== undefined);
  if (keys.witnessPolicy !== undefined && typeof keys.witnessPolicy !== 'string')
    throw new Disagreement(
      "the key set's witnessPolicy is not a tlog-policy text: the list is not witnessed",
    );
  return { origin: `${host}/passport/log`, logKeys, policyText: keys.witnessPolicy };
}

/**
 * A tlog-policy (docs/passport.md, Witnesses): `witness <name> <vkey> [<url>]` (a cosigner key,
 * type 0x04), `group <name> all|any|<k> <member>…` of names defined above, one `quorum <name|none>`;
 * `log` lines, `#` comments and blank lines skipped. Undefined if it does not read.
 */
function parsePolicy(text) {
  const witnesses = [];
  const groups = new Map();
  let quorum;
  const defined = (name) => name === 'none' || groups.has(name) || witnesses.some((w) => w.id === name);
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const [word, ...rest] = line.split(/[ \t]+/);
    if (word === 'log') continue;
    if (word === 'witness') {
      const [id, vkey, , ...extra] = rest;
      const key = parseVkey(vkey, COSIGNATURE_ED25519);
      if (!id || defined(id) || !key || extra.length > 0 || witnesses.some((w) => w.name === key.name))
        return undefined;
      witnesses.push({ id, ...key });
    } else if (word === 'group') {
      const [id, threshold = '', ...members] = rest;
      if (!id || defined(id) || members.length === 0 || new Set(members).size !== members.length)
        return undefined;
      if (members.some((member) => member === 'none' || !defined(member))) return undefined;
      if (!/^(all|any|[1-9][0-9]{0,2})$/.test(threshold)) return undefined;
      const k = threshold === 'all' ? members.length : threshold === 'any' ? 1 : Number(threshold);
      if (k > members.length) return undefined;
      groups.set(id, { k, members });
    } else if (word === 'quorum') {
      const [id, ...extra] = rest;
      if (quorum !== undefined || !id || !defined(id) || extra.length > 0) return undefined;
      quorum = id;
    } else return undefined;
  }
  if (quorum === undefined) return undefined;
  const met = (name, ids) => {
    if (name === 'none') return true;
    const group = groups.get(name);
    return group ? group.members.filter((member) => met(member, ids)).length >= group.k : ids.has(name);
  };
  return { witnesses, quorumMet: (ids) => met(quorum, ids) };
}

/** A checkpoint's signed note, read: body, origin, size, root and its signature lines. */
function parseCheckpoint(text) {
  const bad = (why) =>
    new Disagreement(`the checkpoint in witnessed.json is not a signed note of the log: ${why}`);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a note holds no control characters but newlines
  if (/[\u0000-\u0009\u000b-\u001f\u007f]/.test(text) || !text.endsWith('\n'))
    throw bad('a control character, or no line break at the end');
  const split = text.lastIndexOf('\n\n');
  if (split < 0) throw bad('no blank line before its signatures');
  const body = text.slice(0, split + 1);
  const [origin = '', sizeText, rootText, ...extensions] = body.slice(0, -1).split('\n');
  const size = decimal(sizeText);
  const root = fromBase64(rootText);
  if (origin === '' || /\s|\+/.test(origin)) throw bad('line 1 is not an origin');
  if (!Number.isSafeInteger(size)) throw bad('line 2 is not a tree size');
  if (root?.length !== 32) throw bad('line 3 is not the base64 of a 32-byte root');
  if (extensions.some((line) => line === '')) throw bad('an empty line in its body');
  const signatures = text
    .slice(split + 2, -1)
    .split('\n')
    .map((line) => {
      const match = new RegExp(`^${EM_DASH} (\\S+) (\\S+)$`).exec(line);
      const bytes = match && fromBase64(match[2]);
      if (!match || !bytes || bytes.length < 5) throw bad(`"${line}" is not a signature line`);
      return { name: match[1], keyId: bytes.subarray(0, 4), signature: bytes.subarray(4) };
    });
  if (signatures.length > 16) throw bad('more than 16 signature lines');
  return { body, origin, size, root, signatures };
}

/** The list entry of the log: canonical JSON (RFC 8785) of exactly draw, kind, list, seq, time. */
function parseListEntry(text) {
  const bad = (why) => new Disagreement(`the entry in witnessed.json is not a list entry of the log: ${why}`);
  let entry;
  try {
    entry = JSON.parse(text);
  } catch {
    throw bad('it is not JSON');
  }
  if (!hasExactly(entry, ['draw', 'kind', 'list', 'seq', 'time']))
    throw bad('its fields are not draw, kind, list, seq, time');
  const { draw, kind, list, seq, time } = entry;
  if (kind !== 'list') throw bad('its kind is not "list"');
  if (typeof draw !== 'string' || !isDrawId(draw)) throw bad('draw is not a draw id');
  if (!isHex64(list)) throw bad('list is not 64 lowercase hex');
  if (!Number.isSafeInteger(seq) || seq < 0) throw bad('seq is not a non-negative integer');
  if (typeof time !== 'string' || !isIsoMillis(time))
    throw bad('time is not an ISO 8601 UTC time with milliseconds');
  const canonical = `{"draw":${JSON.stringify(draw)},"kind":"list","list":"${list}","seq":${seq},"time":"${time}"}`;
  if (text !== canonical) throw bad('its text is not the canonical JSON (RFC 8785) of what it holds');
  return entry;
}

const nodeHash = (left, right) => sha256(Buffer.concat([Buffer.of(1), left, right]));

/** RFC 9162 §2.1.3.2: the inclusion proof of leaf `index` in the tree of `size` leads to `root`. */
function inclusionHolds(index, size, leaf, proof, root) {
  if (index >= size) return false;
  let fn = index;
  let sn = size - 1;
  let r = leaf;
  for (const p of proof) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      r = nodeHash(p, r);
      if (fn % 2 === 0)
        do {
          fn = Math.floor(fn / 2);
          sn = Math.floor(sn / 2);
        } while (fn % 2 === 0 && fn !== 0);
    } else r = nodeHash(r, p);
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && r.equals(root);
}

/**
 * witnessed.json against the list and the key set: its entry is the list's, in the checkpoint,
 * which a log key signed; the witnesses of the policy whose cosignatures verify, and witnessedAt:
 * the earliest time (POSIX seconds) at which they meet the quorum.
 */
function checkWitnessed(bytes, list, listHash, keySet) {
  const bad = (why) => new Disagreement(`witnessed.json is not a ${WITNESSED_FORMAT} file: ${why}`);
  let witnessed;
  try {
    witnessed = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw bad('it is not JSON');
  }
  if (!hasExactly(witnessed, ['format', 'drawId', 'listHash', 'entry', 'checkpoint', 'proof']))
    throw bad('its fields are not format, drawId, listHash, entry, checkpoint, proof');
  if (witnessed.format !== WITNESSED_FORMAT) throw bad(`its format is not "${WITNESSED_FORMAT}"`);
  if (![witnessed.drawId, witnessed.entry, witnessed.checkpoint].every((v) => typeof v === 'string'))
    throw bad('drawId, entry or checkpoint is not text');
  if (!isHex64(witnessed.listHash)) throw bad('listHash is not 64 lowercase hex');
  if (
    !Array.isArray(witnessed.proof) ||
    witnessed.proof.length > 64 ||
    !witnessed.proof.every((h) => typeof h === 'string')
  )
    throw bad('proof is not a list of at most 64 hashes');
  if (witnessed.drawId !== list.drawId || witnessed.listHash !== listHash)
    throw new Disagreement('witnessed.json is of another draw or another list than entries.txt');

  const entry = parseListEntry(witnessed.entry);
  if (entry.draw !== list.drawId || entry.list !== listHash)
    throw new Disagreement("witnessed.json's log entry names another draw or another list than entries.txt");

  const checkpoint = parseCheckpoint(witnessed.checkpoint);
  if (checkpoint.origin !== keySet.origin)
    throw new Disagreement(`the checkpoint in witnessed.json is not of the shop's log (${keySet.origin})`);
  const policy = keySet.policyText === undefined ? undefined : parsePolicy(keySet.policyText);
  const body = Buffer.from(checkpoint.body, 'utf8');
  let signed = 0;
  const times = new Map();
  for (const line of checkpoint.signatures) {
    const logKey =
      line.name === checkpoint.origin &&
      keySet.logKeys.find((key) => key.name === line.name && key.keyId.equals(line.keyId));
    if (logKey) {
      if (!ed25519Holds(logKey.publicKey, line.signature, body))
        throw new Disagreement("the log's signature of the checkpoint in witnessed.json does not verify");
      signed++;
      continue;
    }
    const witness = policy?.witnesses.find((w) => w.name === line.name && w.keyId.equals(line.keyId));
    if (!witness) continue;
    const time = line.signature.length === 72 ? line.signature.readBigUInt64BE(0) : 0n;
    const message = Buffer.concat([Buffer.from(`cosignature/v1\ntime ${time}\n`, 'utf8'), body]);
    if (
      time === 0n ||
      time > BigInt(Number.MAX_SAFE_INTEGER) ||
      !ed25519Holds(witness.publicKey, line.signature.subarray(8), message)
    )
      throw new Disagreement(
        `the cosignature of witness ${witness.name} of the checkpoint in witnessed.json does not verify`,
      );
    times.set(witness.id, Math.min(times.get(witness.id) ?? Number.POSITIVE_INFINITY, Number(time)));
  }
  if (signed === 0)
    throw new Disagreement(
      "the checkpoint in witnessed.json is not signed by a log key of the shop's key set",
    );

  const proof = witnessed.proof.map(fromBase64);
  const leaf = sha256(Buffer.concat([Buffer.of(0), Buffer.from(witnessed.entry, 'utf8')]));
  if (
    proof.some((hash) => hash?.length !== 32) ||
    !inclusionHolds(entry.seq, checkpoint.size, leaf, proof, checkpoint.root)
  )
    throw new Disagreement(
      `the list entry is not entry ${entry.seq} of the log's checkpoint of size ${checkpoint.size}: its inclusion proof does not lead to the checkpoint's root`,
    );

  if (keySet.policyText === undefined)
    throw new Disagreement('the list was not witnessed: the shop publishes no witness policy');
  if (!policy) throw new Disagreement("the list was not witnessed: the shop's witness policy does not read");
  const ids = new Set();
  for (const [id, time] of [...times].sort((a, b) => a[1] - b[1])) {
    ids.add(id);
    if (policy.quorumMet(ids)) {
      const names = policy.witnesses.filter((w) => times.has(w.id)).map((w) => w.name);
      return { seq: entry.seq, size: checkpoint.size, witnessedAt: time, names };
    }
  }
  throw new Disagreement(
    "the list was not witnessed: the checkpoint's cosignatures do not meet the shop's witness policy",
  );
}

/** A POSIX time in seconds as ISO 8601 UTC (or as seconds, beyond what a Date holds). */
const isoOf = (seconds) =>
  Number.isNaN(new Date(seconds * 1000).getTime()) ? `${seconds} s` : new Date(seconds * 1000).toISOString();

async function getJson(url, what) {
  try {
    const response = await fetch(url, {
      signal: AbortSignal.timeout(20_000),
      headers: { accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`answered ${response.status}`);
    return await response.json();
  } catch (error) {
    throw new CannotCheck(`could not read ${what} at ${url}: ${error.message}`);
  }
}

/** drand's HTTP API: the round gives the result's signature and randomness; the chain's info, when rounds are due. */
async function checkBeacon(base, result, list) {
  const { chainHash, round, randomness, signature } = result.beacon;
  const chainUrl = `${base.replace(/\/+$/, '')}/${chainHash}`;
  const url = `${chainUrl}/public/${round}`;
  const answer = await getJson(url, 'the beacon round');
  if (answer?.round !== round) throw new Disagreement(`${url} does not answer round ${round}`);
  if (answer.signature !== signature)
    throw new Disagreement(`the beacon's signature of round ${round} is not the one the result names`);
  if (answer.randomness !== randomness)
    throw new Disagreement(`the beacon's randomness of round ${round} is not the one the result names`);
  if (sha256Hex(Buffer.from(answer.signature, 'hex')) !== answer.randomness)
    throw new Disagreement("the beacon's randomness is not the SHA-256 of its signature");
  console.log(`beacon: ${url} gives the same signature and randomness`);

  // Round r is produced at genesis + (r - 1) × period: the list's round must not exist before it.
  const info = await getJson(`${chainUrl}/info`, "the beacon chain's info");
  if (info?.hash !== chainHash)
    throw new Disagreement(`${chainUrl}/info is not the info of chain ${chainHash}`);
  if (!Number.isSafeInteger(info.genesis_time) || !Number.isSafeInteger(info.period) || info.period < 1)
    throw new Disagreement(`${chainUrl}/info gives no genesis_time and period`);
  const due = (r) => info.genesis_time + (r - 1) * info.period;
  const producedAt = due(list.round) * 1000;
  if (Number.isNaN(new Date(producedAt).getTime()))
    throw new Disagreement(`${chainUrl}/info puts round ${list.round} at no time there is`);
  const produced = new Date(producedAt).toISOString();
  if (producedAt < Date.parse(list.closed) + 10_000)
    throw new Disagreement(
      `round ${list.round} was produced at ${produced}, less than 10 s after the close (${list.closed}): its randomness could be known when the list was fixed`,
    );
  console.log(`beacon: round ${list.round} was produced at ${produced}, at least 10 s after the close`);
  return due;
}

/**
 * The round the draw must take (docs/draw.md, The round drawn): the list's round R if the list was
 * witnessed before R was due, else the first round due at least 10 s after it was witnessed.
 */
function checkRoundDrawn(list, result, witnessedAt, due) {
  const R = list.round;
  const drawn = result.beacon.round;
  const when = `witnessed at ${isoOf(witnessedAt)}, round ${R} due at ${isoOf(due(R))}`;
  if (witnessedAt < due(R)) {
    if (drawn !== R)
      throw new Disagreement(
        `the list was witnessed before its round ${R} was due (${when}): the draw must take round ${R}, not round ${drawn}`,
      );
    console.log(`witnessed in time: before its round ${R} was due (${when})`);
    return;
  }
  // due(r) >= witnessedAt + 10 for the first time; witnessedAt >= due(R) makes it a later round than R.
  const period = due(2) - due(1);
  const later = Math.max(R + 1, Math.ceil((witnessedAt + 10 - due(1)) / period) + 1);
  if (drawn !== later)
    throw new Disagreement(
      `the list was not witnessed before its round ${R} was due (${when}): the draw must take round ${later}, the first due at least 10 s after it was witnessed, not round ${drawn}`,
    );
  console.log(
    `witnessed late: not before its round ${R} was due (${when}), so drawn with round ${later}, the first due at least 10 s after`,
  );
}

async function main() {
  const options = parseArguments(process.argv.slice(2));
  const [listBytes, resultBytes] = await Promise.all(options.files.map(load));
  const result = parseResult(resultBytes);
  // The hash first: a list changed in any way after the draw is said to be just that.
  const listHash = sha256Hex(listBytes);
  if (listHash !== result.listHash)
    throw new Disagreement(
      `the list's hash is not the one the result was drawn from: the list was altered after the draw (it hashes to ${listHash}, the result was drawn from ${result.listHash})`,
    );
  console.log(`list hash: ${listHash}, the one the result was drawn from`);
  const list = parseList(listBytes);
  const n = list.commitments.length;
  console.log(
    `list: draw ${list.drawId}, piece ${list.piece}, closed ${list.closed}, ${n} entr${n === 1 ? 'y' : 'ies'}`,
  );

  if (result.drawId !== list.drawId || result.piece !== list.piece)
    throw new Disagreement('the result is of another draw or piece than the list');
  // A later round than the list's is the witnessing's to justify (below); an earlier one never is.
  if (result.beacon.chainHash !== list.chainHash || result.beacon.round < list.round)
    throw new Disagreement(
      `the result took round ${result.beacon.round} of chain ${result.beacon.chainHash}, but the list fixed round ${list.round} of chain ${list.chainHash}`,
    );

  if (sha256Hex(Buffer.from(result.beacon.signature, 'hex')) !== result.beacon.randomness)
    throw new Disagreement('the randomness is not the SHA-256 of the beacon signature');
  console.log(
    `randomness of round ${result.beacon.round}: ${result.beacon.randomness}, the SHA-256 of its signature`,
  );

  const seed = seedOf(listHash, result.beacon.randomness);
  if (seed !== result.seed)
    throw new Disagreement(`the seed is not the one the list and the randomness make (${seed})`);
  console.log(`seed: ${seed}`);

  const order = orderOf(seed, list.commitments);
  const at = order.findIndex((c, i) => c !== result.order[i]);
  if (order.length !== result.order.length || at >= 0)
    throw new Disagreement(
      `the order is not the one the seed makes (${at >= 0 ? `place ${at + 1} should be ${order[at]}` : `${order.length} entries, not ${result.order.length}`})`,
    );
  console.log(
    n === 0
      ? 'order: no entries, no winner'
      : `order: agrees; the winner is ${order[0]}, then ${n - 1} reserves`,
  );

  const [witnessedBytes, keysBytes] = await Promise.all([load(options.witnessed), load(options.keys)]);
  const keySet = parseKeySet(keysBytes, options.keys);
  const witnessed = checkWitnessed(witnessedBytes, list, listHash, keySet);
  console.log(
    `witnessed: list entry ${witnessed.seq} of the log, in its checkpoint of size ${witnessed.size}, cosigned by ${witnessed.names.join(', ')}; the quorum was met at ${isoOf(witnessed.witnessedAt)}`,
  );

  if (options.beacon !== undefined) {
    const due = await checkBeacon(options.beacon, result, list);
    checkRoundDrawn(list, result, witnessed.witnessedAt, due);
  } else {
    // Round R is due at least 10 s after the close (step 5, checked with --beacon): a list
    // witnessed sooner was witnessed in time, and takes round R.
    const R = list.round;
    const drawn = result.beacon.round;
    const inTime = witnessed.witnessedAt * 1000 < Date.parse(list.closed) + 10_000;
    if (inTime && drawn !== R)
      throw new Disagreement(
        `the list was witnessed at ${isoOf(witnessed.witnessedAt)}, less than 10 s after the close, so before its round ${R} was due: the draw must take round ${R}, not round ${drawn}`,
      );
    if (inTime)
      console.log(`witnessed in time: less than 10 s after the close, so before its round ${R} was due`);
    console.log(
      `not checked without --beacon: that round ${drawn} is drand's and that round ${R} came at least 10 s after the close${inTime ? '' : `; nor whether the list was witnessed before round ${R} was due, so whether round ${drawn} is the one to take`}`,
    );
  }

  if (options.salt !== undefined) {
    const mine = sha256Hex(`${FORMAT}\n${list.drawId}\n${options.salt}`);
    console.log(`your commitment: ${mine}`);
    const place = order.indexOf(mine);
    console.log(
      place < 0
        ? 'your entry is not in this list'
        : place === 0
          ? 'you won'
          : `you are reserve number ${place}`,
    );
  }
  console.log(
    options.beacon === undefined
      ? 'everything checked agrees; --beacon checks the rest'
      : 'everything agrees',
  );
}

main().catch((error) => {
  if (error instanceof Disagreement) {
    console.error(`DOES NOT AGREE: ${error.message}`);
    process.exitCode = 1;
  } else if (error instanceof CannotCheck) {
    console.error(`CANNOT CHECK: ${error.message}`);
    process.exitCode = 2;
  } else {
    console.error(`CANNOT CHECK: ${error?.stack ?? error}`);
    process.exitCode = 2;
  }
});
