import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { PublicFilm } from '#shared/contracts/films.ts';
import { FILM_PROVIDERS } from '#shared/film-providers.ts';
import { FILM_SLOTS, type FilmSlot } from '#shared/films.ts';
import type { AdminBody } from '../../lib/api-types.ts';
import { adminDelete, adminGet, adminPost } from './api.ts';
import { FilmChooser, type FilmDraft, filmDraftError } from './film-chooser.tsx';
import { useAction } from './kit/action.ts';
import { TextField } from './kit/fields.tsx';
import { AdminPage, ConfirmButton, ErrorText, Loading } from './ui.tsx';

/**
 * /view-films: every place of the shop that shows a film (shared/films.ts), with the film staff
 * put there: an upload with its poster or an embed from a listed provider. Set, replace, clear;
 * every change is audited.
 */
const FILMS_KEY = ['admin', 'films'];

const draftOf = (film: PublicFilm | undefined): FilmDraft =>
  !film
    ? { source: 'none' }
    : film.source === 'embed'
      ? { source: 'embed', provider: film.provider, id: film.id }
      : { source: 'upload', video: film.video, poster: film.poster };

function Current({ film }: { film: PublicFilm | undefined }) {
  if (!film) return <span className="adm-muted">no film: the page says "this film is coming soon"</span>;
  if (film.source === 'embed')
    return (
      <span>
        {film.title} · {FILM_PROVIDERS[film.provider].label} {film.id}
      </span>
    );
  return (
    <span className="adm-film-current">
      <img src={film.posterSrc} alt="" width={48} height={60} loading="lazy" />
      {film.title} · uploaded video
    </span>
  );
}

function FilmForm({
  slot,
  film,
  onDone,
}: {
  slot: FilmSlot;
  film: PublicFilm | undefined;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const [title, setTitle] = useState(film?.title ?? slot.label);
  const [draft, setDraft] = useState<FilmDraft>(draftOf(film));
  const { busy, error, setError, run } = useAction();
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const problem =
      draft.source === 'none' ? 'please choose an upload or an embed' : filmDraftError(draft, true);
    if (problem || draft.source === 'none') {
      setError(problem);
      return;
    }
    await run(async () => {
      const film: AdminBody<'/films'>['film'] =
        draft.source === 'embed'
          ? { source: 'embed', provider: draft.provider, id: draft.id.trim() }
          : { source: 'upload', video: draft.video, poster: draft.poster };
      await adminPost('/films', {
        // A slot of shared/films.ts, the very list the contract's slots are.
        slot: slot.id as AdminBody<'/films'>['slot'],
        title,
        film,
      });
      await queryClient.invalidateQueries({ queryKey: FILMS_KEY });
      onDone();
    });
  };
  return (
    <form className="adm-form" onSubmit={save} noValidate aria-label={`film of ${slot.label}`}>
      <TextField label="title" value={title} maxLength={120} onChange={setTitle} />
      <FilmChooser label="film" value={draft} onChange={setDraft} withPoster />
      <ErrorText>{error}</ErrorText>
      <div className="adm-row">
        <button type="submit" disabled={busy}>
          {busy ? 'saving...' : 'save film'}
        </button>
        <button type="button" onClick={onDone} disabled={busy}>
          cancel
        </button>
      </div>
    </form>
  );
}

export function ViewFilms() {
  const queryClient = useQueryClient();
  const films = useQuery({
    queryKey: FILMS_KEY,
    queryFn: () => adminGet('/films').then((r) => r.films),
  });
  const [editing, setEditing] = useState<string | undefined>(undefined);
  return (
    <AdminPage title="films">
      <p className="adm-muted">
        Each place of the shop that shows a film. An uploaded video plays from the shop's own media with its
        poster; an embed plays from Vimeo or YouTube.
      </p>
      {films.isPending && <Loading />}
      <ErrorText>{films.error?.message}</ErrorText>
      {films.data && (
        <table className="adm-table">
          <thead>
            <tr>
              <th scope="col">place</th>
              <th scope="col">film</th>
              <th scope="col">
                <span className="visually-hidden">actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {FILM_SLOTS.map((slot) => {
              const film = films.data.find((f) => f.slot === slot.id);
              return (
                <tr key={slot.id}>
                  <th scope="row">
                    {slot.label}
                    <br />
                    <small className="adm-muted">{slot.page ?? `/allvideos/${slot.id}`}</small>
                  </th>
                  <td>
                    {editing === slot.id ? (
                      <FilmForm slot={slot} film={film} onDone={() => setEditing(undefined)} />
                    ) : (
                      <Current film={film} />
                    )}
                  </td>
                  <td>
                    <div className="adm-row">
                      {editing !== slot.id && (
                        <button
                          type="button"
                          onClick={() => setEditing(slot.id)}
                          aria-label={`edit ${slot.label}`}
                        >
                          edit
                        </button>
                      )}
                      {film && (
                        <ConfirmButton
                          label="clear"
                          question={`clear the film of ${slot.label}? its page will say "this film is coming soon".`}
                          onConfirm={async () => {
                            await adminDelete('/films', undefined, {
                              slot: slot.id as AdminBody<'/films', 'delete'>['slot'],
                            });
                            await queryClient.invalidateQueries({ queryKey: FILMS_KEY });
                          }}
                        />
                      )}
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </AdminPage>
  );
}
