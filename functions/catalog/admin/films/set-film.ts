import { setFilmContract } from '#shared/contracts/films.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { setFilm } from '../../entities/film.ts';
import { publicFilm } from '../../rules/public-views.ts';

/**
 * POST /films { slot, title, film }: a slot's film, either an embed (provider and its video id)
 * or an upload (a video and a poster from /upload-url), replacing the one it had. Audited.
 */
export const handler = defineAdminHandler(setFilmContract, async ({ body }, event) => {
  const film = await setFilm(body.slot, body.title, body.film, event.admin);
  return { status: 200 as const, film: publicFilm(film.slot, film.title, film.film) };
});
