import { type DrandChain, firstRoundFrom } from '#shared/drand.ts';
import * as z from '#shared/zod.ts';
import { fromBase64, utf8 } from '../passport/bytes.ts';
import { verifyCheckpoint } from '../passport/checkpoint.ts';
import type { KeySet } from '../passport/keys.ts';
import { parseListEntry } from '../passport/log-entry.ts';
import { leafHash, verifyInclusion } from '../passport/merkle.ts';
import { parseWitnessPolicy, quorumMet, type WitnessPolicy } from '../passport/witness-policy.ts';
import { BEACON_DELAY_MS } from './beacon-round.ts';
import { listHash, parseEntriesList } from './entries-list.ts';

/** witnessed.json (docs/draw.md, The list, witnessed before its round). */
export const WITNESSED_FORMAT = 'oneofone-draw-witnessed/v1';
const hex64 = z.string().check(z.regex(/^[0-9a-f]{64}$/));
export const witnessedListSchema = z.strictObject({
  format: z.literal(WITNESSED_FORMAT),
  drawId: z.string(),
  listHash: hex64,
  entry: z.string(),
  checkpoint: z.string(),
  proof: z.array(z.string()).check(z.maxLength(64)),
});
export type WitnessedList = z.infer<typeof witnessedListSchema>;

/** witnessed.json's bytes, as the shop publishes them. */
export const witnessedText = (witnessed: WitnessedList) => `${JSON.stringify(witnessed, null, 2)}\n`;

/**
 * The earliest time (POSIX seconds) at which these cosignatures meet the policy's quorum: their
 * times ascending, the first at which the witnesses so far meet it. Undefined when they never do.
 */
export function witnessedAt(
  policy: WitnessPolicy,
  cosigned: readonly { name: string; time: number }[],
): number | undefined {
  const ids = new Set<string>();
  for (const { name, time } of [...cosigned].sort((a, b) => a.time - b.time)) {
    const witness = policy.witnesses.find((candidate) => candidate.name === name);
    if (witness) ids.add(witness.id);
    if (quorumMet(policy, ids)) return time;
  }
  return undefined;
}

/** The time (POSIX seconds) round `r` is produced. */
export const roundDue = (chain: Pick<DrandChain, 'genesis' | 'period'>, round: number) =>
  chain.genesis + (round - 1) * chain.period;

/**
 * The round a draw is drawn with: the list's, if its list was witnessed before that round was
 * due; otherwise the first round due at least 10 s after it was witnessed (never an earlier one).
 */
export function roundDrawn(
  listRound: number,
  witnessed: number,
  chain: Pick<DrandChain, 'genesis' | 'period'>,
): number {
  if (witnessed < roundDue(chain, listRound)) return listRound;
  return Math.max(listRound + 1, firstRoundFrom(chain, witnessed + BEACON_DELAY_MS / 1000));
}

export type WitnessedFailure =
  | 'witnessed-malformed'
  | 'witnessed-mismatch'
  | 'entry-invalid'
  | 'checkpoint-invalid'
  | 'not-in-log'
  | 'not-witnessed';

export type WitnessedCheck =
  | { ok: true; seq: number; size: number; witnessedAt: number; roundDrawn: number }
  | { ok: false; reason: WitnessedFailure; message: string };

const fail = (reason: WitnessedFailure, message: string): WitnessedCheck => ({ ok: false, reason, message });

/**
 * Checks witnessed.json against the list and the shop's key set (docs/draw.md): the list entry
 * names this list, it is in the checkpoint, the checkpoint is the log's, and its cosignatures
 * meet the published quorum; answers when (witnessedAt) and so which round the draw is drawn with.
 */
export async function checkWitnessedList(input: {
  listText: string;
  witnessed: unknown;
  keys: KeySet;
  chain: Pick<DrandChain, 'genesis' | 'period'>;
}): Promise<WitnessedCheck> {
  const parsedList = parseEntriesList(input.listText);
  if (!parsedList.ok) return fail('witnessed-mismatch', `the list is not one: ${parsedList.reason}`);
  const { list } = parsedList;
  const parsed = witnessedListSchema.safeParse(input.witnessed);
  if (!parsed.success) return fail('witnessed-malformed', 'witnessed.json is not of its format');
  const witnessed = parsed.data;
  const hash = await listHash(input.listText);
  if (witnessed.drawId !== list.drawId || witnessed.listHash !== hash)
    return fail('witnessed-mismatch', 'witnessed.json names another draw or another list');
  const entry = parseListEntry(witnessed.entry);
  if (!entry) return fail('entry-invalid', 'its entry is not a list entry of the log');
  if (entry.draw !== list.drawId || entry.list !== hash)
    return fail('witnessed-mismatch', 'its log entry names another draw or another list');
  // Only the log's keys sign here (docs/draw.md): a certificate key's lines are not counted.
  const signed = await verifyCheckpoint(witnessed.checkpoint, { ...input.keys, keys: [] });
  if (!signed.ok) return fail('checkpoint-invalid', `its checkpoint is refused: ${signed.reason}`);
  const { size, root } = signed.checkpoint;
  const proof = witnessed.proof.map((hash) => fromBase64(hash) ?? new Uint8Array());
  if (
    proof.some((hash) => hash.length !== 32) ||
    !(await verifyInclusion(entry.seq, size, await leafHash(utf8(witnessed.entry)), proof, root))
  )
    return fail('not-in-log', `the list entry is not entry ${entry.seq} of the checkpoint of size ${size}`);
  const policy =
    input.keys.witnessPolicy === undefined ? undefined : await parseWitnessPolicy(input.keys.witnessPolicy);
  if (!policy)
    return fail('not-witnessed', 'the shop publishes no witness policy: the list is not witnessed');
  const at = witnessedAt(policy, signed.cosigned);
  if (at === undefined)
    return fail('not-witnessed', "the checkpoint's cosignatures do not meet the witness policy's quorum");
  return {
    ok: true,
    seq: entry.seq,
    size,
    witnessedAt: at,
    roundDrawn: roundDrawn(list.beacon.round, at, input.chain),
  };
}
