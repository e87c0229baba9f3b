import { useQuery } from '@tanstack/react-query';
import { filmSlot } from '#shared/films.ts';
import { Film } from '../../components/film.tsx';
import { Loading } from '../../components/page.tsx';
import { filmsQuery } from '../../lib/films-query.ts';

/** The film of one slot, as staff set it, or "coming soon" (also when the films cannot be read). */
export function SlotFilm({ slot }: { slot: string }) {
  const films = useQuery(filmsQuery);
  if (films.isPending) return <Loading />;
  const film = films.data?.find((f) => f.slot === slot);
  return <Film film={film} title={film?.title ?? filmSlot(slot)?.label ?? slot} />;
}
