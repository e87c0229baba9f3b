import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Answer } from '#shared/contracts/contract.ts';
import type { getFilmsContract } from '#shared/contracts/films.ts';
import { filmSlot } from '#shared/films.ts';
import { Film } from '../../components/film.tsx';
import { Loading } from '../../components/page.tsx';
import { apiGet } from '../../lib/api.ts';

/** Every content slot's film (GET /films), read once a visit: staff change them seldom. */
export const filmsQuery = queryOptions({
  queryKey: ['films'],
  queryFn: () => apiGet<Answer<typeof getFilmsContract>>('/films').then((r) => r.films),
  staleTime: 5 * 60_000,
});

/** The film of one slot, as staff set it, or "coming soon" (also when the films cannot be read). */
export function SlotFilm({ slot }: { slot: string }) {
  const films = useQuery(filmsQuery);
  if (films.isPending) return <Loading />;
  const film = films.data?.find((f) => f.slot === slot);
  return <Film film={film} title={film?.title ?? filmSlot(slot)?.label ?? slot} />;
}
