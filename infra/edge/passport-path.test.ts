import { describe, expect, it } from 'vitest';
import { entriesPath, tilePath } from '#shared/passport/tiles.ts';
import { loadPassportEdge } from './passport-path.ts';

const edge = loadPassportEdge();
const keyOf = (uri: string) => {
  const answer = edge({ request: { uri, querystring: { a: 1 } } });
  return 'uri' in answer ? answer.uri : answer.statusCode;
};

describe('the CloudFront Function of the passport files', () => {
  it("maps the key set's well-known name to passport/keys.json and keeps the log's files", () => {
    expect(keyOf('/.well-known/passport-keys.json')).toBe('/passport/keys.json');
    for (const path of [
      'checkpoint',
      'checkpoints.txt',
      'checkpoints/41',
      tilePath(0, 0),
      tilePath(0, 1234067, 17),
      tilePath(2, 3),
      entriesPath(5, 255),
    ])
      expect(keyOf(`/passport/log/${path}`), path).toBe(`/passport/log/${path}`);
    expect(keyOf('/passport/keys.json')).toBe('/passport/keys.json');
    const photo = `/passport/photos/p-1/${'ab'.repeat(32)}.jpg`;
    expect(keyOf(photo)).toBe(photo);
    expect(keyOf('/passport/export/vectors.json')).toBe('/passport/export/vectors.json');
  });

  it("maps a release draw's list, its witnessing and its result to draws/ of the bucket, and nothing else", () => {
    const id = 'd-AAAAAAAAAAAAAAAAAAAAAA';
    expect(keyOf(`/passport/draws/${id}/entries.txt`)).toBe(`/draws/${id}/entries.txt`);
    expect(keyOf(`/passport/draws/${id}/witnessed.json`)).toBe(`/draws/${id}/witnessed.json`);
    expect(keyOf(`/passport/draws/${id}/result.json`)).toBe(`/draws/${id}/result.json`);
    for (const uri of [
      `/passport/draws/${id}/other.txt`,
      '/passport/draws/d-short/entries.txt',
      `/passport/draws/${id}/../x/entries.txt`,
      '/passport/draws/',
      `/draws/${id}/entries.txt`,
    ])
      expect(keyOf(uri), uri).toBe(404);
  });

  it('answers 404 to anything else under /passport', () => {
    for (const uri of [
      '/passport/',
      '/passport/log/',
      '/passport/log/other',
      '/passport/log/checkpoints/',
      '/passport/log/checkpoints/4a',
      `/passport/photos/p-1/${'ab'.repeat(32)}.svg`,
      `/passport/photos/p-1/${'ab'.repeat(31)}.jpg`,
      `/passport/photos/../${'ab'.repeat(32)}.jpg`,
      '/passport/log/tile/0/1',
      '/passport/log/tile/0/001/../../keys.json',
      '/passport/export/..',
      '/passport/export/a/b',
      '/passport/keys.json.bak',
      '/.well-known/other.json',
    ])
      expect(keyOf(uri), uri).toBe(404);
  });
});
