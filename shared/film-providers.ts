/**
 * The hosted-video providers staff may embed a film from. Everything else about a film is
 * content (an upload to the media bucket with a poster, or an embed from one of these); the
 * Content-Security-Policy's `frame-src` is derived from this list and from nothing else.
 */
export const FILM_PROVIDERS = {
  vimeo: {
    label: 'Vimeo',
    /** The player's origin, as the CSP names it. */
    origin: 'https://player.vimeo.com',
    /** A provider's own video id: digits only. */
    idPattern: /^[0-9]{1,20}$/,
    embedUrl: (id: string) => `https://player.vimeo.com/video/${id}`,
  },
  youtube: {
    label: 'YouTube',
    // The privacy-enhanced host: no cookies until the shopper presses play.
    origin: 'https://www.youtube-nocookie.com',
    idPattern: /^[A-Za-z0-9_-]{11}$/,
    embedUrl: (id: string) => `https://www.youtube-nocookie.com/embed/${id}`,
  },
} as const;

export type FilmProvider = keyof typeof FILM_PROVIDERS;
export const FILM_PROVIDER_IDS = Object.keys(FILM_PROVIDERS) as FilmProvider[];

/** The origins a page may frame for films: the CSP's `frame-src` adds exactly these. */
export const FILM_FRAME_ORIGINS: readonly string[] = FILM_PROVIDER_IDS.map((id) => FILM_PROVIDERS[id].origin);
