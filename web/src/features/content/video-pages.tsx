import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useParams } from 'react-router-dom';
import { FILM_SLOTS, type FilmSlot } from '#shared/films.ts';
import { NotFound } from '../../app/not-found.tsx';
import { BackLink } from '../../components/back-button.tsx';
import { Loading, Page } from '../../components/page.tsx';
import { VideoPlayer } from '../../components/video-player.tsx';
import { ApiError, apiGet } from '../../lib/api.ts';
import { filmsQuery } from '../../lib/films-query.ts';
import { useNavValues } from '../../lib/nav-input.ts';
import { isThrottled, THROTTLED_RETRIES } from '../../lib/throttled.ts';
import { PILLARS } from './constants.ts';
import { Lead } from './content-ui.tsx';
import { SlotFilm } from './films.tsx';
import { useVidsScroll } from './vids-scroll.ts';

/** 000 §2: /allvideos, one titled link a film (shared/films.ts); each film is content staff set. */
export function AllVideos() {
  const films = useQuery(filmsQuery);
  const titleOf = (slot: FilmSlot) => films.data?.find((f) => f.slot === slot.id)?.title ?? slot.label;
  // The titles are the films' own once read (or the slots' when they cannot be): then the list has its height.
  useVidsScroll(!films.isPending);
  return (
    <Page title="Videos">
      <Lead>Our films: the house, its mission, and every collection.</Lead>
      {/* Not the labels first and the staff's titles a moment later: nothing until the read answers. */}
      {films.isPending ? (
        <Loading />
      ) : (
        <nav aria-label="Videos">
          <ol className="content-films">
            {FILM_SLOTS.filter((slot) => slot.listed).map((slot) => (
              <li key={slot.id}>
                <Link to={`/allvideos/${slot.id}`}>
                  <span className="content-menu-label">{titleOf(slot)}</span>
                  {slot.note && <span className="content-menu-note">{slot.note}</span>}
                </Link>
              </li>
            ))}
          </ol>
        </nav>
      )}
    </Page>
  );
}

export function FilmPage() {
  const { slug } = useParams();
  const slot = FILM_SLOTS.find((s) => s.listed && s.id === slug);
  const films = useQuery(filmsQuery);
  if (!slot) return <NotFound />;
  const title = films.data?.find((f) => f.slot === slot.id)?.title ?? slot.label;
  return (
    <main className="page">
      <BackLink className="back-button content-back-link" to="/allvideos">
        <span aria-hidden="true">←</span> all videos
      </BackLink>
      <h1>{title}</h1>
      {slot.note && <p className="content-lead">{slot.note}</p>}
      <SlotFilm slot={slot.id} />
    </main>
  );
}

/** 000 §8 wording of an empty pillar. */
export const NO_CONTENT = 'we currently have no content available';

export function NoContent() {
  return <p className="content-empty">{NO_CONTENT}</p>;
}

/**
 * /world/episodes/viewepisodes/ (000 §2): the pillar video screen. The pillar (type) and the
 * gender come from the navigation state (or the address); the request sends the gender doubled.
 */
export function PillarVideo() {
  const { type, gender } = useNavValues();
  const valid =
    type !== undefined &&
    /^[A-Za-z0-9_-]{1,64}$/.test(type) &&
    (gender === '0' || gender === '1' || gender === '2');
  const video = useQuery({
    queryKey: ['pillar-video', type, gender],
    enabled: valid,
    retry: (count, error) =>
      isThrottled(error)
        ? count < THROTTLED_RETRIES
        : !(error instanceof ApiError && error.status < 500) && count < 1,
    queryFn: async () => {
      const answer = await apiGet('/get-pro-related-video', {
        id: type ?? '',
        gender: `${gender}${gender}`,
      });
      return answer.video ?? null;
    },
  });
  if (!valid) return <Navigate to="/" replace />;
  const label = PILLARS.find((p) => p.id === type)?.label ?? type;
  return (
    <Page title={label}>
      {video.isPending ? (
        <Loading />
      ) : video.data ? (
        <VideoPlayer url={video.data} title={`${label} episode`} />
      ) : (
        <NoContent />
      )}
    </Page>
  );
}
