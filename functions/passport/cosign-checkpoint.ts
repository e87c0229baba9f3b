import { logger, safeError } from '#platform/logger.ts';
import { fromBase64, toBase64 } from '#shared/passport/bytes.ts';
import { parseCheckpoint, withSignatureLines } from '#shared/passport/checkpoint.ts';
import { verifyCosignature } from '#shared/passport/cosignature.ts';
import { consistencyProof, type Hash } from '#shared/passport/merkle.ts';
import type { Witness } from '#shared/passport/witness-policy.ts';
import { witnessPolicy } from './witness-config.ts';

/**
 * The log's side of C2SP tlog-witness (docs/passport.md, Witnesses): a signed checkpoint is
 * submitted to each witness of the policy that has not cosigned it yet, with `add-checkpoint`
 * (the witness's last size and the consistency proof from it), and the cosignatures that verify
 * are appended to the note. A witness that is down, slow or refusing costs only its cosignature:
 * the checkpoint is published with fewer, and the next run submits it again.
 */
const WITNESS_TIMEOUT_MS = 5_000;
const EM_DASH = '\u2014';

/** The size each witness last cosigned, as this container last heard it (a 409 corrects it). */
const knownSizes = new Map<string, number>();

/** The lines of `note` that are this witness's (name and key id). */
function cosignedBy(note: string, witness: Witness): boolean {
  const parsed = parseCheckpoint(note);
  return (
    parsed?.signatures.some(
      (line) => line.name === witness.name && Buffer.compare(line.keyHash, witness.keyId) === 0,
    ) ?? false
  );
}

type Submission = { ok: true; lines: string[] } | { ok: false; status: number; size?: number; why: string };

async function submit(witness: Witness, note: string, old: number, proof: Hash[]): Promise<Submission> {
  const body = `old ${old}\n${proof.map((hash) => `${toBase64(hash)}\n`).join('')}\n${note}`;
  const url = `${(witness.url ?? '').replace(/\/$/, '')}/add-checkpoint`;
  const answer = await fetch(url, {
    method: 'POST',
    body,
    headers: { 'content-type': 'text/plain; charset=utf-8' },
    signal: AbortSignal.timeout(WITNESS_TIMEOUT_MS),
  });
  const text = await answer.text();
  if (answer.status === 409) {
    const size = /^(0|[1-9]\d{0,15})\n$/.exec(text);
    const typed = answer.headers.get('content-type')?.startsWith('text/x.tlog.size');
    return typed && size
      ? { ok: false, status: 409, size: Number(size[1]), why: 'another old size' }
      : { ok: false, status: 409, why: 'a 409 without its size' };
  }
  if (answer.status !== 200) return { ok: false, status: answer.status, why: text.slice(0, 200) };
  return { ok: true, lines: text.split('\n').filter((line) => line !== '') };
}

/** The witness's lines of an answer that verify as its cosignature of this checkpoint's body. */
async function validLines(witness: Witness, body: string, lines: string[]): Promise<string[]> {
  const valid: string[] = [];
  for (const line of lines) {
    const match = new RegExp(`^${EM_DASH} (\\S+) (\\S+)$`).exec(line);
    const bytes = match && fromBase64(match[2] as string);
    if (!match || match[1] !== witness.name || !bytes || bytes.length < 5) continue;
    if (Buffer.compare(bytes.subarray(0, 4), witness.keyId) !== 0) continue;
    if ((await verifyCosignature(witness, body, bytes.subarray(4))) !== undefined) valid.push(line);
  }
  return valid;
}

async function cosignBy(witness: Witness, note: string, leaves: readonly Hash[]): Promise<string[]> {
  const checkpoint = parseCheckpoint(note);
  if (!checkpoint) throw new Error('not a checkpoint');
  const proofFrom = async (old: number) =>
    old > 0 && old < checkpoint.size ? consistencyProof(leaves, old) : [];
  let old = Math.min(knownSizes.get(witness.name) ?? 0, checkpoint.size);
  let answer = await submit(witness, note, old, await proofFrom(old));
  // Its last size was another: once more, from the size it said (never more than the log's).
  if (!answer.ok && answer.status === 409 && answer.size !== undefined && answer.size <= checkpoint.size) {
    old = answer.size;
    answer = await submit(witness, note, old, await proofFrom(old));
  }
  if (!answer.ok) {
    if (answer.status === 409 && answer.size !== undefined) knownSizes.set(witness.name, answer.size);
    logger.warn('a witness did not cosign the log checkpoint', {
      witness: witness.name,
      size: checkpoint.size,
      status: answer.status,
      why: answer.why,
    });
    return [];
  }
  const lines = await validLines(witness, checkpoint.body, answer.lines);
  if (lines.length === 0) {
    logger.error('a witness answered no valid cosignature', { witness: witness.name, size: checkpoint.size });
    return [];
  }
  knownSizes.set(witness.name, checkpoint.size);
  return lines;
}

/**
 * The note with the cosignatures of every witness that had not cosigned it and does now. The
 * leaves are the log's first `size` leaves (or more: only the first `size` make a proof).
 */
export async function cosignCheckpoint(note: string, leaves: readonly Hash[]): Promise<string> {
  const policy = await witnessPolicy();
  const checkpoint = parseCheckpoint(note);
  if (!policy || !checkpoint) return note;
  const tree = leaves.slice(0, checkpoint.size);
  const missing = policy.witnesses.filter((witness) => witness.url && !cosignedBy(note, witness));
  const answers = await Promise.all(
    missing.map((witness) =>
      cosignBy(witness, note, tree).catch((error: unknown) => {
        logger.warn('a witness was not reached', { witness: witness.name, error: safeError(error) });
        return [] as string[];
      }),
    ),
  );
  return withSignatureLines(note, answers.flat());
}

/** Whether every witness of the policy with a URL has cosigned this note. */
export async function fullyCosigned(note: string): Promise<boolean> {
  const policy = await witnessPolicy();
  return !policy || policy.witnesses.every((witness) => !witness.url || cosignedBy(note, witness));
}
