import { describe, expect, it } from 'vitest';
import { keysNamedIn, keysNamedInWeb, producedInProduction, unwrittenKeys } from '../support/media-keys.ts';

/**
 * Every picture and film a page names is one production writes (issue 34): a media key written
 * in the web itself (`'s3/videos/measure.mp4'`) is a file only the local demo puts in the
 * bucket, so a real deployment shows a broken player. Pages name media only through what the
 * API answers: uploads and the films staff set in their slots.
 */
describe('media keys named by the web', () => {
  it('catches a planted literal key, in code, a template, JSX and CSS, and lets prefixes pass', () => {
    const tsx = [
      "const MEASURE_VIDEO = 's3/videos/measure.mp4';",
      'const poster = `/media/collection_images/pieces/gown.jpg`;',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: planted source text holding a template
      'const built = `s3/${key}`;',
      "const prefix = 's3/';",
      'export const A = () => <img src="/media/collection_images/hero.png" alt="" />;',
      '// a comment that names s3/videos/old.mp4 is no page of the web',
    ].join('\n');
    const named = keysNamedIn('web/src/planted.tsx', tsx);
    expect(named.map((n) => n.key)).toEqual([
      'videos/measure.mp4',
      'collection_images/pieces/gown.jpg',
      'collection_images/hero.png',
    ]);
    expect(unwrittenKeys(named)).toHaveLength(3);
    const css = '.hero { background: url("/media/collection_images/hero.jpg") center; }';
    expect(unwrittenKeys(keysNamedIn('web/src/planted.css', css)).map((n) => n.key)).toEqual([
      'collection_images/hero.jpg',
    ]);
  });

  it('knows the keys production writes: uploads and their picture sets', () => {
    const id = '0b9c2a7e-4d1f-4c3a-9e2b-7f6d5c4b3a21';
    expect(producedInProduction(`videos/${id}.mp4`)).toBe(true);
    expect(producedInProduction(`collection_images/${id}.png`)).toBe(true);
    expect(producedInProduction(`collection_images/${id}/640w.avif`)).toBe(true);
    expect(producedInProduction(`collection_images/${id}/preview-1200x630.jpg`)).toBe(true);
    expect(producedInProduction('videos/measure.mp4')).toBe(false);
    expect(producedInProduction(`videos/${id}.png`)).toBe(false);
    expect(producedInProduction('collection_images/pieces/t-aurora-front.jpg')).toBe(false);
  });

  it('finds no page of the web naming a key nothing in production writes', () => {
    expect(unwrittenKeys(keysNamedInWeb())).toEqual([]);
  });
});
