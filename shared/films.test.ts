import { describe, expect, it } from 'vitest';
import { meaningUrlSchema, setFilmInput } from './contracts/films.ts';
import { FILM_SLOTS, filmOfUrl } from './films.ts';

describe('films', () => {
  it('has one stable, unique id a slot; about 25 on /allvideos', () => {
    const ids = FILM_SLOTS.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(FILM_SLOTS.filter((s) => s.listed)).toHaveLength(25);
    expect(ids).toEqual(
      expect.arrayContaining(['one-of-one', 'mission-video', 'music-video', 'club', 'how-to-measure']),
    );
    // A film not on /allvideos says which page shows it (the admin films page names it).
    for (const slot of FILM_SLOTS.filter((s) => !s.listed)) expect(slot.page, slot.id).toMatch(/^\//);
  });

  it('reads a meaning address back as an upload or a listed provider film, and nothing else', () => {
    expect(filmOfUrl('s3/videos/collection.mp4')).toEqual({
      source: 'upload',
      video: 's3/videos/collection.mp4',
    });
    expect(filmOfUrl('https://player.vimeo.com/video/76979871')).toEqual({
      source: 'embed',
      provider: 'vimeo',
      id: '76979871',
    });
    expect(filmOfUrl('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ')).toMatchObject({
      provider: 'youtube',
    });
    for (const bad of [
      'https://player.vimeo.com/video/abc',
      'https://player.vimeo.com/video/1?autoplay=1',
      'https://evil.example/video/1',
      's3/videos/../authenticity/a.mp4',
      's3/authenticity/a.mp4',
      'javascript:alert(1)',
    ])
      expect(filmOfUrl(bad), bad).toBeUndefined();
    expect(meaningUrlSchema.safeParse('').success).toBe(true);
    expect(meaningUrlSchema.safeParse('https://evil.example/x.mp4').success).toBe(false);
  });

  it('takes an upload only with a poster, and an embed id only of its provider', () => {
    const ok = (film: unknown) => setFilmInput.safeParse({ slot: 'club', title: 'club', film }).success;
    expect(ok({ source: 'upload', video: 's3/videos/a.mp4', poster: 's3/collection_images/p.png' })).toBe(
      true,
    );
    expect(ok({ source: 'upload', video: 's3/videos/a.mp4' })).toBe(false);
    expect(ok({ source: 'embed', provider: 'youtube', id: '76979871' })).toBe(false);
    expect(ok({ source: 'embed', provider: 'vimeo', id: '76979871', extra: 1 })).toBe(false);
  });
});
