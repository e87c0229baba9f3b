import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../lib/api.ts';
import type { PublicAnswer } from '../../lib/api-types.ts';
import { cardQueryKey } from './api.ts';

/** The owner's passport calls (docs/passport.md): their code, their owner key, proofs, lost or found. */
export type OwnerPassport = PublicAnswer<'/passport/mine'>;
export type OwnerProof = OwnerPassport['proofs'][number];

/** Under the card's key: what forgets the card (log out, transfer) forgets the passport too. */
export const passportQueryKey = [...cardQueryKey, 'passport'] as const;

/** GET /passport/mine: the logged-in owner's passport (401 without a live session). */
export const passportQuery = () =>
  queryOptions({
    queryKey: passportQueryKey,
    queryFn: () => apiGet('/passport/mine'),
    // A proof's state changes with time and transfers: look again after a minute.
    staleTime: 60_000,
    // A piece sold without its certificate gets it in moments (the passport job its sale starts):
    // look again every few seconds while it is being prepared.
    refetchInterval: (query) => (query.state.data && !query.state.data.code ? 5_000 : false),
    retry: false,
  });

/** POST /passport/proofs: a resale proof of `days` days (1–30; the server says why not). */
export function makeProof(days: number): Promise<PublicAnswer<'/passport/proofs', 'post'>> {
  return apiPost('/passport/proofs', { days });
}

/** POST /passport/lost: reported lost or stolen (true), or found again (false). */
export function reportLost(lost: boolean): Promise<PublicAnswer<'/passport/lost', 'post'>> {
  return apiPost('/passport/lost', { lost });
}
