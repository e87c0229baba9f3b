import { sha256, toHex, utf8 } from '../passport/bytes.ts';
import { DRAW_FORMAT, isCommitment, isDrawId } from './commitment.ts';

/** What the published list says (docs/draw.md, "The list"). */
export interface EntriesList {
  drawId: string;
  piece: string;
  /** The window's close, ISO 8601 UTC with milliseconds. */
  closed: string;
  beacon: { chainHash: string; round: number };
  /** Ascending, distinct. */
  commitments: string[];
}

export const isPieceId = (text: string) => /^[A-Za-z0-9_-]{1,64}$/.test(text);
const isIsoMillis = (text: string) =>
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(text) &&
  !Number.isNaN(Date.parse(text)) &&
  new Date(text).toISOString() === text;
const isChainHash = (text: string) => /^[0-9a-f]{64}$/.test(text);
const isRound = (round: number) => Number.isSafeInteger(round) && round >= 1;
/** A decimal without leading zeros, as the list writes its numbers. */
const decimal = (text: string) => (/^(0|[1-9][0-9]{0,15})$/.test(text) ? Number(text) : undefined);

/**
 * The list's text, exactly as published: the commitments sorted and each once. Throws on anything
 * the format cannot hold (a malformed commitment, id, time or round): the list is never written
 * wrong.
 */
export function entriesList(list: EntriesList): string {
  const { drawId, piece, closed, beacon } = list;
  if (!isDrawId(drawId)) throw new Error(`not a draw id: ${JSON.stringify(drawId)}`);
  if (!isPieceId(piece)) throw new Error(`not a piece id: ${JSON.stringify(piece)}`);
  if (!isIsoMillis(closed))
    throw new Error(`not an ISO 8601 UTC time with milliseconds: ${JSON.stringify(closed)}`);
  if (!isChainHash(beacon.chainHash))
    throw new Error(`not a chain hash: ${JSON.stringify(beacon.chainHash)}`);
  if (!isRound(beacon.round)) throw new Error(`not a beacon round: ${beacon.round}`);
  const bad = list.commitments.find((c) => !isCommitment(c));
  if (bad !== undefined) throw new Error(`not a commitment (64 lowercase hex): ${JSON.stringify(bad)}`);
  const commitments = [...new Set(list.commitments)].sort();
  return [
    DRAW_FORMAT,
    `draw ${drawId}`,
    `piece ${piece}`,
    `closed ${closed}`,
    `beacon ${beacon.chainHash} round ${beacon.round}`,
    `entries ${commitments.length}`,
    ...commitments,
    '',
  ].join('\n');
}

export type ParsedList = { ok: true; list: EntriesList } | { ok: false; reason: string };

const HEADER = 6;

/** The list a text holds, only if it is exactly the format (every line, every byte); else why not. */
export function parseEntriesList(text: string): ParsedList {
  const no = (reason: string): ParsedList => ({ ok: false, reason });
  if (!text.endsWith('\n')) return no('the list does not end with a line break');
  const lines = text.slice(0, -1).split('\n');
  const line = (i: number) => lines[i] ?? '';
  if (line(0) !== DRAW_FORMAT) return no(`line 1 is not "${DRAW_FORMAT}"`);
  const drawId = line(1).match(/^draw (\S+)$/)?.[1];
  if (drawId === undefined || !isDrawId(drawId)) return no('line 2 is not "draw <draw id>"');
  const piece = line(2).match(/^piece (\S+)$/)?.[1];
  if (piece === undefined || !isPieceId(piece)) return no('line 3 is not "piece <piece id>"');
  const closed = line(3).match(/^closed (\S+)$/)?.[1];
  if (closed === undefined || !isIsoMillis(closed))
    return no('line 4 is not "closed <ISO 8601 UTC time with milliseconds>"');
  const beacon = line(4).match(/^beacon ([0-9a-f]{64}) round ([0-9]+)$/);
  const round = decimal(beacon?.[2] ?? '');
  if (!beacon || round === undefined || !isRound(round))
    return no('line 5 is not "beacon <chain hash> round <round>"');
  const count = decimal(line(5).match(/^entries ([0-9]+)$/)?.[1] ?? '');
  if (count === undefined) return no('line 6 is not "entries <n>"');
  const commitments = lines.slice(HEADER);
  if (commitments.length !== count)
    return no(`the list says ${count} entries but has ${commitments.length} lines of entries`);
  for (const [i, c] of commitments.entries()) {
    if (!isCommitment(c)) return no(`line ${HEADER + i + 1} is not a commitment (64 lowercase hex)`);
    if (i > 0 && c <= (commitments[i - 1] as string))
      return no(`line ${HEADER + i + 1} is not after the line before it (ascending, each once)`);
  }
  return {
    ok: true,
    list: { drawId, piece, closed, beacon: { chainHash: beacon[1] as string, round }, commitments },
  };
}

/** hex(SHA-256(the list's bytes)): what the draw's seed is made from. */
export const listHash = async (text: string) => toHex(await sha256(utf8(text)));
