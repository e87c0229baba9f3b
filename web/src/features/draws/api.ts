import { queryOptions } from '@tanstack/react-query';
import type { Answer, Body } from '#shared/contracts/contract.ts';
import type {
  confirmEntryContract,
  entryLinkStatusContract,
  entryStatusContract,
  getDrawContract,
  openDrawsContract,
  postEntryContract,
  requestEntryLinkContract,
  withdrawEntryContract,
} from '#shared/contracts/draws.ts';
import { apiGet, apiPost } from '../../lib/api.ts';

/** What the draw screens read and send: the routes' contracts (shared/contracts/draws.ts). */
export type PublicDraw = Answer<typeof getDrawContract>['draw'];
export type EnteredDraw = Answer<typeof postEntryContract>;
export type EntryView = Answer<typeof entryStatusContract>['entry'];
export type EntryStatus = Answer<typeof entryStatusContract>;

const drawPath = (drawId: string) => `/draws/${encodeURIComponent(drawId)}`;
const entryPath = (drawId: string, entryId: string, action: string) =>
  `${drawPath(drawId)}/entries/${encodeURIComponent(entryId)}/${action}`;

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
    queryFn: () => apiGet(drawPath(drawId)).then((r) => r.draw),
    staleTime: 0,
    refetchInterval: (query) => drawRefresh(query.state.data),
  });

export const entryStatusQuery = (drawId: string, entryId: string, token: string) =>
  queryOptions({
    queryKey: ['draw-entry', drawId, entryId],
    queryFn: () =>
      apiPost(entryPath(drawId, entryId, 'status'), {
        token,
      } satisfies Body<typeof entryStatusContract>),
    staleTime: 0,
    retry: 1,
    refetchInterval: (query) => drawRefresh(query.state.data?.draw),
  });

export type OpenDraw = Answer<typeof openDrawsContract>['draws'][number];

/** The draws open now or to come (the storefront's list, /draws). */
export const openDrawsQuery = () =>
  queryOptions({
    queryKey: ['draws-open'],
    queryFn: () => apiGet('/draws/open').then((r) => r.draws),
    staleTime: 30_000,
  });

export type EntryLinkStatus = Answer<typeof entryLinkStatusContract>;

/** Asks for the link that enters the draw, mailed to the address if it is a member's. */
export function requestEntryLink(drawId: string, email: string): Promise<string> {
  return apiPost(`${drawPath(drawId)}/entry-links`, {
    email,
  } satisfies Body<typeof requestEntryLinkContract>).then((r) => r.message);
}

/** The address a mailed link enters with, while it works. */
export const entryLinkQuery = (drawId: string, link: string) =>
  queryOptions({
    queryKey: ['draw-entry-link', drawId, link],
    queryFn: () =>
      apiPost(`${drawPath(drawId)}/entry-links/status`, {
        link,
      } satisfies Body<typeof entryLinkStatusContract>),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

/** POST the checkout form as an entry: a pending entry and its card authorisation to confirm. */
export function enterDraw(drawId: string, fields: Body<typeof postEntryContract>): Promise<EnteredDraw> {
  return apiPost(`${drawPath(drawId)}/entries`, fields);
}

/** The card authorised: the entry becomes binding. */
export function confirmEntry(drawId: string, entryId: string, token: string): Promise<EntryView> {
  return apiPost(entryPath(drawId, entryId, 'confirm'), {
    token,
  } satisfies Body<typeof confirmEntryContract>).then((r) => r.entry);
}

export function withdrawEntry(drawId: string, entryId: string, token: string): Promise<EntryView> {
  return apiPost(entryPath(drawId, entryId, 'withdraw'), {
    token,
  } satisfies Body<typeof withdrawEntryContract>).then((r) => r.entry);
}
