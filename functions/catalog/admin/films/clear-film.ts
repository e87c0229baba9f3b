import { notFound } from '#platform/http-error.ts';
import { clearFilmContract } from '#shared/contracts/films.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { clearFilm } from '../../entities/film.ts';
import { deleteInput } from '../media/delete-input.ts';

/** DELETE /films { slot }: the slot shows "coming soon" again. Audited; its uploaded files are deleted. */
export const handler = defineAdminHandler(clearFilmContract, async (_input, event) => {
  const { slot } = deleteInput(event, clearFilmContract.bodyOrQuery);
  if (!(await clearFilm(slot, event.admin))) throw notFound('film');
  return { status: 200 as const };
});
