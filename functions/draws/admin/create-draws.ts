import { listCollectionPieces } from '#catalog/index.ts';
import { httpError } from '#platform/http-error.ts';
import { createDrawContract, DRAW_MESSAGES } from '#shared/contracts/draws.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { adminDraw } from '../admin-counts.ts';
import { type CreateDrawAnswer, createDraw } from '../entities/create-draw.ts';

const REASONS: Record<Exclude<CreateDrawAnswer, { ok: true }>['reason'], string> = {
  'unknown-piece': 'this piece does not exist.',
  'bad-window': DRAW_MESSAGES.badWindow,
  'closes-in-past': DRAW_MESSAGES.closesInPast,
  'piece-has-draw': DRAW_MESSAGES.pieceUnavailable,
  'piece-unavailable': DRAW_MESSAGES.pieceUnavailable,
};

/**
 * POST /draws { pid | typeId, opensAt, closesAt }: a piece offered by a draw, or every piece of a
 * collection's release that can be (the others listed with why not). Each draw is audited.
 */
export const handler = defineAdminHandler(createDrawContract, async ({ body }, event) => {
  const window = { opensAt: body.opensAt, closesAt: body.closesAt, admin: event.admin };
  const pids = 'pid' in body ? [body.pid] : (await listCollectionPieces(body.typeId)).map((p) => p.id);
  if (pids.length === 0) throw httpError(404, 'this collection has no pieces.');
  const draws = [];
  const skipped = [];
  for (const pid of pids) {
    const created = await createDraw({ pid, ...window });
    if (created.ok) draws.push((await adminDraw(created.draw)).draw);
    else if ('pid' in body || created.reason === 'bad-window' || created.reason === 'closes-in-past')
      throw httpError(created.reason === 'unknown-piece' ? 404 : 409, REASONS[created.reason]);
    else skipped.push({ pid, reason: REASONS[created.reason] });
  }
  return { status: 200 as const, draws, skipped };
});
