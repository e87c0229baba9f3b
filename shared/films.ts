import { FILM_PROVIDER_IDS, FILM_PROVIDERS, type FilmProvider } from '#shared/film-providers.ts';
import { S3_URL_PREFIX } from '#shared/media.ts';

/**
 * The films of the content pages as content: each place in the spec that shows a film is a
 * slot with a stable id, and staff put one film in it (an upload to the media bucket with a
 * poster, or an embed from a provider of film-providers.ts). 000 §7: /allvideos lists about 25
 * titled films, each on its own page (`/allvideos/<slot>`); the mission pages show the
 * 'mission-video' film, the music page the 'music-video' film, the club page and "How to
 * measure" (/products/measure) their own.
 */
export interface FilmSlot {
  id: string;
  /** The link's words on /allvideos, and the film's title until staff give it one. */
  label: string;
  /** Product type and materials, for the collections' films. */
  note?: string;
  /** Listed on /allvideos (the club's and the measuring film are shown on their pages only). */
  listed: boolean;
  /** The page an unlisted film is shown on. */
  page?: string;
}

const listed = (id: string, label: string, note?: string): FilmSlot => ({
  id,
  label,
  listed: true,
  ...(note ? { note } : {}),
});
const collection = (id: string, number: string, note: string) => listed(id, `collection ${number}`, note);

export const FILM_SLOTS: readonly FilmSlot[] = [
  listed('one-of-one', 'one of one luxury'),
  listed('mission-video', 'mission'),
  listed('meaning-video', 'meaning'),
  listed('music-video', 'music video'),
  collection('colection-bag', '#1', 'bag — calfskin leather, gold-tone brass'),
  collection('collection-2', '#2', 'evening gown — silk satin, silk organza'),
  collection('collection-3', '#3', 'shoes — patent leather, leather sole'),
  collection('collection-4', '#4', 'coat — cashmere, silk lining'),
  collection('collection-5', '#5', 'ring — 18k gold, enamel'),
  collection('collection-6', '#6', 'watch — stainless steel, sapphire crystal, alligator strap'),
  collection('collection-7', '#7', 'eyewear — acetate, titanium'),
  collection('collection-8', '#8', 'scarf — silk twill, hand-rolled edges'),
  collection('collection-9', '#9', 'oxfords — calfskin, Goodyear-welted sole'),
  collection('collection-10', '#10', 'suit — wool and mohair, horn buttons'),
  collection('collection-1112', '#11 and #12', 'vase and bowl — hand-blown glass, brass'),
  collection('collection-13', '#13', 'necklace — sterling silver, lacquer'),
  collection('collection-14', '#14', 'sneakers — nappa leather, suede'),
  collection('collection-15', '#15', 'travel bag — canvas, vegetable-tanned leather'),
  collection('collection-16', '#16', 'bicycle — steel frame, leather saddle'),
  collection('collection-17', '#17', 'throw — merino wool, cashmere'),
  collection('collection-18', '#18', 'pen — lacquered brass, gold nib'),
  listed('fashion-show', 'fashion show'),
  listed('about-us', 'about us'),
  listed('how-to-shop', 'how to shop'),
  listed('how-to-colors', 'how to pick colours'),
  { id: 'club', label: 'club', listed: false, page: '/world/club' },
  { id: 'how-to-measure', label: 'how to measure', listed: false, page: '/products/measure' },
];

export const FILM_SLOT_IDS = FILM_SLOTS.map((s) => s.id) as [string, ...string[]];

/** The slots the world pages show. */
export const MISSION_FILM = 'mission-video';
export const MUSIC_FILM = 'music-video';
export const CLUB_FILM = 'club';
/** "How to measure" (/products/measure), a film staff set like the others. */
export const MEASURE_FILM = 'how-to-measure';

export const filmSlot = (id: string): FilmSlot | undefined => FILM_SLOTS.find((s) => s.id === id);

/** Stored urls of uploads: a video under videos/, a poster picture under collection_images/. */
// Plain path segments only (none starts with a dot), so no `..` can leave the public prefix.
export const VIDEO_URL =
  /^s3\/videos\/(?:[A-Za-z0-9_-][A-Za-z0-9_.-]*\/){0,4}[A-Za-z0-9_-][A-Za-z0-9_.-]*\.(mp4|webm|mov)$/;
export const POSTER_URL =
  /^s3\/collection_images\/(?:[A-Za-z0-9_-][A-Za-z0-9_.-]*\/){0,4}[A-Za-z0-9_-][A-Za-z0-9_.-]*\.(jpe?g|png|webp|gif)$/;

export const MEANING_MESSAGE = 'a meaning video must be an uploaded video or a Vimeo or YouTube film';

export const FILM_MESSAGES = {
  slot: 'please choose one of the film places',
  title: 'please give the film a title (at most 120 characters)',
  source: 'please choose an embed or an upload',
  provider: `please choose a provider (${FILM_PROVIDER_IDS.join(', ')})`,
  embedId: "this is not a video id of that provider (the id is the last part of the video's address)",
  video: 'please upload a video (MP4 or WebM)',
  poster: 'please upload a poster picture (JPEG, PNG, WebP or GIF)',
} as const;

const VIDEO_TYPES: Record<string, string> = { mp4: 'video/mp4', webm: 'video/webm', mov: 'video/quicktime' };

/** The content type a stored video is served with (by its extension, as /media does). */
export function videoType(url: string): string {
  return VIDEO_TYPES[url.slice(url.lastIndexOf('.') + 1).toLowerCase()] ?? 'video/mp4';
}

/**
 * A size's meaning video (000 §3 "meaning video address") is one stored address: an uploaded
 * video (`s3/videos/…`) or a provider's player address. These turn a film choice into that
 * address and back; anything else is not a film.
 */
export function meaningUrl(
  choice: { source: 'embed'; provider: FilmProvider; id: string } | { video: string },
) {
  return 'provider' in choice ? FILM_PROVIDERS[choice.provider].embedUrl(choice.id) : choice.video;
}

export type StoredFilm =
  | { source: 'upload'; video: string }
  | { source: 'embed'; provider: FilmProvider; id: string };

/** A stored meaning address read back as a film, or undefined when it is neither an upload nor an embed. */
export function filmOfUrl(url: string): StoredFilm | undefined {
  if (url.startsWith(S3_URL_PREFIX))
    return VIDEO_URL.test(url) ? { source: 'upload', video: url } : undefined;
  for (const provider of FILM_PROVIDER_IDS) {
    const base = FILM_PROVIDERS[provider].embedUrl('');
    if (url.startsWith(base)) {
      const id = url.slice(base.length);
      if (FILM_PROVIDERS[provider].idPattern.test(id)) return { source: 'embed', provider, id };
    }
  }
  return undefined;
}
