import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { ImageEntity } from '#catalog/entities/image.ts';
import { issueCertificate } from '#passport/index.ts';
import { parseCertificate } from '#shared/passport/certificate.ts';
import { parseCode } from '#shared/passport/code.ts';
import { verifyCertificate, verifyFragment } from '#shared/passport/verify.ts';
import { adminApi, loggedInAdmin, type TestAdmin } from '../support/admin.ts';
import { api } from '../support/api.ts';
import { getRaw, itemsWithPrefix } from '../support/db.ts';
import { productEntity, store, typeEntity, uniqueId } from '../support/fixtures.ts';
import { logEntriesOf, publishedKeySet, registerPiece, storePrivatePhoto } from '../support/passport.ts';
import { pointAtLocalStack } from '../support/stack-env.ts';

/**
 * Certificates and card codes over HTTP (docs/passport.md, The certificate, The code, Keys):
 * issued at registration and again by staff, signed by the passport signer, each checked with the
 * page's verifier against the key set the shop publishes; and a key rotation.
 */

/**
 * An authenticity photograph as an upload stores it: a camera-size JPEG, turned by its EXIF
 * orientation (6: the camera was held upright), that names its camera and carries a comment,
 * or a small one in another colour.
 */
const cameraPhoto = (shade: number) =>
  sharp({ create: { width: 4000, height: 3000, channels: 3, background: { r: shade, g: 120, b: 90 } } })
    .withExif({ IFD0: { Make: 'Hasselblad', Model: 'X2D 100C', ImageDescription: 'studio, rue Cambon' } })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 95 })
    .toBuffer();
const smallPhoto = (shade: number) =>
  sharp({ create: { width: 600, height: 800, channels: 3, background: { r: shade, g: 60, b: 50 } } })
    .jpeg()
    .toBuffer();

let admin: TestAdmin;
beforeAll(async () => {
  admin = await loggedInAdmin();
});

interface Certificate {
  issuedAt: string;
  kid: string;
  code: string;
  certificate: string;
  photos: number;
}
const issue = (pid: string) =>
  adminApi<{ certificate: Certificate; message?: string }>(admin, '/passport/certificates', {
    method: 'POST',
    json: { pid },
  });
const certificatesOf = async (pid: string) =>
  (await adminApi<{ certificates: Certificate[] }>(admin, `/passport/certificates?pid=${pid}`)).body
    .certificates;

/** The code and the certificate verify together against the published keys; the code's fields. */
async function verified(certificate: Certificate) {
  const keys = await publishedKeySet();
  const code = await verifyFragment(`/verify#${certificate.code}`, keys);
  expect(code, certificate.code).toMatchObject({ ok: true, kind: 'code' });
  const fields = parseCode(certificate.code);
  if (!fields) throw new Error('not a code');
  expect(await verifyCertificate(certificate.certificate, keys, fields)).toMatchObject({ ok: true });
  return fields;
}

let serial = 0;
const card = () => `37${Date.now().toString().slice(-9)}${String(serial++).padStart(5, '0')}`;
const auditOf = async (entityId: string, action: string) =>
  (await itemsWithPrefix('AUDIT#')).filter(
    (a) => a.admin === admin.username && a.entityId === entityId && a.action === action,
  );

describe('a certificate at registration', () => {
  it('is issued when staff register a piece: its code and certificate verify with the published keys, its issue entry waits in the log', async () => {
    const { type, id } = await registerPiece(admin, {
      name: 'Night gown',
      priceUs: 1200,
      cardNumber: card(),
    });
    const [certificate, ...older] = await certificatesOf(id);
    expect(older).toEqual([]);
    const fields = await verified(certificate as Certificate);
    expect(fields).toMatchObject({ pieceId: id, number: 1, of: 1, collection: type.name });
    const payload = parseCertificate(certificate?.certificate as string)?.payload;
    expect(payload?.credentialSubject).toMatchObject({
      id: `urn:oneofone:piece:${id}`,
      description: 'Night gown — black, red',
      photos: [],
    });
    expect(await logEntriesOf(id)).toEqual([
      expect.objectContaining({ kind: 'issue', piece: id, owner: null, cert: fields.digest }),
    ]);
  });
});

describe('a certificate issued by staff', () => {
  const type = typeEntity({ name: `Evening ${uniqueId('c')}` });
  const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 0, minutes)).toISOString();
  // Three pieces of one collection, made one after another: the last is number 3 of 3.
  const pieces = [0, 1, 2].map((i) =>
    productEntity(type, {
      name: 'Soirée gown',
      colors: ['ivory', 'gold'],
      createdAt: at(i),
      cardNumber: card(),
    }),
  );
  const third = pieces[2] as (typeof pieces)[number];
  let photoBytes: Buffer[] = [];
  const photos: ImageEntity[] = [0, 1].map((i) => ({
    kind: 'image',
    id: uniqueId('img'),
    ownerId: third.id,
    type: 2,
    index: i + 1,
    url: `s3/authenticity/passport-${third.id}-${i + 1}.jpg`,
  }));

  beforeAll(async () => {
    photoBytes = [await cameraPhoto(200), await smallPhoto(90)];
    await store({ type, products: pieces, images: photos });
    for (const [i, photo] of photos.entries())
      await storePrivatePhoto(photo.url.slice(3), photoBytes[i] as Uint8Array);
  });

  it("names the piece's place in its collection and the SHA-256 of each authenticity photograph's published copy; audited", async () => {
    const answer = await issue(third.id);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.certificate.photos).toBe(2);
    const fields = await verified(answer.body.certificate);
    expect(fields).toMatchObject({ pieceId: third.id, number: 3, of: 3, collection: type.name });
    const subject = parseCertificate(answer.body.certificate.certificate)?.payload.credentialSubject;
    expect(subject?.photos).toHaveLength(2);
    // Published beside the certificate under its own hash: anyone with the code fetches each and
    // checks it. A copy, not the original: at most 1200 px, turned upright, JPEG, no metadata.
    const sizes: [number, number][] = [];
    for (const photo of subject?.photos ?? []) {
      expect(photo.path).toBe(`/passport/photos/${third.id}/${photo.sha256}.jpg`);
      const served = await fetch(`${inject('baseUrl')}${photo.path}`);
      expect(served.status, photo.path).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/jpeg');
      const bytes = Buffer.from(await served.arrayBuffer());
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(photo.sha256);
      const published = await sharp(bytes).metadata();
      sizes.push([published.width ?? 0, published.height ?? 0]);
      expect(published.format).toBe('jpeg');
      for (const kept of ['exif', 'icc', 'xmp', 'iptc', 'orientation'] as const)
        expect(published[kept], `${photo.path}: ${kept}`).toBeUndefined();
      expect(bytes.includes('Hasselblad')).toBe(false);
    }
    // The camera's 4000 × 3000, held upright, is 900 × 1200; the small one keeps its size.
    expect(sizes).toEqual([
      [900, 1200],
      [600, 800],
    ]);
    // Neither original is what the public can fetch.
    for (const [i, original] of photoBytes.entries())
      expect(subject?.photos[i]?.sha256).not.toBe(createHash('sha256').update(original).digest('hex'));
    expect(await auditOf(third.id, 'issue')).toHaveLength(1);
  });

  it('again: a newer certificate and code, listed first; both stay valid', async () => {
    const before = await certificatesOf(third.id);
    const again = await issue(third.id);
    expect(again.status, again.text).toBe(200);
    const after = await certificatesOf(third.id);
    expect(after).toHaveLength(before.length + 1);
    expect(after[0]).toEqual(again.body.certificate);
    expect((after[0]?.issuedAt as string) > (before[0]?.issuedAt as string)).toBe(true);
    expect(after[0]?.code).not.toBe(before[0]?.code);
    for (const certificate of after) await verified(certificate);
    expect((await logEntriesOf(third.id)).map((entry) => entry.kind)).toEqual(after.map(() => 'issue'));
  });

  it('answers 404 for an unknown piece, writing nothing', async () => {
    const pid = uniqueId('p');
    const answer = await issue(pid);
    expect(answer.status).toBe(404);
    expect(await certificatesOf(pid)).toEqual([]);
  });

  it('answers 503 when the signer does not answer, writing nothing', async () => {
    // The issuing code, run here against the stack, with a signer function that does not exist.
    pointAtLocalStack();
    const alone = typeEntity({ name: `Unsigned ${uniqueId('c')}` });
    const piece = productEntity(alone, { cardNumber: card() });
    await store({ type: alone, products: [piece] });
    process.env.PASSPORT_SIGNER_FUNCTION = 'boutique-no-such-signer';
    try {
      await expect(issueCertificate(piece.id, { admin: admin.username })).rejects.toMatchObject({
        statusCode: 503,
        message: 'the passport signer is not answering. please try again.',
      });
    } finally {
      pointAtLocalStack();
    }
    expect(await certificatesOf(piece.id)).toEqual([]);
    expect(await logEntriesOf(piece.id)).toEqual([]);
    expect(await auditOf(piece.id, 'issue')).toEqual([]);
  });

  it('answers 409 while an authenticity photograph is still being stored, writing nothing', async () => {
    const alone = typeEntity({ name: `Uploading ${uniqueId('c')}` });
    const piece = productEntity(alone, { cardNumber: card() });
    const stored = await smallPhoto(10);
    const images: ImageEntity[] = [1, 2].map((index) => ({
      kind: 'image',
      id: uniqueId('img'),
      ownerId: piece.id,
      type: 2,
      index,
      url: `s3/authenticity/passport-${piece.id}-${index}.jpg`,
    }));
    await store({ type: alone, products: [piece], images });
    // The first photograph has arrived; the second's upload has not.
    await storePrivatePhoto((images[0] as ImageEntity).url.slice(3), stored);
    const answer = await issue(piece.id);
    expect(answer.status, answer.text).toBe(409);
    expect(answer.body.message).toBe(
      'a photograph of this piece is still being stored. please try again in a minute.',
    );
    expect(await certificatesOf(piece.id)).toEqual([]);
    expect(await logEntriesOf(piece.id)).toEqual([]);
    expect(await auditOf(piece.id, 'issue')).toEqual([]);
    // Once it is stored, the same request issues the certificate naming both.
    await storePrivatePhoto((images[1] as ImageEntity).url.slice(3), await smallPhoto(20));
    const later = await issue(piece.id);
    expect(later.status, later.text).toBe(200);
    expect(later.body.certificate.photos).toBe(2);
  });

  it('is refused (409) while a photograph its record names is not a picture, and nothing is written', async () => {
    const alone = typeEntity({ name: `Unreadable ${uniqueId('c')}` });
    const piece = productEntity(alone, { cardNumber: card() });
    const image: ImageEntity = {
      kind: 'image',
      id: uniqueId('img'),
      ownerId: piece.id,
      type: 2,
      index: 1,
      url: `s3/authenticity/passport-${piece.id}-1.jpg`,
    };
    await store({ type: alone, products: [piece], images: [image] });
    await storePrivatePhoto(image.url.slice(3), new TextEncoder().encode('not a photograph at all'));
    const answer = await issue(piece.id);
    expect(answer.status, answer.text).toBe(409);
    expect(answer.body.message).toBe(
      'an authenticity photograph of this piece is not a picture the shop can read. please replace it.',
    );
    expect(await certificatesOf(piece.id)).toEqual([]);
    expect(await logEntriesOf(piece.id)).toEqual([]);
    expect(await auditOf(piece.id, 'issue')).toEqual([]);
    // Replaced by a picture, the same request issues it.
    await storePrivatePhoto(image.url.slice(3), await smallPhoto(30));
    expect((await issue(piece.id)).status).toBe(200);
  });

  it('needs an admin session', async () => {
    expect((await api('/passport/certificates', { method: 'POST', json: { pid: third.id } })).status).toBe(
      401,
    );
    expect((await api(`/passport/certificates?pid=${third.id}`)).status).toBe(401);
    expect((await api('/passport/keys/rotate', { method: 'POST' })).status).toBe(401);
  });
});

describe('a key rotation', () => {
  it('closes the current key today and signs with a new one; what the old key signed still verifies; keys.json lists both', async () => {
    const type = typeEntity({ name: `Rotation ${uniqueId('c')}` });
    const piece = productEntity(type, { cardNumber: card() });
    await store({ type, products: [piece] });
    const before = (await issue(piece.id)).body.certificate;
    const today = new Date().toISOString().slice(0, 10);

    const rotated = await adminApi<{ keys: { kid: string; from: string; until?: string }[] }>(
      admin,
      '/passport/keys/rotate',
      { method: 'POST' },
    );
    expect(rotated.status, rotated.text).toBe(200);
    const old = rotated.body.keys.find((key) => key.kid === before.kid);
    const current = rotated.body.keys.filter((key) => !key.until);
    expect(old?.until).toBe(today);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({ from: today });
    // Beside the signing keys the set names the log's checkpoint keys and the witness policy (Witnesses).
    expect(await publishedKeySet()).toMatchObject({ issuer: expect.any(String), keys: rotated.body.keys });
    expect(await auditOf(current[0]?.kid as string, 'rotate')).toHaveLength(1);

    const after = (await issue(piece.id)).body.certificate;
    expect(after.kid).toBe(current[0]?.kid);
    expect(after.kid).not.toBe(before.kid);
    await verified(before);
    await verified(after);
    const raw = await getRaw('PASSPORT#KEYS', `KEY#${today}#${after.kid}`);
    expect(raw).toMatchObject({ kid: after.kid, from: today });
    expect(raw?.until).toBeUndefined();
  });
});
