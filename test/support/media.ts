import sharp from 'sharp';
import { expect, inject } from 'vitest';
import { adminApi, type TestAdmin } from './admin.ts';
import { runJob } from './jobs.ts';

/** A colour as red, green, blue (0–255). */
export type Rgb = readonly [number, number, number];

/**
 * A real PNG, made by sharp (so its header, chunks and CRCs are right and the server's picture
 * checks and picture-set function read it): `size`×`size` pixels (or `width`×`height`), of one
 * colour or of a colour per pixel (`(x, y) => [r, g, b]`, e.g. a gradient that shows in a screenshot).
 */
export function png({
  size = 1,
  width = size,
  height = size,
  colour = [176, 141, 87],
}: {
  size?: number;
  width?: number;
  height?: number;
  colour?: Rgb | ((x: number, y: number) => Rgb);
} = {}): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const rgb = typeof colour === 'function' ? colour(x, y) : colour;
      pixels.set(rgb.map(Math.floor), (y * width + x) * 3);
    }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** A PNG as a browser's file picker hands it over (Playwright's setInputFiles). */
export const pngFile = async (name: string, options: Parameters<typeof png>[0]) => ({
  name,
  mimeType: 'image/png',
  buffer: await png(options),
});

/** A real JPEG of one colour, made by sharp. */
export const jpeg = ({ width = 900, height = 600, background = '#6b2737', quality = 90 } = {}) =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg({ quality })
    .toBuffer();

/** A PNG of a colour no other call of this gives (so each upload is a different file). */
export const anotherPng = () => png({ colour: [Math.random() * 255, 40, 90] });

/** The first box of an MP4 (a 32-byte ftyp box, `tag` in its brands): enough for the server's check of its first bytes. */
export function mp4(tag = 'isomiso2avc1mp41'): Buffer {
  const box = Buffer.alloc(32);
  box.writeUInt32BE(32, 0);
  box.write('ftypisom', 4, 'ascii');
  box.write(tag.slice(0, 16), 16, 'ascii');
  return box;
}

/** What /upload-url answers: the stored url (`s3/…`), its key and where to put the bytes. */
export interface UploadTicket {
  url: string;
  key: string;
  uploadUrl: string;
  headers: Record<string, string>;
}

/**
 * Puts bytes through /upload-url as the admin's browser does (asks for a ticket, puts the bytes
 * where it says) and answers the ticket; both steps must succeed.
 */
export async function uploadAs(
  admin: TestAdmin,
  kind: 'image' | 'authenticity' | 'video',
  bytes: Uint8Array,
  contentType: string,
): Promise<UploadTicket> {
  const ticket = await adminApi<UploadTicket>(admin, '/upload-url', {
    method: 'POST',
    json: { kind, contentType, size: bytes.length },
  });
  expect(ticket.status, ticket.text).toBe(200);
  const put = await fetch(ticket.body.uploadUrl, {
    method: 'PUT',
    headers: ticket.body.headers,
    body: new Uint8Array(bytes),
  });
  expect(put.status).toBe(200);
  return ticket.body;
}

/** Whether a stored file (`s3/…`) is still served by the gateway under /media/. */
export async function servedAtMedia(url: string | undefined): Promise<boolean> {
  if (!url) return false;
  const answer = await fetch(`${inject('baseUrl')}/media/${url.replace(/^s3\//, '')}`);
  await answer.arrayBuffer();
  return answer.status === 200;
}

/**
 * Waits until the local stack has made the picture set of every picture stored so far (its S3
 * notifications run the picture-set function in a queue, infra/local/picture-sets.ts).
 */
export async function pictureSetsMade(): Promise<{ done: number; failed: number; queued: number }> {
  const answer = await runJob('picture-sets');
  if (!answer.ok) throw new Error(`the local stack's picture sets: ${answer.status} ${await answer.text()}`);
  return ((await answer.json()) as { result: { done: number; failed: number; queued: number } }).result;
}

/** A stored object's address in the local bucket (s3rver, path style), readable without signing. */
export const objectAddress = (bucket: string, key: string) => `${inject('s3Url')}/${bucket}/${key}`;
