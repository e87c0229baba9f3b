import { describe, expect, it } from 'vitest';
import { PUBLIC_MEDIA_PREFIXES } from '#shared/constants.ts';
import { loadMediaEdge, MEDIA_REQUEST_CODE, MEDIA_RESPONSE_CODE } from '../../infra/edge/media-path.ts';

/**
 * The code CloudFront runs for /media/* (infra/edge/*.js, the same code the local gateway runs),
 * evaluated here as CloudFront would, against paths meant to reach what is not public.
 */
const edge = loadMediaEdge();
const request = (uri: string) => edge.onRequest({ request: { uri, querystring: { a: { value: '1' } } } });

const HOSTILE: [string, string][] = [
  ['dot segments', '/media/collection_images/../authenticity/p-meridien-01-1.jpg'],
  ['encoded dot segments', '/media/collection_images/%2e%2e/authenticity/p-meridien-01-1.jpg'],
  ['double-encoded dot segments', '/media/collection_images/%252e%252e/authenticity/p-meridien-01-1.jpg'],
  ['triple-encoded dot segments', '/media/collection_images/%25252e%25252e/authenticity/p.svg'],
  ['mixed-case encoding', '/media/collection_images/%2E%2e/authenticity/p.svg'],
  ['encoded slash and dots', '/media/collection_images%2f..%2fauthenticity%2fp.svg'],
  ['double-encoded slash', '/media/collection_images%252f..%252fauthenticity%252fp.svg'],
  ['backslash', '/media/collection_images/..\\authenticity\\p.svg'],
  ['encoded backslash', '/media/collection_images/..%5cauthenticity%5cp.svg'],
  ['double-encoded backslash', '/media/collection_images/..%255cauthenticity%255cp.svg'],
  ['encoded question mark', '/media/collection_images/a.svg%3Fprefix=authenticity/'],
  ['double-encoded question mark', '/media/collection_images/a.svg%253Fprefix=authenticity/'],
  ['encoded hash', '/media/collection_images/a.svg%23x'],
  ['NUL byte', '/media/collection_images/a.svg%00.jpg'],
  ['double-encoded NUL', '/media/collection_images/a.svg%2500.jpg'],
  ['control character', '/media/collection_images/a%0a.svg'],
  ['overlong UTF-8 dot', '/media/collection_images/%c0%ae%c0%ae/authenticity/p.svg'],
  ['overlong UTF-8 slash', '/media/collection_images/..%c0%afauthenticity%c0%afp.svg'],
  ['malformed escape', '/media/collection_images/%zz.svg'],
  ['bucket listing', '/media/collection_images/'],
  ['double-encoded listing', '/media/collection_images/%252e%252e/'],
  ['private prefix', '/media/authenticity/p-meridien-01-1.jpg'],
  ['encoded private prefix', '/media/%61uthenticity/p.svg'],
  ['empty segment', '/media/collection_images//a.svg'],
  ['single dot segment', '/media/collection_images/./a.svg'],
  ['prefix look-alike', '/media/collection_images_x/a.svg'],
  ['HTML stored under a public prefix', '/media/collection_images/page.html'],
  ['no extension', '/media/videos/clip'],
  ['script extension', '/media/collection_images/x.js'],
  ['encoding deeper than the decoder goes', '/media/collection_images/%252525252e%252525252e/a.svg'],
  ['not under /media', '/api/admin'],
  ['space-padded segment', '/media/collection_images/%20../a.svg'],
];

describe('the CloudFront function of /media/* (viewer request), run as CloudFront runs it', () => {
  it('is one self-contained file per function, without modules', () => {
    for (const code of [MEDIA_REQUEST_CODE, MEDIA_RESPONSE_CODE]) {
      expect(code).toMatch(/function handler\(event\)/);
      expect(code).not.toMatch(/\b(import|export|require)\b/);
      // CloudFront Functions take at most 10 KB of code.
      expect(Buffer.byteLength(code)).toBeLessThan(10_240);
    }
  });

  for (const [what, uri] of HOSTILE) {
    it(`refuses ${what}: ${uri}`, () => {
      expect(request(uri)).toEqual({ statusCode: 404, statusDescription: 'Not Found' });
    });
  }

  it('serves plain keys under the public prefixes, re-encoded, with no query string', () => {
    expect(request('/media/collection_images/p-aurora-08-1.svg')).toEqual({
      uri: '/collection_images/p-aurora-08-1.svg',
      querystring: {},
    });
    expect(request('/media/videos/film%201.mp4')).toEqual({ uri: '/videos/film%201.mp4', querystring: {} });
    expect(request('/media/collection_images/caf%C3%A9.JPG')).toEqual({
      uri: '/collection_images/caf%C3%A9.JPG',
      querystring: {},
    });
  });

  it('knows the same public prefixes as the rest of the shop', () => {
    for (const prefix of PUBLIC_MEDIA_PREFIXES)
      expect(edge.mediaKey(`/media/${prefix}a.png`)).toBe(`${prefix}a.png`);
    expect(edge.mediaKey('/media/authenticity/a.png')).toBeNull();
  });
});

describe('the CloudFront function of /media/* (viewer response)', () => {
  const respond = (uri: string, storedType: string, statusCode = 200) =>
    edge.onResponse({
      request: { uri, querystring: {} },
      response: { statusCode, headers: { 'content-type': { value: storedType } } },
    }).headers['content-type']?.value;

  it('types an answer by its checked extension, whatever it was stored as', () => {
    expect(respond('/collection_images/a.svg', 'text/html')).toBe('image/svg+xml');
    expect(respond('/collection_images/a.jpg', 'text/html; charset=utf-8')).toBe('image/jpeg');
    expect(respond('/videos/a.mp4', 'application/javascript')).toBe('video/mp4');
    expect(respond('/videos/a.webm', '')).toBe('video/webm');
  });

  it('leaves error answers as they are', () => {
    expect(respond('/collection_images/a.jpg', 'application/xml', 404)).toBe('application/xml');
  });
});
