#!/usr/bin/env node
// Recomputes a release draw of the shop (format oneofone-draw/v1, the shop's docs/draw.md) from its
// two public files, and tells you where your entry came.
//
//   node recompute.mjs <entries.txt path or URL> <result.json path or URL> [--salt <your salt>] [--beacon <drand base URL>]
//
// Node 18 or later; it uses nothing but Node's own modules. Exit code 0: the list, the result and
// (with --beacon) drand's round all agree. 1: something does not (the line says what). 2: it could
// not run (arguments, a file it could not read).

import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import process from 'node:process';

const FORMAT = 'oneofone-draw/v1';
const USAGE =
  'usage: node recompute.mjs <entries.txt path or URL> <result.json path or URL> [--salt <your salt>] [--beacon <drand base URL>]';

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
    if (arg === '--salt' || arg === '--beacon') {
      if (argv[i + 1] === undefined) throw new CannotCheck(`${arg} needs a value\n${USAGE}`);
      options[arg.slice(2)] = argv[++i];
    } else if (arg.startsWith('--')) throw new CannotCheck(`unknown option ${arg}\n${USAGE}`);
    else options.files.push(arg);
  }
  if (options.files.length !== 2) throw new CannotCheck(USAGE);
  if (options.salt !== undefined && !isBase64urlOf(options.salt, 32))
    throw new CannotCheck('the salt is not one: 43 characters of A-Z a-z 0-9 _ - (as the shop gave it)');
  return options;
}

/** A file's bytes, from a path or an http(s) URL. */
async function load(where) {
  try {
    if (/^https?:\/\//i.test(where)) {
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

/** drand's HTTP API: the round gives the result's signature and randomness, and came after the close. */
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
  const producedAt = (info.genesis_time + (round - 1) * info.period) * 1000;
  if (Number.isNaN(new Date(producedAt).getTime()))
    throw new Disagreement(`${chainUrl}/info puts round ${round} at no time there is`);
  const produced = new Date(producedAt).toISOString();
  if (producedAt < Date.parse(list.closed) + 10_000)
    throw new Disagreement(
      `round ${round} was produced at ${produced}, less than 10 s after the close (${list.closed}): its randomness could be known when the list was fixed`,
    );
  console.log(`beacon: round ${round} was produced at ${produced}, at least 10 s after the close`);
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
  if (result.beacon.chainHash !== list.chainHash || result.beacon.round !== list.round)
    throw new Disagreement(
      `the result took round ${result.beacon.round} of chain ${result.beacon.chainHash}, but the list fixed round ${list.round} of chain ${list.chainHash}`,
    );

  if (sha256Hex(Buffer.from(result.beacon.signature, 'hex')) !== result.beacon.randomness)
    throw new Disagreement('the randomness is not the SHA-256 of the beacon signature');
  console.log(`randomness of round ${list.round}: ${result.beacon.randomness}, the SHA-256 of its signature`);

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

  if (options.beacon !== undefined) await checkBeacon(options.beacon, result, list);

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
  console.log('everything agrees');
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
