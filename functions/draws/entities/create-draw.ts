import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { getProduct, reserveForDrawItem } from '#catalog/index.ts';
import { drawOpeningPut } from '#members/index.ts';
import { tableName } from '#platform/aws-clients.ts';
import type { EntityFileDoc } from '#platform/table-doc.ts';
import { newDrawId } from '#shared/draw/commitment.ts';
import { isPieceId } from '#shared/draw/entries-list.ts';
import { auditItem } from '#table/audit.ts';
import { transact } from '#table/transactions.ts';
import { drawLink } from '../links.ts';
import { type DrawEntity, unsettledDrawOf } from './draw.ts';
import { activeDrawIndex, allDrawsIndex, drawKey, pieceDrawKey } from './keys.ts';

export interface NewDraw {
  pid: string;
  opensAt: string;
  closesAt: string;
  admin: string;
}

export type CreateDrawAnswer =
  | { ok: true; draw: DrawEntity }
  | { ok: false; reason: 'unknown-piece' | 'bad-window' | 'closes-in-past' | 'piece-unavailable' }
  | { ok: false; reason: 'piece-has-draw'; drawId: string | undefined };

const isoOf = (text: string) => {
  const time = new Date(text);
  return Number.isNaN(time.getTime()) ? undefined : time.toISOString();
};

/**
 * A draw for the piece with its entry window (issue 35): the draw, the piece's pointer to it and
 * the piece's hold (no checkout can take it; its page says "enter the draw"), the members' mail
 * of its opening (sent when the window opens, issue 45) and the audit entry in one transaction. Refused for an unknown piece, a window that closes before it opens or in
 * the past, a piece whose earlier draw is not settled yet, and one sold or held in a checkout.
 */
export async function createDraw(input: NewDraw, now = new Date()): Promise<CreateDrawAnswer> {
  const opensAt = isoOf(input.opensAt);
  const closesAt = isoOf(input.closesAt);
  const piece = isPieceId(input.pid) ? await getProduct(input.pid) : undefined;
  if (!piece) return { ok: false, reason: 'unknown-piece' };
  if (!opensAt || !closesAt || opensAt >= closesAt) return { ok: false, reason: 'bad-window' };
  if (closesAt <= now.toISOString()) return { ok: false, reason: 'closes-in-past' };
  const draw: DrawEntity = {
    kind: 'draw',
    drawId: newDrawId(),
    pid: input.pid,
    opensAt,
    closesAt,
    state: 'open',
    createdAt: now.toISOString(),
    createdBy: input.admin,
  };
  try {
    await transact([
      {
        Put: {
          TableName: tableName(),
          Item: {
            ...drawKey(draw.drawId),
            ...activeDrawIndex(closesAt, draw.drawId),
            ...allDrawsIndex(draw.createdAt, draw.drawId),
            ...draw,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Put: {
          TableName: tableName(),
          Item: { ...pieceDrawKey(draw.pid), kind: 'pieceDraw', drawId: draw.drawId },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      reserveForDrawItem(draw.pid, { drawId: draw.drawId, opensAt, closesAt }, now.getTime()),
      drawOpeningPut(
        { drawId: draw.drawId, pieceName: piece.name, opensAt, closesAt, drawLink: drawLink(draw.drawId) },
        input.admin,
        now,
      ),
      auditItem({ admin: input.admin, action: 'create', entity: 'draw', entityId: draw.drawId, after: draw }),
    ]);
  } catch (error) {
    if (!(error instanceof TransactionCanceledException)) throw error;
    const pointerTaken = error.CancellationReasons?.[1]?.Code === 'ConditionalCheckFailed';
    if (pointerTaken) return { ok: false, reason: 'piece-has-draw', drawId: await unsettledDrawOf(draw.pid) };
    if (error.CancellationReasons?.[2]?.Code === 'ConditionalCheckFailed')
      return { ok: false, reason: 'piece-unavailable' };
    throw error;
  }
  return { ok: true, draw };
}

/** Its table items, for docs/reference/data-model-keys.md (`npm run docs`; functions/platform/table-doc.ts). */
export const tableDoc: EntityFileDoc = {
  items: [
    {
      entity: "The piece's draw not settled yet (`drawId`: at most one)",
      pk: '`DRAWOF#<pid>`',
      sk: '`#DRAW`',
      fileNote: '(written with the draw, deleted when it is drawn)',
      keys: () => pieceDrawKey('<pid>'),
    },
  ],
};
