import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { equalBytes, sha256, toHex, utf8 } from '#shared/passport/bytes.ts';
import { verifyCheckpoint } from '#shared/passport/checkpoint.ts';
import type { KeySet } from '#shared/passport/keys.ts';
import { pieceOfText } from '#shared/passport/log-entry.ts';
import { leafHash, rootOf } from '#shared/passport/merkle.ts';
import { parseWitnessPolicy } from '#shared/passport/witness-policy.ts';
import { type Fetch, readPublicLog } from './read-public-log.ts';

/**
 * The passport's public export (docs/passport.md, The export), made from the shop's public files
 * and public reads only, so anyone can make it, and check it, while the shop is up: the keys, every
 * entry, every checkpoint (each checked against the entries: its root is the root of the log's first
 * `size` entries), each piece's certificate, code and proofs, the algorithm and the test vectors.
 * What it writes needs no server to be checked again. It enforces the published witness policy:
 * the latest checkpoint must be cosigned by the policy's quorum, and each witness's own latest
 * checkpoint (tlog-witness's monitoring read), when it is of a size the log has, must have the
 * log's root at that size: a shop that showed the witnesses another tree is refused.
 */
export interface ExportSummary {
  pieces: number;
  entries: number;
  checkpoints: number;
  vectors: number;
}

async function put(out: string, path: string, contents: string | Uint8Array) {
  const file = join(out, path);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, contents);
}

async function fetchText(fetcher: Fetch, url: string): Promise<string | undefined> {
  const answer = await fetcher(url);
  if (answer.status === 404) return undefined;
  if (!answer.ok) throw new Error(`${url}: ${answer.status}`);
  return answer.text();
}

/**
 * What each witness of the policy says it cosigned last (GET <prefix>/<hex SHA-256 of the
 * origin>/checkpoint): a checkpoint of the shop's key whose root is not the log's at its size is a
 * fork shown to that witness. A witness that does not answer, or has moved past the published
 * log (a newer checkpoint meanwhile), proves nothing either way and is passed over.
 */
async function checkWitnessViews(
  fetcher: Fetch,
  keys: KeySet,
  origin: string,
  size: number,
  rootAt: (size: number) => Promise<Uint8Array>,
): Promise<void> {
  const policy = keys.witnessPolicy === undefined ? undefined : await parseWitnessPolicy(keys.witnessPolicy);
  const hash = toHex(await sha256(utf8(origin)));
  for (const witness of policy?.witnesses ?? []) {
    if (!witness.url) continue;
    let text: string | undefined;
    try {
      text = await fetchText(fetcher, `${witness.url.replace(/\/$/, '')}/${hash}/checkpoint`);
    } catch {
      continue;
    }
    const seen = text === undefined ? undefined : await verifyCheckpoint(text, keys);
    if (!seen?.ok || seen.checkpoint.size > size) continue;
    if (!equalBytes(await rootAt(seen.checkpoint.size), seen.checkpoint.root))
      throw new Error(
        `witness ${witness.name} cosigned checkpoint ${seen.checkpoint.size} with another root than the published log's: a fork`,
      );
  }
}

export async function exportPassport(input: {
  origin: string;
  out: string;
  algorithm: string;
  /** The vectors' file, `vectors.json`, and its JSON Schema, `passport-vectors.schema.json`. */
  vectors: { count: number; text: string; schema: string };
  fetcher?: Fetch;
}): Promise<ExportSummary> {
  const fetcher = input.fetcher ?? fetch;
  const log = await readPublicLog(input.origin, fetcher);
  const keys = JSON.parse(log.keys) as KeySet;
  const latest = await verifyCheckpoint(log.checkpoint, keys);
  if (!latest.ok) throw new Error(`the published checkpoint does not verify: ${latest.reason}`);
  const leaves = await Promise.all(log.entries.map((entry) => leafHash(utf8(entry))));
  const rootAt = async (size: number) => rootOf(leaves.slice(0, size));
  if (!equalBytes(await rootAt(log.size), latest.checkpoint.root)) {
    throw new Error('the published entries do not make the checkpoint’s root');
  }
  if (!latest.witnessed) {
    const by = latest.cosigned.map((c) => c.name).join(', ') || 'no witness';
    throw new Error(
      `the published checkpoint ${log.size} is not yet witnessed (${by}; ${latest.quorum.k} of ${latest.quorum.n} needed): export again once it is`,
    );
  }
  await checkWitnessViews(fetcher, keys, latest.checkpoint.origin, log.size, rootAt);

  // Every checkpoint the shop signed, each one a prefix of this log: a fork or a rewrite fails here.
  const sizes = ((await fetchText(fetcher, `${input.origin}/passport/log/checkpoints.txt`)) ?? '')
    .split('\n')
    .filter((line) => /^\d+$/.test(line))
    .map(Number)
    .filter((size) => size <= log.size);
  const checkpoints: Record<string, string> = {};
  for (const size of sizes) {
    const text = await fetchText(fetcher, `${input.origin}/passport/log/checkpoints/${size}`);
    if (text === undefined) continue;
    const checked = await verifyCheckpoint(text, keys);
    if (!checked.ok) throw new Error(`checkpoint ${size} does not verify: ${checked.reason}`);
    if (!equalBytes(await rootAt(size), checked.checkpoint.root)) {
      throw new Error(`checkpoint ${size} is not a prefix of the published log: a fork or a rewrite`);
    }
    checkpoints[size] = text;
  }
  checkpoints[log.size] = log.checkpoint;

  const pieceIds = [...new Set(log.entries.map((entry) => pieceOfText(entry) ?? ''))].filter(Boolean);
  for (const pid of pieceIds) {
    const piece = await fetchText(fetcher, `${input.origin}/api/passport/pieces/${encodeURIComponent(pid)}`);
    if (piece === undefined) throw new Error(`the log names piece ${pid}, whose passport is not served`);
    await put(input.out, `pieces/${encodeURIComponent(pid)}.json`, piece);
  }

  await put(input.out, 'keys.json', log.keys);
  await put(input.out, 'log/entries.jsonl', log.entries.map((entry) => `${entry}\n`).join(''));
  await put(input.out, 'log/checkpoint', log.checkpoint);
  for (const [size, text] of Object.entries(checkpoints))
    await put(input.out, `log/checkpoints/${size}`, text);
  await put(input.out, 'ALGORITHM.md', input.algorithm);
  await put(input.out, 'vectors.json', input.vectors.text);
  await put(input.out, 'passport-vectors.schema.json', input.vectors.schema);
  return {
    pieces: pieceIds.length,
    entries: log.entries.length,
    checkpoints: Object.keys(checkpoints).length,
    vectors: input.vectors.count,
  };
}
