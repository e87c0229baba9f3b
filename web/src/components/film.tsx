import { useState } from 'react';
import type { PublicFilm } from '#shared/contracts/films.ts';
import { FILM_PROVIDERS } from '#shared/film-providers.ts';
import { filmOfUrl, videoType } from '#shared/films.ts';
import { mediaSrc } from '#shared/media.ts';
import { HostedVideo } from './video-player.tsx';
import './film.css';

/** The words of a film place staff have not filled yet. */
export const FILM_COMING_SOON = 'this film is coming soon';

export function FilmComingSoon({ title }: { title: string }) {
  return (
    <div className="film-soon" role="note" aria-label={title}>
      <p>{FILM_COMING_SOON}</p>
    </div>
  );
}

/**
 * A provider's film behind a quiet play button: the embed (and the third party behind it) loads
 * only when the visitor asks to play, so a page costs nothing until then.
 */
export function HostedFilm({ src, title }: { src: string; title: string }) {
  const [playing, setPlaying] = useState(false);
  if (playing) return <HostedVideo src={src} title={title} />;
  return (
    <div className="content-film">
      <button type="button" className="content-film-play" onClick={() => setPlaying(true)}>
        <span className="content-film-icon" aria-hidden="true" />
        <span className="content-film-caption">
          play <span className="content-film-title">{title}</span>
        </span>
      </button>
    </div>
  );
}

/** An uploaded film, served from the shop's own /media, with its poster until it plays. */
export function UploadedFilm({
  src,
  type,
  poster,
  title,
}: {
  src: string;
  type: string;
  poster?: string;
  title: string;
}) {
  return (
    // biome-ignore lint/a11y/useMediaCaption: the shop's films are wordless.
    <video
      className="video film-video"
      controls
      playsInline
      preload="metadata"
      poster={poster}
      aria-label={title}
    >
      <source src={src} type={type} />
    </video>
  );
}

/** A content slot's film as staff set it (GET /films), or "coming soon" while it has none. */
export function Film({ film, title }: { film: PublicFilm | undefined; title: string }) {
  if (!film) return <FilmComingSoon title={title} />;
  if (film.source === 'embed') return <HostedFilm src={film.embedUrl} title={film.title} />;
  return <UploadedFilm src={film.src} type={film.type} poster={film.posterSrc} title={film.title} />;
}

/**
 * A film kept as one stored address (a size's meaning video): an upload (`s3/videos/…`) or a
 * listed provider's player address. Anything else is not played.
 */
export function FilmAt({ url, title }: { url: string; title: string }) {
  const film = filmOfUrl(url);
  if (!film) return <FilmComingSoon title={title} />;
  if (film.source === 'embed')
    return <HostedFilm src={FILM_PROVIDERS[film.provider].embedUrl(film.id)} title={title} />;
  return <UploadedFilm src={mediaSrc(film.video)} type={videoType(film.video)} title={title} />;
}
