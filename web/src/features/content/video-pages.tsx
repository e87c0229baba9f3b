import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useParams } from 'react-router-dom';
import type { getProRelatedVideoContract } from '#shared/contracts/catalog.ts';
import type { Answer } from '#shared/contracts/contract.ts';
import { NotFound } from '../../app/not-found.tsx';
import { BackLink } from '../../components/back-button.tsx';
import { Loading, Page } from '../../components/page.tsx';
import { VideoPlayer } from '../../components/video-player.tsx';
import { ApiError, apiGet } from '../../lib/api.ts';
import { useNavValues } from '../../lib/nav-input.ts';
import { hostedVideo, PILLARS } from './constants.ts';
import { HostedFilm, Lead } from './content-ui.tsx';

/** 000 §2: /allvideos, one hosted film a row; the embed ids are placeholders (constants.ts). */
export interface FilmEntry {
  slug: string;
  title: string;
  /** Product type and materials, for the collections. */
  note?: string;
  src: string;
}

const collection = (slug: string, number: string, note: string, id: string): FilmEntry => ({
  slug,
  title: `collection ${number}`,
  note,
  src: hostedVideo(id),
});

export const FILMS: readonly FilmEntry[] = [
  { slug: 'one-of-one', title: 'one of one luxury', src: hostedVideo('000000001') },
  { slug: 'mission-video', title: 'mission', src: hostedVideo('000000002') },
  { slug: 'meaning-video', title: 'meaning', src: hostedVideo('000000003') },
  { slug: 'music-video', title: 'music video', src: hostedVideo('000000004') },
  collection('colection-bag', '#1', 'bag — calfskin leather, gold-tone brass', '000000101'),
  collection('collection-2', '#2', 'evening gown — silk satin, silk organza', '000000102'),
  collection('collection-3', '#3', 'shoes — patent leather, leather sole', '000000103'),
  collection('collection-4', '#4', 'coat — cashmere, silk lining', '000000104'),
  collection('collection-5', '#5', 'ring — 18k gold, enamel', '000000105'),
  collection('collection-6', '#6', 'watch — stainless steel, sapphire crystal, alligator strap', '000000106'),
  collection('collection-7', '#7', 'eyewear — acetate, titanium', '000000107'),
  collection('collection-8', '#8', 'scarf — silk twill, hand-rolled edges', '000000108'),
  collection('collection-9', '#9', 'oxfords — calfskin, Goodyear-welted sole', '000000109'),
  collection('collection-10', '#10', 'suit — wool and mohair, horn buttons', '000000110'),
  collection('collection-1112', '#11 and #12', 'vase and bowl — hand-blown glass, brass', '000000111'),
  collection('collection-13', '#13', 'necklace — sterling silver, lacquer', '000000113'),
  collection('collection-14', '#14', 'sneakers — nappa leather, suede', '000000114'),
  collection('collection-15', '#15', 'travel bag — canvas, vegetable-tanned leather', '000000115'),
  collection('collection-16', '#16', 'bicycle — steel frame, leather saddle', '000000116'),
  collection('collection-17', '#17', 'throw — merino wool, cashmere', '000000117'),
  collection('collection-18', '#18', 'pen — lacquered brass, gold nib', '000000118'),
  { slug: 'fashion-show', title: 'fashion show', src: hostedVideo('000000201') },
  { slug: 'about-us', title: 'about us', src: hostedVideo('000000202') },
  { slug: 'how-to-shop', title: 'how to shop', src: hostedVideo('000000203') },
  { slug: 'how-to-colors', title: 'how to pick colours', src: hostedVideo('000000204') },
];

export function AllVideos() {
  return (
    <Page title="Videos">
      <Lead>Our films: the house, its mission, and every collection.</Lead>
      <nav aria-label="Videos">
        <ol className="content-films">
          {FILMS.map((film) => (
            <li key={film.slug}>
              <Link to={`/allvideos/${film.slug}`}>
                <span className="content-menu-label">{film.title}</span>
                {film.note && <span className="content-menu-note">{film.note}</span>}
              </Link>
            </li>
          ))}
        </ol>
      </nav>
    </Page>
  );
}

export function FilmPage() {
  const { slug } = useParams();
  const film = FILMS.find((f) => f.slug === slug);
  if (!film) return <NotFound />;
  return (
    <main className="page">
      <BackLink className="back-button content-back-link" to="/allvideos">
        <span aria-hidden="true">←</span> all videos
      </BackLink>
      <h1>{film.title}</h1>
      {film.note && <p className="content-lead">{film.note}</p>}
      <HostedFilm src={film.src} title={film.title} />
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
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
    queryFn: async () => {
      const answer = await apiGet<Answer<typeof getProRelatedVideoContract>>('/get-pro-related-video', {
        id: type,
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
