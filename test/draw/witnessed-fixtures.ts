import { createHash, randomBytes } from 'node:crypto';
import { toBase64, utf8 } from '#shared/passport/bytes.ts';
import { logOrigin, withSignatureLines } from '#shared/passport/checkpoint.ts';
import type { KeySet } from '#shared/passport/keys.ts';
import { listEntryText } from '#shared/passport/log.ts';
import { inclusionProof, leafHash, rootOf } from '#shared/passport/merkle.ts';
import { parseWitnessPolicy } from '#shared/passport/witness-policy.ts';
import { beaconRoundFor } from '../../shared/draw/beacon-round.ts';
import { commitment, newDrawId, newSalt } from '../../shared/draw/commitment.ts';
import { entriesList, listHash, parseEntriesList } from '../../shared/draw/entries-list.ts';
import { type DrawResult, drawResult } from '../../shared/draw/result.ts';
import {
  roundDrawn,
  roundDue,
  WITNESSED_FORMAT,
  type WitnessedList,
  witnessedAt,
} from '../../shared/draw/witnessed-list.ts';
import { ISSUER } from '../passport/signing.ts';
import {
  cosignatureLine,
  type Ed25519TestKey,
  logVkey,
  makeEd25519Key,
  makeWitness,
  policyOf,
  signWithLog,
  type TestWitness,
} from '../passport/witnessing.ts';

/**
 * witnessed.json as the shop makes it (docs/draw.md, The list, witnessed before its round), with
 * the passport's own primitives: the list entry in a log of other entries, a checkpoint the log
 * key signs, and the witnesses' cosignatures at the times a test names.
 */
export interface Witnessing {
  logKey: Ed25519TestKey;
  witnesses: TestWitness[];
  /** The shop's key set: its log key and, unless made without, the policy `k` of the witnesses. */
  keys: KeySet;
}

export async function makeWitnessing(n = 2, k = n, policy = true): Promise<Witnessing> {
  const logKey = makeEd25519Key();
  const witnesses = await Promise.all(
    Array.from({ length: n }, (_, i) => makeWitness(`witness-${i + 1}.example`)),
  );
  const keys: KeySet = {
    issuer: ISSUER,
    keys: [],
    logKeys: [{ vkey: await logVkey(logOrigin(ISSUER), logKey), from: '2026-01-01' }],
    ...(policy ? { witnessPolicy: policyOf(witnesses, k) } : {}),
  };
  return { logKey, witnesses, keys };
}

export interface WitnessOptions {
  /** Each witness's cosignature time (POSIX seconds), in the order of `witnesses`; null: it did not cosign. */
  times: readonly (number | null)[];
  /** The list entry's index in the log, and the log's size (the checkpoint's). */
  seq?: number;
  size?: number;
  /** What the entry names, if not the list's own draw and hash. */
  draw?: string;
  list?: string;
}

/** The list's witnessed.json: its entry at `seq` of a log of `size` entries, cosigned at `times`. */
export async function witnessList(
  entriesText: string,
  witnessing: Witnessing,
  options: WitnessOptions,
): Promise<WitnessedList> {
  const parsed = parseEntriesList(entriesText);
  if (!parsed.ok) throw new Error(parsed.reason);
  const hash = await listHash(entriesText);
  const seq = options.seq ?? 0;
  const size = options.size ?? seq + 1;
  const closed = Date.parse(parsed.list.closed);
  const entry = listEntryText({
    seq,
    time: new Date(closed + 412).toISOString(),
    draw: options.draw ?? parsed.list.drawId,
    list: options.list ?? hash,
  });
  const leaves: Uint8Array[] = Array.from({ length: size }, () => new Uint8Array(randomBytes(32)));
  leaves[seq] = await leafHash(utf8(entry));
  const note = await signWithLog(
    { origin: logOrigin(witnessing.keys.issuer), size, root: await rootOf(leaves) },
    witnessing.logKey,
  );
  const lines: string[] = [];
  for (const [i, time] of options.times.entries()) {
    const witness = witnessing.witnesses[i];
    if (time !== null && witness) lines.push(await cosignatureLine(witness, note, time));
  }
  return {
    format: WITNESSED_FORMAT,
    drawId: parsed.list.drawId,
    listHash: hash,
    entry,
    checkpoint: withSignatureLines(note, lines),
    proof: (await inclusionProof(leaves, seq)).map(toBase64),
  };
}

/** A chain as drand's quicknet: genesis and period in seconds. */
export const CHAIN = { genesis: 1_692_803_367, period: 3 };

/** A draw of the shop, its list witnessed, with the chain the timing is judged on. */
export interface WitnessedDraw {
  entriesText: string;
  result: DrawResult;
  witnessed: WitnessedList;
  keys: KeySet;
  chain: typeof CHAIN;
  /** The list's round R and when it is due (POSIX seconds). */
  round: number;
  due: number;
}

export interface DrawSpec {
  witnessing: Witnessing;
  /** Each witness's cosignature time in seconds after the list's round was due (negative: before); null: none. */
  at: readonly (number | null)[];
  /** The round the result takes, from the list's and the one the rule gives; by default the rule's. */
  drawn?: (round: { list: number; rule: number | undefined }) => number;
  entries?: number;
  closed?: string;
  seq?: number;
  size?: number;
}

/**
 * A draw closed at `closed`, its list's round the first at least 10 s after, witnessed at `at`
 * around that round's time, and drawn with the round `drawn` gives (randomness of random bytes).
 */
export async function witnessedDraw(spec: DrawSpec): Promise<WitnessedDraw> {
  const drawId = newDrawId();
  const closed = spec.closed ?? '2026-11-27T18:00:00.000Z';
  const round = beaconRoundFor(new Date(closed), CHAIN);
  const due = roundDue(CHAIN, round);
  const entriesText = entriesList({
    drawId,
    piece: 'p-witnessed',
    closed,
    beacon: { chainHash: randomBytes(32).toString('hex'), round },
    commitments: await Promise.all(
      Array.from({ length: spec.entries ?? 5 }, () => commitment(drawId, newSalt())),
    ),
  });
  const times = spec.at.map((offset) => (offset === null ? null : due + offset));
  const witnessed = await witnessList(entriesText, spec.witnessing, {
    times,
    ...(spec.seq === undefined ? {} : { seq: spec.seq }),
    ...(spec.size === undefined ? {} : { size: spec.size }),
  });
  const policy = spec.witnessing.keys.witnessPolicy;
  const parsedPolicy = policy === undefined ? undefined : await parseWitnessPolicy(policy);
  const cosigned = spec.witnessing.witnesses.flatMap((witness, i) => {
    const time = times[i];
    return time === null || time === undefined ? [] : [{ name: witness.name, time }];
  });
  const at = parsedPolicy && witnessedAt(parsedPolicy, cosigned);
  const rule = at === undefined ? undefined : roundDrawn(round, at, CHAIN);
  const drawn = spec.drawn?.({ list: round, rule }) ?? rule ?? round;
  const signature = randomBytes(48);
  const result = await drawResult(
    entriesText,
    {
      round: drawn,
      signature: signature.toString('hex'),
      randomness: createHash('sha256').update(signature).digest('hex'),
    },
    drawn,
  );
  return { entriesText, result, witnessed, keys: spec.witnessing.keys, chain: CHAIN, round, due };
}

/** A witnessed draw changed in one way that docs/draw.md refuses. */
export interface Violation {
  name: string;
  make: () => Promise<WitnessedDraw>;
  /** The shop's refusal (checkWitnessedList's, else checkResult's) and the independent one's, its start. */
  shop: string;
  independent: string;
  /** The line the recompute script says it with, after "DOES NOT AGREE: ". */
  says: RegExp;
}

const flipByte = (text: string, at: number) => {
  const bytes = Buffer.from(text, 'base64');
  bytes[at % bytes.length] = (bytes[at % bytes.length] as number) ^ 0x01;
  return bytes.toString('base64');
};

export function violations(two: Witnessing, stranger: Witnessing): Violation[] {
  const inTime = { witnessing: two, at: [-5, -3] };
  const changed = async (spec: DrawSpec, change: (draw: WitnessedDraw) => Promise<void> | void) => {
    const draw = await witnessedDraw(spec);
    await change(draw);
    return draw;
  };
  const otherDraw = async () => (await witnessedDraw(inTime)).witnessed;
  return [
    {
      name: 'witnessed.json of another draw',
      shop: 'witnessed-mismatch',
      independent: 'witnessed.json: another draw',
      make: () =>
        changed(inTime, async (d) => {
          d.witnessed = await otherDraw();
        }),
      says: /^witnessed.json is of another draw or another list than entries.txt$/,
    },
    {
      name: 'the entry of another draw',
      shop: 'witnessed-mismatch',
      independent: 'entry: another draw',
      make: async () => {
        const draw = await witnessedDraw(inTime);
        const again = await witnessList(draw.entriesText, two, {
          times: [draw.due - 5, draw.due - 3],
          draw: newDrawId(),
        });
        return { ...draw, witnessed: again };
      },
      says: /^witnessed.json's log entry names another draw or another list than entries.txt$/,
    },
    {
      name: 'the entry of another list',
      shop: 'witnessed-mismatch',
      independent: 'entry: another draw or list',
      make: async () => {
        const draw = await witnessedDraw(inTime);
        const list = randomBytes(32).toString('hex');
        const again = await witnessList(draw.entriesText, two, { times: [draw.due - 5, draw.due - 3], list });
        return { ...draw, witnessed: again };
      },
      says: /^witnessed.json's log entry names another draw or another list than entries.txt$/,
    },
    {
      name: 'the entry not in the checkpoint',
      shop: 'not-in-log',
      independent: 'proof:',
      make: () =>
        changed(inTime, async (d) => {
          d.witnessed.checkpoint = (await otherDraw()).checkpoint;
        }),
      says: /^the list entry is not entry \d+ of the log's checkpoint of size \d+: its inclusion proof does not lead/,
    },
    {
      name: 'a wrong proof',
      shop: 'not-in-log',
      independent: 'proof:',
      make: () =>
        changed({ ...inTime, seq: 5, size: 12 }, (d) => {
          d.witnessed.proof[1] = randomBytes(32).toString('base64');
        }),
      says: /^the list entry is not entry 5 of the log's checkpoint of size 12/,
    },
    {
      name: 'a proof one hash short',
      shop: 'not-in-log',
      independent: 'proof:',
      make: () => changed({ ...inTime, seq: 5, size: 12 }, (d) => void d.witnessed.proof.pop()),
      says: /^the list entry is not entry 5 of the log's checkpoint of size 12/,
    },
    {
      name: 'a checkpoint signed by an unknown key',
      shop: 'checkpoint-invalid',
      independent: 'checkpoint: no log key',
      make: () => changed({ ...inTime, witnessing: { ...stranger, keys: two.keys } }, () => {}),
      says: /^the checkpoint in witnessed.json is not signed by a log key of the shop's key set$/,
    },
    {
      name: 'a checkpoint whose log signature is altered',
      shop: 'checkpoint-invalid',
      independent: 'checkpoint: the log signature fails',
      make: () =>
        changed(inTime, (d) => {
          const lines = d.witnessed.checkpoint.split('\n');
          const at = lines.findIndex((line) => line.startsWith('\u2014 shop.example/passport/log '));
          const [dash, name, bytes = ''] = (lines[at] as string).split(' ');
          lines[at] = `${dash} ${name} ${flipByte(bytes, 40)}`;
          d.witnessed.checkpoint = lines.join('\n');
        }),
      says: /^the log's signature of the checkpoint in witnessed.json does not verify$/,
    },
    {
      name: 'a cosignature altered',
      shop: 'checkpoint-invalid',
      independent: 'checkpoint: the cosignature of w2 fails',
      make: () =>
        changed(inTime, (d) => {
          const lines = d.witnessed.checkpoint.split('\n');
          const at = lines.findIndex((line) => line.startsWith('\u2014 witness-2.example '));
          const [dash, name, bytes = ''] = (lines[at] as string).split(' ');
          lines[at] = `${dash} ${name} ${flipByte(bytes, 50)}`;
          d.witnessed.checkpoint = lines.join('\n');
        }),
      says: /^the cosignature of witness witness-2.example of the checkpoint in witnessed.json does not verify$/,
    },
    {
      name: 'the quorum not met',
      shop: 'not-witnessed',
      independent: 'not witnessed: no quorum',
      make: () => witnessedDraw({ witnessing: two, at: [-5, null] }),
      says: /^the list was not witnessed: the checkpoint's cosignatures do not meet the shop's witness policy$/,
    },
    {
      name: 'no policy published',
      shop: 'not-witnessed',
      independent: 'not witnessed: no policy',
      make: () =>
        changed(inTime, (d) => {
          const { witnessPolicy: _, ...keys } = d.keys;
          d.keys = keys;
        }),
      says: /^the list was not witnessed: the shop publishes no witness policy$/,
    },
    {
      name: 'witnessed in time, drawn with a later round',
      shop: 'beacon-mismatch',
      independent: 'the round:',
      make: () => witnessedDraw({ ...inTime, drawn: ({ list }) => list + 1 }),
      says: /^the list was witnessed before its round (\d+) was due \(.*\): the draw must take round \1, not round \d+$/,
    },
    {
      name: "witnessed late, drawn with the list's round",
      shop: 'beacon-mismatch',
      independent: 'the round:',
      make: () => witnessedDraw({ witnessing: two, at: [20, 25], drawn: ({ list }) => list }),
      says: /^the list was not witnessed before its round (\d+) was due \(.*\): the draw must take round \d+, the first due at least 10 s after it was witnessed, not round \1$/,
    },
    {
      name: 'witnessed late, drawn with a later round but not the first due 10 s after',
      shop: 'beacon-mismatch',
      independent: 'the round:',
      make: () => witnessedDraw({ witnessing: two, at: [20, 25], drawn: ({ rule = 0 }) => rule - 1 }),
      says: /^the list was not witnessed before its round \d+ was due .*, the first due at least 10 s after it was witnessed, not round \d+$/,
    },
    {
      name: "witnessed exactly when its round was due (late), drawn with the list's round",
      shop: 'beacon-mismatch',
      independent: 'the round:',
      make: () => witnessedDraw({ witnessing: two, at: [-4, 0], drawn: ({ list }) => list }),
      says: /^the list was not witnessed before its round (\d+) was due \(.*\): the draw must take round \d+, the first due at least 10 s after it was witnessed, not round \1$/,
    },
  ];
}

/** Witnessed draws docs/draw.md accepts: in time, late with the later round, exactly at due(R). */
export const validDraws = (two: Witnessing) => [
  { name: 'witnessed in time', make: () => witnessedDraw({ witnessing: two, at: [-5, -3] }) },
  {
    name: 'witnessed a second before its round',
    make: () => witnessedDraw({ witnessing: two, at: [-30, -1] }),
  },
  {
    name: 'witnessed late, drawn with the later round',
    make: () => witnessedDraw({ witnessing: two, at: [20, 25] }),
  },
  {
    name: 'witnessed exactly when its round was due, drawn with the later round',
    make: () => witnessedDraw({ witnessing: two, at: [-4, 0] }),
  },
];

/**
 * A draw witnessed in time whose first witness also cosigned later, that later line written
 * before its earlier one: each witness counts with its earliest timestamp, whatever the order.
 */
export async function witnessedTwiceDraw(two: Witnessing): Promise<WitnessedDraw> {
  const draw = await witnessedDraw({ witnessing: two, at: [-5, -3] });
  const [first] = two.witnesses;
  if (!first) throw new Error('no witness');
  const later = await cosignatureLine(first, draw.witnessed.checkpoint, draw.due + 20);
  const lines = draw.witnessed.checkpoint.split('\n');
  const at = lines.findIndex((line) => line.startsWith(`\u2014 ${first.name} `));
  lines.splice(at, 0, later);
  return { ...draw, witnessed: { ...draw.witnessed, checkpoint: lines.join('\n') } };
}
