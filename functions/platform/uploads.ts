import { randomUUID } from 'node:crypto';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import { DeleteCommand, GetCommand, PutCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { ddb, tableName } from '#platform/aws-clients.ts';
import { httpError } from '#platform/http-error.ts';
import { bucketOf, s3 } from '#platform/media-clients.ts';
import { UPLOAD_KINDS, type UploadKind } from '#shared/admin.ts';
import { hasPictureSet, S3_URL_PREFIX, s3Url, variantKeys } from '#shared/media.ts';
import type { EntityFileDoc } from './table-doc.ts';

/**
 * Admin uploads go from the browser straight to S3. The server makes the key, and the
 * presigned PUT signs that key, the content type and the exact length, so the browser can put
 * nothing else there. Before a page may reference the object, the server reads its length and
 * first bytes: what is not what it was declared to be is deleted and refused.
 */
const UPLOAD_URL_SECONDS = 15 * 60;
export const uploadKey = (key: string) => ({ pk: `UPLOAD#${key}`, sk: '#UPLOAD' });

interface UploadTicket {
  key: string;
  kind: UploadKind;
  contentType: string;
  size: number;
  admin: string;
  expiresAt: number;
}

export interface PresignedUpload {
  key: string;
  /** The stored url form (`s3/<key>`) to send back once uploaded. */
  url: string;
  uploadUrl: string;
  method: 'PUT';
  headers: Record<string, string>;
}

export async function presignUpload(input: {
  kind: UploadKind;
  contentType: string;
  size: number;
  admin: string;
}): Promise<PresignedUpload> {
  const rules = UPLOAD_KINDS[input.kind];
  const extension = (rules.types as Record<string, string>)[input.contentType];
  if (!extension) {
    throw httpError(400, `this file type cannot be uploaded here (${Object.keys(rules.types).join(', ')})`);
  }
  if (input.size > rules.maxBytes) {
    throw httpError(400, `the file is too big (at most ${Math.round(rules.maxBytes / 1024 / 1024)} MB)`);
  }
  const key = `${rules.prefix}${randomUUID()}.${extension}`;
  const ticket: UploadTicket = {
    key,
    kind: input.kind,
    contentType: input.contentType,
    size: input.size,
    admin: input.admin,
    expiresAt: Math.floor(Date.now() / 1000) + 24 * 60 * 60,
  };
  await ddb().send(new PutCommand({ TableName: tableName(), Item: { ...uploadKey(key), ...ticket } }));
  const command = new PutObjectCommand({
    Bucket: bucketOf(key),
    Key: key,
    ContentType: input.contentType,
    ContentLength: input.size,
  });
  const uploadUrl = await getSignedUrl(s3(), command, {
    expiresIn: UPLOAD_URL_SECONDS,
    signableHeaders: new Set(['content-type', 'content-length']),
  });
  return { key, url: s3Url(key), uploadUrl, method: 'PUT', headers: { 'content-type': input.contentType } };
}

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) =>
  signature.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** Does the file start the way a file of this type must? */
export function looksLike(contentType: string, bytes: Uint8Array): boolean {
  switch (contentType) {
    case 'image/jpeg':
      return startsWith(bytes, [0xff, 0xd8, 0xff]);
    case 'image/png':
      return startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    case 'image/gif':
      return startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'));
    case 'image/webp':
      return startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8);
    case 'video/mp4':
      return startsWith(bytes, ascii('ftyp'), 4) && !startsWith(bytes, ascii('qt  '), 8);
    case 'video/quicktime':
      return startsWith(bytes, ascii('ftyp'), 4) || startsWith(bytes, ascii('moov'), 4);
    case 'video/webm':
      return startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3]);
    default:
      return false;
  }
}

/** Larger pictures are refused: the picture sets' decoder refuses them too (a decompression bomb). */
export const MAX_PICTURE_PIXELS = 100_000_000;
/** How much of a picture is read for its header; a camera's EXIF preview can push a JPEG's past it. */
const HEADER_BYTES = 64 * 1024;
const LONG_HEADER_BYTES = 1024 * 1024;
const HEADER_TYPES: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

/** The picture's size read from its header, or undefined when the header does not parse as its type. */
export async function pictureHeaderSize(
  contentType: string,
  header: Uint8Array,
): Promise<{ width: number; height: number } | undefined> {
  // Loaded on the picture path only: deleting a file or confirming a video never reads a header.
  const { imageSize } = await import('image-size');
  try {
    const { width, height, type } = imageSize(header);
    if (type !== HEADER_TYPES[contentType]) return undefined;
    return { width, height };
  } catch {
    return undefined;
  }
}

/** Is a picture of this size one the shop can make a picture set of? */
export function sensiblePictureSize(size: { width: number; height: number } | undefined): boolean {
  return (
    size !== undefined && size.width > 0 && size.height > 0 && size.width * size.height <= MAX_PICTURE_PIXELS
  );
}

/** A JPEG ends with its EOI marker; one that does not was cut short on its way. */
export function endsLikeJpeg(lastTwoBytes: Uint8Array): boolean {
  return lastTwoBytes.length === 2 && lastTwoBytes[0] === 0xff && lastTwoBytes[1] === 0xd9;
}

async function readRange(key: string, first: number, last: number): Promise<Uint8Array> {
  const answer = await s3().send(
    new GetObjectCommand({ Bucket: bucketOf(key), Key: key, Range: `bytes=${first}-${last}` }),
  );
  return (await answer.Body?.transformToByteArray()) ?? new Uint8Array();
}

/** Does the stored picture have a readable header of a sensible size and, for a JPEG, its end? */
async function readablePicture(key: string, contentType: string, length: number): Promise<boolean> {
  let size = await pictureHeaderSize(
    contentType,
    await readRange(key, 0, Math.min(length, HEADER_BYTES) - 1),
  );
  if (!size && contentType === 'image/jpeg' && length > HEADER_BYTES)
    size = await pictureHeaderSize(
      contentType,
      await readRange(key, 0, Math.min(length, LONG_HEADER_BYTES) - 1),
    );
  if (!sensiblePictureSize(size)) return false;
  if (contentType === 'image/jpeg' && !endsLikeJpeg(await readRange(key, length - 2, length - 1)))
    return false;
  return true;
}

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export interface VerifiedUpload {
  key: string;
  url: string;
  contentType: string;
  size: number;
  /** Put this in the transaction that references the file: a ticket is used once. */
  consume: TransactItem;
}

/**
 * Checks an uploaded file before it is referenced: a ticket this server issued for one of the
 * allowed kinds, an object of the signed length whose first bytes match its type and, for a
 * picture, a header that reads as a picture of a sensible size (and a JPEG's end marker), so a
 * picture the picture sets cannot be made of is refused here, to the admin. Anything else is
 * deleted from the bucket and refused with 400.
 */
export async function verifyUpload(url: string, kinds: readonly UploadKind[]): Promise<VerifiedUpload> {
  const key = url.startsWith(S3_URL_PREFIX) ? url.slice(S3_URL_PREFIX.length) : url;
  const { Item } = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: uploadKey(key), ConsistentRead: true }),
  );
  const ticket = Item as UploadTicket | undefined;
  if (!ticket || !kinds.includes(ticket.kind) || ticket.expiresAt * 1000 < Date.now()) {
    throw httpError(400, 'this upload is unknown or expired. please upload the file again.');
  }
  const refuse = async (why: string) => {
    await deleteMediaObject(s3Url(key));
    await ddb().send(new DeleteCommand({ TableName: tableName(), Key: uploadKey(key) }));
    return httpError(400, why);
  };
  let length: number | undefined;
  try {
    length = (await s3().send(new HeadObjectCommand({ Bucket: bucketOf(key), Key: key }))).ContentLength;
  } catch (error) {
    if ((error as { name?: string }).name === 'NotFound')
      throw httpError(400, 'the file has not arrived yet.');
    throw error;
  }
  if (length !== ticket.size) throw await refuse('the uploaded file does not have the announced size.');
  const head = await s3().send(
    new GetObjectCommand({ Bucket: bucketOf(key), Key: key, Range: 'bytes=0-31' }),
  );
  const bytes = (await head.Body?.transformToByteArray()) ?? new Uint8Array();
  if (!looksLike(ticket.contentType, bytes)) {
    throw await refuse(`the uploaded file is not a ${ticket.contentType.split('/')[1]} file.`);
  }
  if (
    ticket.contentType.startsWith('image/') &&
    !(await readablePicture(key, ticket.contentType, ticket.size))
  ) {
    throw await refuse('the uploaded file is not a readable picture.');
  }
  return {
    key,
    url: s3Url(key),
    contentType: ticket.contentType,
    size: ticket.size,
    consume: {
      Delete: { TableName: tableName(), Key: uploadKey(key), ConditionExpression: 'attribute_exists(pk)' },
    },
  };
}

const ISSUED_KEY = new RegExp(
  `^(${Object.values(UPLOAD_KINDS)
    .map((k) => k.prefix)
    .join('|')})[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.[a-z0-9]+$`,
);

/** Was this stored url made by an admin upload (a key this server issued, used by one item)? */
export function isIssuedUpload(url: string): boolean {
  return url.startsWith(S3_URL_PREFIX) && ISSUED_KEY.test(url.slice(S3_URL_PREFIX.length));
}

/**
 * Removes a stored media file, and a picture's set, once nothing refers to it. Only files an
 * admin upload made are ever deleted: seeded or imported media (the demo catalogue shares files
 * between items) and urls outside the bucket are left alone.
 */
export async function deleteMediaObject(url: string): Promise<void> {
  if (!isIssuedUpload(url)) return;
  const key = url.slice(S3_URL_PREFIX.length);
  await s3().send(new DeleteObjectCommand({ Bucket: bucketOf(key), Key: key }));
  if (hasPictureSet(key)) {
    await s3().send(
      new DeleteObjectsCommand({
        Bucket: bucketOf(key),
        Delete: { Objects: variantKeys(key).map((Key) => ({ Key })), Quiet: true },
      }),
    );
  }
}

/** Its table items, for docs/reference/data-model-keys.md (`npm run docs`; functions/platform/table-doc.ts). */
export const tableDoc: EntityFileDoc = {
  items: [
    {
      entity: 'Upload ticket (TTL, used once)',
      pk: '`UPLOAD#<key>`',
      sk: '`#UPLOAD`',
      keys: () => uploadKey('<key>'),
    },
  ],
};
