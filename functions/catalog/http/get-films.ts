import { defineHandler } from '#platform/handler.ts';
import { getFilmsContract } from '#shared/contracts/films.ts';
import { FILM_SLOT_IDS } from '#shared/films.ts';
import { listFilms } from '../entities/film.ts';
import { publicFilm } from '../rules/public-views.ts';

/** GET /films: every slot's film (shared/films.ts), in the slots' order; empty slots are left out. */
export const handler = defineHandler(getFilmsContract, async () => {
  const films = await listFilms();
  const order = (slot: string) => FILM_SLOT_IDS.indexOf(slot);
  return {
    status: 200 as const,
    films: films
      .filter((f) => order(f.slot) !== -1)
      .sort((a, b) => order(a.slot) - order(b.slot))
      .map((f) => publicFilm(f.slot, f.title, f.film)),
  };
});
