import { queryOptions } from '@tanstack/react-query';
import { checkResult, type DrawCheck } from '#shared/draw/result.ts';
import type { AdminAnswer, AdminBody } from '../../../lib/api-types.ts';
import { adminGet, adminPost } from '../api.ts';

/** Staff's draws (shared/contracts/draws.ts). */
export type AdminDraw = AdminAnswer<'/draws/{drawId}/admin'>['draw'];
export type CreateDraw = AdminBody<'/draws'>;
export type CreatedDraws = AdminAnswer<'/draws', 'post'>;

/** While a draw is open or on its way to settled, its counts move: asked again every 5 s. */
const moving = (list: readonly AdminDraw[] | undefined) =>
  list?.some((d) => d.draw.state !== 'settled' && d.draw.state !== 'empty') ? 5000 : false;

export const drawsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'draws'],
    queryFn: () => adminGet('/draws').then((r) => r.draws),
    refetchInterval: (query) => moving(query.state.data),
  });

export const adminDrawQuery = (drawId: string) =>
  queryOptions({
    queryKey: ['admin', 'draws', drawId],
    queryFn: () => adminGet('/draws/{drawId}/admin', { drawId }).then((r) => r.draw),
    refetchInterval: (query) => moving(query.state.data ? [query.state.data] : undefined),
  });

/** The pieces a new draw can offer (the piece picker): asked afresh each time the form shows. */
export type OfferablePiece = AdminAnswer<'/draw-pieces'>['pieces'][number];
export const offerablePiecesQuery = () =>
  queryOptions({
    queryKey: ['admin', 'draws', 'pieces'],
    queryFn: () => adminGet('/draw-pieces').then((r) => r.pieces),
  });

export const createDraws = (body: CreateDraw) => adminPost('/draws', body);

/**
 * The replay: the draw's two published files, as anyone downloads them, checked in this browser
 * with the shop's own checker (shared/draw/result.ts): ok, or the first thing that differs.
 */
export async function replayDraw(files: AdminDraw['draw']['files'], roundDrawn?: number): Promise<DrawCheck> {
  const read = async (path: string) => {
    const answer = await fetch(path, { cache: 'no-store' });
    if (!answer.ok) throw new Error(`${path} answered ${answer.status}`);
    return answer.text();
  };
  const [entries, result] = await Promise.all([read(files.entries), read(files.result)]);
  let parsed: unknown;
  try {
    parsed = JSON.parse(result);
  } catch {
    parsed = undefined;
  }
  // The round its witnessing allows (the list's, or a later one): staff's view of the draw says which.
  return checkResult(entries, parsed, roundDrawn);
}

/** Why entries were refused, as staff read it (functions/draws/entities/entry-binding.ts's reasons). */
const REFUSAL_WORDS: Record<string, string> = {
  'not-a-member': 'not a member',
  'invalid-link': 'link not valid (missing, another draw’s, used or expired)',
  'too-many-links': 'too many entry links asked',
  'duplicate-email': 'e-mail already entered',
  'duplicate-address': 'shipping address already entered',
  'duplicate-card': 'card or PayPal account already entered',
  'too-many-tries': 'too many entries from one connection',
  window: 'outside the entry window',
  'payment-not-authorised': 'payment never authorised',
};

/** "not a member 2, e-mail already entered 1", or "none". */
export const refusalsText = (refusals: Record<string, number>) =>
  Object.entries(refusals)
    .map(([reason, n]) => `${REFUSAL_WORDS[reason] ?? reason.replaceAll('-', ' ')} ${n}`)
    .join(', ') || 'none';

/** "entered 2, withdrawn 1", or "none". */
export const countsText = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([key, n]) => `${key} ${n}`)
    .join(', ') || 'none';
