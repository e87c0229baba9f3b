import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../lib/api.ts';
import type { PublicAnswer, PublicBody } from '../../lib/api-types.ts';

/** What the draw screens read and send, as the API's document describes it (lib/api-types.ts). */
export type PublicDraw = PublicAnswer<'/draws/{drawId}'>['draw'];
export type EnteredDraw = PublicAnswer<'/draws/{drawId}/entries', 'post'>;
export type EntryView = PublicAnswer<'/draws/{drawId}/entries/{entryId}/status', 'post'>['entry'];
export type EntryStatus = PublicAnswer<'/draws/{drawId}/entries/{entryId}/status', 'post'>;

/** While a draw waits for its close, its beacon round or its settlement, its page asks again. */
const settling = (state: PublicDraw['state'] | undefined) =>
  state === 'closing' || state === 'closed' || state === 'drawn';

export const drawRefresh = (draw: PublicDraw | undefined): number | false => {
  if (!draw) return false;
  if (settling(draw.state)) return 3000;
  if (draw.state === 'open') return Math.max(3000, Math.min(60_000, Date.parse(draw.closesAt) - Date.now()));
  return false;
};

export const drawQuery = (drawId: string) =>
  queryOptions({
    queryKey: ['draw', drawId],
    queryFn: () => apiGet('/draws/{drawId}', { drawId }).then((r) => r.draw),
    staleTime: 0,
    refetchInterval: (query) => drawRefresh(query.state.data),
  });

export const entryStatusQuery = (drawId: string, entryId: string, token: string) =>
  queryOptions({
    queryKey: ['draw-entry', drawId, entryId],
    queryFn: () => apiPost('/draws/{drawId}/entries/{entryId}/status', { token }, { drawId, entryId }),
    staleTime: 0,
    retry: 1,
    refetchInterval: (query) => drawRefresh(query.state.data?.draw),
  });

export type OpenDraw = PublicAnswer<'/draws/open'>['draws'][number];

/** The draws open now or to come (the storefront's list, /draws). */
export const openDrawsQuery = () =>
  queryOptions({
    queryKey: ['draws-open'],
    queryFn: () => apiGet('/draws/open').then((r) => r.draws),
    staleTime: 30_000,
  });

export type EntryLinkStatus = PublicAnswer<'/draws/{drawId}/entry-links/status', 'post'>;

/** Asks for the link that enters the draw, mailed to the address if it is a member's. */
export function requestEntryLink(drawId: string, email: string): Promise<string> {
  return apiPost('/draws/{drawId}/entry-links', { email }, { drawId }).then((r) => r.message);
}

/** The address a mailed link enters with, while it works. */
export const entryLinkQuery = (drawId: string, link: string) =>
  queryOptions({
    queryKey: ['draw-entry-link', drawId, link],
    queryFn: () => apiPost('/draws/{drawId}/entry-links/status', { link }, { drawId }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

/** POST the checkout form as an entry: a pending entry and its card authorisation to confirm. */
export function enterDraw(
  drawId: string,
  fields: PublicBody<'/draws/{drawId}/entries'>,
): Promise<EnteredDraw> {
  return apiPost('/draws/{drawId}/entries', fields, { drawId });
}

/** The card authorised: the entry becomes binding. */
export function confirmEntry(drawId: string, entryId: string, token: string): Promise<EntryView> {
  return apiPost('/draws/{drawId}/entries/{entryId}/confirm', { token }, { drawId, entryId }).then(
    (r) => r.entry,
  );
}

export function withdrawEntry(drawId: string, entryId: string, token: string): Promise<EntryView> {
  return apiPost('/draws/{drawId}/entries/{entryId}/withdraw', { token }, { drawId, entryId }).then(
    (r) => r.entry,
  );
}
