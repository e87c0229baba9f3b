import { execFile } from 'node:child_process';
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { commitment, newDrawId, newSalt } from '../../shared/draw/commitment.ts';
import { entriesList } from '../../shared/draw/entries-list.ts';
import { type DrawResult, drawResult } from '../../shared/draw/result.ts';
import type { WitnessedList } from '../../shared/draw/witnessed-list.ts';
import type { KeySet } from '../../shared/passport/keys.ts';
import { makeWitnessing, type Witnessing, witnessList } from './witnessed-fixtures.ts';

/**
 * A draw as the shop makes it with shared/draw: random entrants' salts, a random beacon round, its
 * list witnessed 2 s after the close by the two witnesses of `keys` (so before its round).
 */
export interface MadeDraw {
  drawId: string;
  salts: string[];
  entriesText: string;
  result: DrawResult;
  witnessed: WitnessedList;
  keys: KeySet;
}

let witnessing: Promise<Witnessing> | undefined;

export async function randomDraw(size: number): Promise<MadeDraw> {
  const drawId = newDrawId();
  const salts = Array.from({ length: size }, newSalt);
  const signature = randomBytes(48);
  const round = randomInt(1, 2 ** 47);
  const closed = Date.UTC(2026, 0, 1) + randomInt(2 ** 40);
  const entriesText = entriesList({
    drawId,
    piece: `p-${randomBytes(6).toString('base64url')}`,
    closed: new Date(closed).toISOString(),
    beacon: { chainHash: randomBytes(32).toString('hex'), round },
    commitments: await Promise.all(salts.map((salt) => commitment(drawId, salt))),
  });
  const result = await drawResult(entriesText, {
    round,
    signature: signature.toString('hex'),
    randomness: createHash('sha256').update(signature).digest('hex'),
  });
  witnessing ??= makeWitnessing();
  const shop = await witnessing;
  const at = Math.floor(closed / 1000) + 2;
  const witnessed = await witnessList(entriesText, shop, {
    times: [at, at],
    seq: randomInt(0, 40),
    size: 41,
  });
  return { drawId, salts, entriesText, result, witnessed, keys: shop.keys };
}

export const SCRIPT = 'web/public/draw/recompute.mjs';

export interface ScriptRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** `node recompute.mjs …` as an entrant runs it, in a child process. */
export function runScript(args: string[]): Promise<ScriptRun> {
  return new Promise((resolve) => {
    execFile(process.execPath, [SCRIPT, ...args], { timeout: 60_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const jsonText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value, null, 2));

/**
 * The draw's files written in a new folder under `root` (witnessed.json beside result.json, the
 * key set beside them, each only if given); their paths.
 */
export function writeDraw(
  root: string,
  entriesText: string,
  result: unknown,
  witnessed?: unknown,
  keys?: unknown,
) {
  const dir = mkdtempSync(join(root, 'draw-'));
  const files = {
    entries: join(dir, 'entries.txt'),
    result: join(dir, 'result.json'),
    witnessed: join(dir, 'witnessed.json'),
    keys: join(dir, 'passport-keys.json'),
  };
  writeFileSync(files.entries, entriesText);
  writeFileSync(files.result, jsonText(result));
  if (witnessed !== undefined) writeFileSync(files.witnessed, jsonText(witnessed));
  if (keys !== undefined) writeFileSync(files.keys, jsonText(keys));
  return files;
}

/** Runs `work` on every item, at most `width` at once. */
export async function inBatches<T, R>(
  items: T[],
  width: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const at = next++;
      out[at] = await work(items[at] as T);
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  return out;
}
