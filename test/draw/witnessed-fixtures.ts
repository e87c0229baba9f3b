import { createHash, randomBytes, sign } from 'node:crypto';
import { concatBytes, toBase64, utf8 } from '#shared/passport/bytes.ts';
import { checkpointBody, logOrigin, withSignatureLines } from '#shared/passport/checkpoint.ts';
import type { KeySet } from '#shared/passport/keys.ts';
import { listEntryText } from '#shared/passport/log.ts';
import { inclusionProof, leafHash, rootOf } from '#shared/passport/merkle.ts';
import { NOTE_ED25519, noteKeyId } from '#shared/passport/note-keys.ts';
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
  /** The entry's text made from its canonical one (the log holds these bytes). */
  entryText?: (canonical: string) => string;
  /** Extension lines after the checkpoint's root line (signed with the body). */
  extensions?: readonly string[];
}

/** The log's signed note of this body (signed-note type 0x01), as signWithLog makes it, extension lines and all. */
async function signBody(body: string, origin: string, key: Ed25519TestKey): Promise<string> {
  const keyId = await noteKeyId(origin, NOTE_ED25519, key.publicKey);
  const signature = new Uint8Array(sign(null, utf8(body), key.privateKey));
  return `${body}\n\u2014 ${origin} ${toBase64(concatBytes(keyId, signature))}\n`;
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
  const canonical = listEntryText({
    seq,
    time: new Date(closed + 412).toISOString(),
    draw: options.draw ?? parsed.list.drawId,
    list: options.list ?? hash,
  });
  const entry = options.entryText?.(canonical) ?? canonical;
  const leaves: Uint8Array[] = Array.from({ length: size }, () => new Uint8Array(randomBytes(32)));
  leaves[seq] = await leafHash(utf8(entry));
  const checkpoint = { origin: logOrigin(witnessing.keys.issuer), size, root: await rootOf(leaves) };
  const note = options.extensions
    ? await signBody(
        checkpointBody(checkpoint) + options.extensions.map((line) => `${line}\n`).join(''),
        checkpoint.origin,
        witnessing.logKey,
      )
    : await signWithLog(checkpoint, witnessing.logKey);
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
  witness?: Pick<WitnessOptions, 'entryText' | 'extensions'>;
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
    ...spec.witness,
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

/** Edge cases of the rules every checker must read alike: accepted (`ok`) or refused. */
export function edgeCases(
  two: Witnessing,
): { name: string; ok: boolean; make: () => Promise<WitnessedDraw> }[] {
  const inTime = { witnessing: two, at: [-5, -3] };
  const [w1, w2] = two.witnesses as [TestWitness, TestWitness];
  const withPolicy = (policy: string) => async () => {
    const draw = await witnessedDraw(inTime);
    return { ...draw, keys: { ...draw.keys, witnessPolicy: policy } };
  };
  const withLines = (lines: (draw: WitnessedDraw) => Promise<string[]>) => async () => {
    const draw = await witnessedDraw(inTime);
    const checkpoint = withSignatureLines(draw.witnessed.checkpoint, await lines(draw));
    return { ...draw, witnessed: { ...draw.witnessed, checkpoint } };
  };
  const stranger = makeEd25519Key();
  const strangerLine = async (name: string, draw: WitnessedDraw) => {
    const body = draw.witnessed.checkpoint.slice(0, draw.witnessed.checkpoint.indexOf('\n\n') + 1);
    return (await signBody(body, name, stranger)).split('\n').at(-2) as string;
  };
  return [
    {
      name: 'extension lines after the root',
      ok: true,
      make: () => witnessedDraw({ ...inTime, witness: { extensions: ['ext one', 'ext two'] } }),
    },
    {
      name: 'a signature line of a key nobody knows',
      ok: true,
      make: withLines(async (d) => [await strangerLine('someone.example', d)]),
    },
    {
      name: "a line named the log's origin with a key id of no log key",
      ok: true,
      make: withLines(async (d) => [await strangerLine('shop.example/passport/log', d)]),
    },
    {
      name: '17 signature lines',
      ok: false,
      make: withLines(async (d) =>
        Promise.all(Array.from({ length: 14 }, (_, i) => strangerLine(`someone-${i}.example`, d))),
      ),
    },
    {
      name: 'an entry that is not canonical JSON (a space)',
      ok: false,
      make: () =>
        witnessedDraw({ ...inTime, witness: { entryText: (t) => t.replace('"kind":', '"kind": ') } }),
    },
    {
      name: 'an entry with a field more',
      ok: false,
      make: () => witnessedDraw({ ...inTime, witness: { entryText: (t) => t.replace('{', '{"a":1,') } }),
    },
    {
      name: 'an entry dated on a day that does not exist',
      ok: false,
      make: () =>
        witnessedDraw({
          ...inTime,
          witness: { entryText: (t) => t.replace(/"time":"[^"]*"/, '"time":"2026-11-31T18:00:00.412Z"') },
        }),
    },
    {
      name: 'a proof hash in another base64 spelling of the same bytes',
      ok: false,
      make: async () => {
        const draw = await witnessedDraw({ ...inTime, seq: 2, size: 5 });
        const hash = draw.witnessed.proof[0] as string;
        const last = hash.at(-2) as string;
        const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
        const other = alphabet[alphabet.indexOf(last) ^ 1] as string;
        draw.witnessed.proof[0] = `${hash.slice(0, -2)}${other}=`;
        return draw;
      },
    },
    {
      name: "a checkpoint of another shop's log",
      ok: false,
      make: async () => {
        const draw = await witnessedDraw(inTime);
        return { ...draw, keys: { ...draw.keys, issuer: 'https://other.example' } };
      },
    },
    {
      name: 'the only log key listed with a wrong key id',
      ok: false,
      make: async () => {
        const draw = await witnessedDraw(inTime);
        const [vkey = ''] = (draw.keys.logKeys ?? []).map((key) => key.vkey);
        const parts = vkey.split('+');
        const wrong = `${parts[0]}+00000000+${parts.slice(2).join('+')}`;
        return { ...draw, keys: { ...draw.keys, logKeys: [{ vkey: wrong, from: '2026-01-01' }] } };
      },
    },
    {
      name: 'a policy that does not read (its quorum names no group)',
      ok: false,
      make: withPolicy(`witness w1 ${w1.vkey}\nwitness w2 ${w2.vkey}\nquorum both\n`),
    },
    {
      name: 'a policy naming a group before its members',
      ok: false,
      make: withPolicy(`group both all w1 w2\nwitness w1 ${w1.vkey}\nwitness w2 ${w2.vkey}\nquorum both\n`),
    },
    {
      name: 'a policy of 0 of 2',
      ok: false,
      make: withPolicy(`witness w1 ${w1.vkey}\nwitness w2 ${w2.vkey}\ngroup g 0 w1 w2\nquorum g\n`),
    },
    {
      name: 'a policy with comments, log lines, URLs and any',
      ok: true,
      make: withPolicy(
        `# the shop's witnesses\nlog shop.example/passport/log\n\n  witness w1 ${w1.vkey} https://w1.example/\nwitness\tw2 ${w2.vkey}\ngroup g any w1 w2\nquorum g\n`,
      ),
    },
    {
      name: 'a policy of 1 of 2, one witness cosigning',
      ok: true,
      make: async () => {
        const draw = await witnessedDraw({ witnessing: two, at: [null, -3] });
        return { ...draw, keys: { ...draw.keys, witnessPolicy: policyOf(two.witnesses, 1) } };
      },
    },
    {
      name: 'quorum none',
      ok: true,
      make: withPolicy(`witness w1 ${w1.vkey}\nwitness w2 ${w2.vkey}\nquorum none\n`),
    },
  ];
}
