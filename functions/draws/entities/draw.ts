import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { tableName } from '#platform/aws-clients.ts';
import type { EntityFileDoc } from '#platform/table-doc.ts';
import { consistentGet, queryAll, withoutKeys } from '#table/query.ts';
import { type TransactItem, transact } from '#table/transactions.ts';
import {
  ACTIVE_DRAWS_LIST,
  ALL_DRAWS_LIST,
  activeDrawIndex,
  allDrawsIndex,
  drawKey,
  pieceDrawKey,
  SETTLING_DRAWS_LIST,
} from './keys.ts';

/**
 * A draw's life: `open` (entries made and withdrawn in its window) → `closing` (sealed: no entry
 * made or withdrawn any more, its list's beacon round fixed) → `closed` (entries.txt written:
 * its hash recorded) → `drawn` (result.json written), or `empty` (a list of none: no winner) →
 * `settled` (the piece sold to the first in the order whose card paid, or given back; every
 * other authorisation cancelled; every entrant mailed).
 */
export type DrawState = 'open' | 'closing' | 'closed' | 'drawn' | 'empty' | 'settled';
export type BeaconState = 'witnessing' | 'not-yet' | 'unreachable';

export interface DrawEntity {
  kind: 'draw';
  drawId: string;
  pid: string;
  opensAt: string;
  closesAt: string;
  state: DrawState;
  createdAt: string;
  createdBy: string;
  /** Sealed (closing): when, and the round the list names (beaconRoundFor(listWrittenAt)). */
  listWrittenAt?: string;
  round?: number;
  chainHash?: string;
  /** Closed: the list's hash and what it counts. */
  listHash?: string;
  entered?: number;
  withdrawn?: number;
  /**
   * Closed and the beacon's round not had yet: since when, and why: the list not yet witnessed,
   * or what the beacon answered last.
   */
  waitingSince?: string;
  beaconState?: BeaconState;
  /** Witnessed (witnessed.json published): when (POSIX seconds), and so the round drawn with. */
  witnessedAt?: number;
  roundDrawn?: number;
  /** When the round the draw takes is due (the list's, then the round drawn): what its page says. */
  drawsAt?: string;
  /** Drawn or empty: the seed and the winner's commitment (the whole order is result.json's). */
  seed?: string;
  winner?: string;
  drawnAt?: string;
  /** Settling: the entry the piece is being sold to now (its capture asked), then its order. */
  offeredTo?: string;
  soldTo?: string;
  checkoutCode?: string;
  /** No entrant's authorisation could be captured: the piece was given back (first come). */
  unsold?: true;
  settledAt?: string;
}

export async function getDraw(drawId: string): Promise<DrawEntity | undefined> {
  const item = await consistentGet<DrawEntity>(drawKey(drawId));
  return item ? withoutKeys(item) : undefined;
}

/** The piece's draw not settled yet, if any. */
export async function unsettledDrawOf(pid: string): Promise<string | undefined> {
  return (await consistentGet<{ drawId: string }>(pieceDrawKey(pid)))?.drawId;
}

/** The draws with work left whose window closed before `now`: to close, or to draw. */
export function activeDrawsClosedBy(now: Date): Promise<DrawEntity[]> {
  return queryAll<DrawEntity>({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :list AND gsi2sk < :now',
    ExpressionAttributeValues: { ':list': ACTIVE_DRAWS_LIST, ':now': now.toISOString() },
  });
}

/** The open draws whose window has not closed by `now` (open now or later), the soonest to close first. */
export async function drawsOpenAfter(now: Date): Promise<DrawEntity[]> {
  const active = await queryAll<DrawEntity>({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :list AND gsi2sk > :now',
    ExpressionAttributeValues: { ':list': ACTIVE_DRAWS_LIST, ':now': now.toISOString() },
  });
  return active.map(withoutKeys).filter((d) => d.state === 'open' && Date.parse(d.closesAt) > now.getTime());
}

/** Every draw, newest first (the admin's list). */
export function listDraws(): Promise<DrawEntity[]> {
  return queryAll<DrawEntity>({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :list',
    ExpressionAttributeValues: { ':list': ALL_DRAWS_LIST },
    ScanIndexForward: false,
  });
}

/** The drawn draws whose sale, holds or mails are not all done. */
export function drawsToSettle(): Promise<DrawEntity[]> {
  return queryAll<DrawEntity>({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :list',
    ExpressionAttributeValues: { ':list': SETTLING_DRAWS_LIST },
  });
}

export interface DrawMove {
  set: Record<string, unknown>;
  remove?: string[];
  /** More to hold besides the state, over `:`-values of `values`. */
  condition?: string;
  values?: Record<string, unknown>;
}

/** The draw moved from `from` (and only from it) as a transaction item. */
export function drawMoveItem(drawId: string, from: DrawState, move: DrawMove): TransactItem {
  const names: Record<string, string> = { '#state': 'state' };
  const values: Record<string, unknown> = { ':from': from, ...move.values };
  const sets = Object.entries(move.set).map(([field, value], i) => {
    names[`#s${i}`] = field;
    values[`:s${i}`] = value;
    return `#s${i} = :s${i}`;
  });
  const removes = (move.remove ?? []).map((field, i) => {
    names[`#r${i}`] = field;
    return `#r${i}`;
  });
  return {
    Update: {
      TableName: tableName(),
      Key: drawKey(drawId),
      UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
      ConditionExpression: `#state = :from${move.condition ? ` AND (${move.condition})` : ''}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

/** Writes a move with what goes with it: true if it applied, false if a condition did not hold. */
export async function applyMove(items: TransactItem[]): Promise<boolean> {
  try {
    await transact(items);
    return true;
  } catch (error) {
    if (error instanceof TransactionCanceledException) return false;
    throw error;
  }
}

/** Its table items, for docs/reference/data-model-keys.md (`npm run docs`; functions/platform/table-doc.ts). */
export const tableDoc: EntityFileDoc = {
  items: [
    {
      entity: 'Release draw (issue 35: `open` → `closing` → `closed` → `drawn` → `settled`, or `empty`)',
      pk: '`DRAW#<drawId>`',
      sk: '`#DRAW`',
      gsi1: "`DRAWS` / `<createdAt>#<drawId>` (every draw: the admin's list)",
      gsi2: '`DRAWS#ACTIVE` / `<closesAt>#<drawId>` until drawn or empty, then `DRAWS#SETTLING` until settled',
      fileNote: '(its states and moves)',
      keys: () => [
        drawKey('<drawId>'),
        allDrawsIndex('<createdAt>', '<drawId>'),
        activeDrawIndex('<closesAt>', '<drawId>'),
        { gsi2pk: SETTLING_DRAWS_LIST },
      ],
    },
  ],
};
