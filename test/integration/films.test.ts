import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { FILM_MESSAGES, FILM_SLOTS, MEANING_MESSAGE, MEASURE_FILM } from '#shared/films.ts';
import { adminApi, loggedInAdmin, type TestAdmin } from '../support/admin.ts';
import { api } from '../support/api.ts';
import { getRaw, itemsWithPrefix, putItems } from '../support/db.ts';
import { store, typeEntity, uniqueId } from '../support/fixtures.ts';
import { jpeg, objectAddress, uploadAs } from '../support/media.ts';

/** Films as content (issue 20): the public read, staff setting and clearing a slot's film, a size's meaning videos. */

const CLIP = readFileSync(new URL('../../infra/local/demo/media/atelier.mp4', import.meta.url));
const posterBytes = () => jpeg({ width: 48, height: 60, background: '#5a1520', quality: 80 });

let admin: TestAdmin;

beforeAll(async () => {
  admin = await loggedInAdmin();
});

/** Puts bytes through /upload-url as the admin page does; answers the stored url (`s3/…`). */
const upload = async (kind: 'image' | 'video', bytes: Buffer, contentType: string): Promise<string> =>
  (await uploadAs(admin, kind, bytes, contentType)).url;

type PublicFilm = Record<string, unknown> & { slot: string };
const films = async () => {
  const answer = await api<{ films: PublicFilm[] }>('/films');
  expect(answer.status, answer.text).toBe(200);
  return answer.body.films;
};
const filmOf = async (slot: string) => (await films()).find((f) => f.slot === slot);
const auditOf = async (slot: string) =>
  (await itemsWithPrefix('AUDIT#'))
    .filter((a) => a.entity === 'film' && a.entityId === slot)
    .sort((a, b) => String(a.at).localeCompare(String(b.at)));
const stored = (url: string) => objectAddress(inject('mediaBucket'), url.slice('s3/'.length));

describe('films', () => {
  it('sets an embed: the public read gives the provider player address; audited', async () => {
    const answer = await adminApi(admin, '/films', {
      method: 'POST',
      json: {
        slot: 'collection-5',
        title: ' the ring ',
        film: { source: 'embed', provider: 'vimeo', id: '76979871' },
      },
    });
    expect(answer.status, answer.text).toBe(200);
    expect(await filmOf('collection-5')).toEqual({
      slot: 'collection-5',
      title: 'the ring',
      source: 'embed',
      provider: 'vimeo',
      id: '76979871',
      embedUrl: 'https://player.vimeo.com/video/76979871',
    });
    const [entry] = await auditOf('collection-5');
    // The demo fills every slot, so this replaces its film.
    expect(entry).toMatchObject({ action: 'replace-film', after: { title: 'the ring' } });
  });

  it('sets an upload with a poster, served through /media; replacing it deletes the old files', async () => {
    const video = await upload('video', CLIP, 'video/mp4');
    const poster = await upload('image', await posterBytes(), 'image/jpeg');
    const set = await adminApi(admin, '/films', {
      method: 'POST',
      json: { slot: 'about-us', title: 'about us', film: { source: 'upload', video, poster } },
    });
    expect(set.status, set.text).toBe(200);
    const film = await filmOf('about-us');
    expect(film).toMatchObject({ source: 'upload', video, poster, type: 'video/mp4' });
    const src = String(film?.src);
    expect(src).toMatch(/^\/media\/videos\/[0-9a-f-]{36}\.mp4$/);
    expect(String(film?.posterSrc)).toMatch(/^\/media\/collection_images\/[0-9a-f-]{36}\.jpg$/);
    const served = await fetch(`${inject('baseUrl')}${src}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await served.arrayBuffer()).equals(CLIP)).toBe(true);
    expect((await fetch(`${inject('baseUrl')}${String(film?.posterSrc)}`)).status).toBe(200);

    // A title change keeps the files (their tickets are spent; they are the slot's own).
    const retitled = await adminApi(admin, '/films', {
      method: 'POST',
      json: { slot: 'about-us', title: 'the house', film: { source: 'upload', video, poster } },
    });
    expect(retitled.status, retitled.text).toBe(200);
    expect((await fetch(stored(video))).status).toBe(200);

    // Replaced by an embed: the uploaded files are gone.
    const replaced = await adminApi(admin, '/films', {
      method: 'POST',
      json: {
        slot: 'about-us',
        title: 'the house',
        film: { source: 'embed', provider: 'youtube', id: 'dQw4w9WgXcQ' },
      },
    });
    expect(replaced.status, replaced.text).toBe(200);
    expect((await filmOf('about-us'))?.embedUrl).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect((await fetch(stored(video))).status).toBe(404);
    expect((await fetch(stored(poster))).status).toBe(404);
    expect((await auditOf('about-us')).map((a) => a.action)).toEqual([
      'replace-film',
      'replace-film',
      'replace-film',
    ]);
  });

  it('a used upload ticket cannot put the same file in another slot', async () => {
    const video = await upload('video', CLIP, 'video/mp4');
    const poster = await upload('image', await posterBytes(), 'image/jpeg');
    const film = { source: 'upload', video, poster };
    expect(
      (
        await adminApi(admin, '/films', {
          method: 'POST',
          json: { slot: 'fashion-show', title: 'show', film },
        })
      ).status,
    ).toBe(200);
    const again = await adminApi(admin, '/films', {
      method: 'POST',
      json: { slot: 'how-to-shop', title: 'shop', film },
    });
    expect(again.status).toBe(400);
    expect((await filmOf('how-to-shop'))?.title).not.toBe('shop');
  });

  it('clears a slot: gone from the public read, audited, the demo clip kept; clearing an empty slot is 404', async () => {
    const seeded = await filmOf('club');
    expect(seeded).toMatchObject({ source: 'upload' });
    const set = await adminApi(admin, '/films', {
      method: 'POST',
      json: { slot: 'club', title: 'the club', film: { source: 'embed', provider: 'vimeo', id: '1' } },
    });
    expect(set.status, set.text).toBe(200);
    expect(await filmOf('club')).toBeDefined();
    const cleared = await adminApi(admin, '/films?slot=club', { method: 'DELETE' });
    expect(cleared.status, cleared.text).toBe(200);
    expect(await filmOf('club')).toBeUndefined();
    expect(await getRaw('FILMS', 'FILM#club')).toBeUndefined();
    expect((await auditOf('club')).map((a) => a.action)).toEqual(['replace-film', 'clear-film']);
    // Only files an admin upload made are ever deleted: the demo's shared clip stays.
    expect((await fetch(stored(String(seeded?.video)))).status).toBe(200);
    expect((await adminApi(admin, '/films', { method: 'DELETE', json: { slot: 'club' } })).status).toBe(404);
  });

  it('"How to measure" is a slot staff set like the others: the demo fills it, an upload replaces it, a clear empties it', async () => {
    const demo = await getRaw('FILMS', `FILM#${MEASURE_FILM}`);
    const seeded = await filmOf(MEASURE_FILM);
    expect(seeded).toMatchObject({
      source: 'upload',
      title: 'how to measure',
      src: '/media/videos/measure.mp4',
    });
    try {
      const video = await upload('video', CLIP, 'video/mp4');
      const poster = await upload('image', await posterBytes(), 'image/jpeg');
      const set = await adminApi(admin, '/films', {
        method: 'POST',
        json: {
          slot: MEASURE_FILM,
          title: 'measuring, step by step',
          film: { source: 'upload', video, poster },
        },
      });
      expect(set.status, set.text).toBe(200);
      const film = await filmOf(MEASURE_FILM);
      expect(film).toMatchObject({
        title: 'measuring, step by step',
        source: 'upload',
        video,
        type: 'video/mp4',
      });
      expect((await fetch(`${inject('baseUrl')}${String(film?.src)}`)).status).toBe(200);
      // The demo's clip stays: the size finder's measuring steps play it too.
      expect((await fetch(stored(String(seeded?.video)))).status).toBe(200);
      const cleared = await adminApi(admin, `/films?slot=${MEASURE_FILM}`, { method: 'DELETE' });
      expect(cleared.status, cleared.text).toBe(200);
      expect(await filmOf(MEASURE_FILM)).toBeUndefined();
      expect((await auditOf(MEASURE_FILM)).map((a) => a.action)).toEqual(['replace-film', 'clear-film']);
    } finally {
      // The browser suites play the demo's film on /products/measure.
      if (demo) await putItems([demo]);
    }
  });

  it('refuses bad input with 400 and its words, and writes nothing', async () => {
    // This suite's admin's entries: other suites audit on the same stack meanwhile.
    const audited = async () =>
      (await itemsWithPrefix('AUDIT#')).filter((a) => a.admin === admin.username).length;
    const before = await audited();
    const video = await upload('video', CLIP, 'video/mp4');
    const bad: [Record<string, unknown>, string][] = [
      [
        { slot: 'nope', title: 't', film: { source: 'embed', provider: 'vimeo', id: '1' } },
        FILM_MESSAGES.slot,
      ],
      [
        { slot: 'club', title: '  ', film: { source: 'embed', provider: 'vimeo', id: '1' } },
        FILM_MESSAGES.title,
      ],
      [
        { slot: 'club', title: 't', film: { source: 'embed', provider: 'dailymotion', id: '1' } },
        FILM_MESSAGES.provider,
      ],
      [
        { slot: 'club', title: 't', film: { source: 'embed', provider: 'vimeo', id: 'abc' } },
        FILM_MESSAGES.embedId,
      ],
      [
        { slot: 'club', title: 't', film: { source: 'embed', provider: 'youtube', id: '123' } },
        FILM_MESSAGES.embedId,
      ],
      [
        { slot: 'club', title: 't', film: { source: 'link', url: 'https://evil.example/x' } },
        FILM_MESSAGES.source,
      ],
      [
        {
          slot: 'club',
          title: 't',
          film: {
            source: 'upload',
            video: 'https://evil.example/x.mp4',
            poster: 's3/collection_images/a.jpg',
          },
        },
        FILM_MESSAGES.video,
      ],
      [
        { slot: 'club', title: 't', film: { source: 'upload', video, poster: 's3/videos/a.mp4' } },
        FILM_MESSAGES.poster,
      ],
      [
        {
          slot: 'club',
          title: 't',
          film: {
            source: 'upload',
            video: 's3/videos/../authenticity/a.mp4',
            poster: 's3/collection_images/a.jpg',
          },
        },
        FILM_MESSAGES.video,
      ],
      // A poster that was never uploaded: the upload check refuses it.
      [
        {
          slot: 'club',
          title: 't',
          film: { source: 'upload', video, poster: 's3/collection_images/missing.jpg' },
        },
        'unknown or expired',
      ],
    ];
    for (const [json, message] of bad) {
      const answer = await adminApi<{ message: string }>(admin, '/films', { method: 'POST', json });
      expect(answer.status, JSON.stringify(json)).toBe(400);
      expect(answer.body.message).toContain(message);
    }
    expect((await adminApi(admin, '/films', { method: 'DELETE', json: { slot: '../x' } })).status).toBe(400);
    expect(await audited()).toBe(before);
    expect(await filmOf('club')).toBeUndefined();
  });

  it('only staff write films', async () => {
    const json = { slot: 'club', title: 't', film: { source: 'embed', provider: 'vimeo', id: '1' } };
    expect((await api('/films', { method: 'POST', json })).status).toBe(401);
    expect((await api('/films?slot=club', { method: 'DELETE' })).status).toBe(401);
  });

  it('the public read lists films in the slots order', async () => {
    const order = FILM_SLOTS.map((s) => s.id);
    const slots = (await films()).map((f) => f.slot);
    expect(slots).toEqual([...slots].sort((a, b) => order.indexOf(a) - order.indexOf(b)));
  });
});

describe("a size's meaning videos", () => {
  it('staff set them (an upload, an embed), the storefront reads them, a blank removes one', async () => {
    const type = typeEntity({ gender: 2 });
    await store({ type });
    const video = await upload('video', CLIP, 'video/mp4');
    const created = await adminApi<{ size: { id: string } }>(admin, '/sizes', {
      method: 'POST',
      json: {
        name: 'M',
        typeId: type.id,
        gender: 2,
        womenMeaning: video,
        menMeaning: 'https://player.vimeo.com/video/42',
      },
    });
    expect(created.status, created.text).toBe(200);
    const id = created.body.size.id;
    expect(await getRaw(`SIZE#${id}`, '#SIZE')).toMatchObject({
      womenMeaning: video,
      menMeaning: 'https://player.vimeo.com/video/42',
    });
    const shop = await api<{ sizes: { menMeaning?: string; womenMeaning?: string }[] }>(
      `/has-sizes?id=${type.id}`,
    );
    expect(shop.status, shop.text).toBe(200);
    expect(shop.body.sizes[0]).toMatchObject({
      womenMeaning: video,
      menMeaning: 'https://player.vimeo.com/video/42',
    });

    // Left out: kept. Blank: removed (and the upload it was deleted).
    const kept = await adminApi(admin, '/sizes', {
      method: 'PATCH',
      json: { id, name: 'M', typeId: type.id, gender: 2 },
    });
    expect(kept.status, kept.text).toBe(200);
    expect(await getRaw(`SIZE#${id}`, '#SIZE')).toMatchObject({ womenMeaning: video });
    const removed = await adminApi(admin, '/sizes', {
      method: 'PATCH',
      json: { id, name: 'M', typeId: type.id, gender: 2, womenMeaning: '' },
    });
    expect(removed.status, removed.text).toBe(200);
    const raw = await getRaw(`SIZE#${id}`, '#SIZE');
    expect(raw?.womenMeaning).toBeUndefined();
    expect(raw?.menMeaning).toBe('https://player.vimeo.com/video/42');
    expect((await fetch(stored(video))).status).toBe(404);
  });

  it('refuses an address that is neither an upload nor a provider film, and an upload never made', async () => {
    const type = typeEntity({ gender: 2 });
    await store({ type });
    for (const womenMeaning of [
      'https://evil.example/x.mp4',
      'javascript:alert(1)',
      'https://player.vimeo.com/video/abc',
    ]) {
      const answer = await adminApi<{ message: string }>(admin, '/sizes', {
        method: 'POST',
        json: { name: uniqueId('n').slice(0, 20), typeId: type.id, gender: 0, womenMeaning },
      });
      expect(answer.status, womenMeaning).toBe(400);
      expect(answer.body.message).toContain(MEANING_MESSAGE);
    }
    const never = await adminApi<{ message: string }>(admin, '/sizes', {
      method: 'POST',
      json: { name: 'never', typeId: type.id, gender: 0, womenMeaning: 's3/videos/never-uploaded.mp4' },
    });
    expect(never.status).toBe(400);
    expect(never.body.message).toContain('unknown or expired');
  });
});
