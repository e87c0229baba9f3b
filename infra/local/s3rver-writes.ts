import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** The part of s3rver's filesystem store that writes an object. */
interface FilesystemStore {
  getResourcePath(bucket: string, key: string, resource: string): string;
  putMetadata(bucket: string, key: string, metadata: unknown, md5: string): Promise<void>;
  putObject(object: S3rverObject): Promise<{ size: number; md5: string }>;
}

interface S3rverObject {
  bucket: string;
  key: string;
  metadata: unknown;
  content: Buffer | Readable;
}

/**
 * s3rver 3.7 writes an object through a file stream with no error handler: when a DELETE removes
 * the object's folder between its mkdir and the open (a picture set being made while its upload
 * is deleted), the ENOENT is an unhandled 'error' event that kills the whole local stack. Here the
 * same write goes through `pipeline`, so the PUT fails with a 500 and the SDK's retry writes it
 * again, as S3 itself would never fail it. And the write is atomic, as S3's PUT is.
 */
export function writeObjectsSafely(server: unknown): void {
  const store = (server as { store: FilesystemStore }).store;
  store.putObject = async (object) => {
    const objectPath = store.getResourcePath(object.bucket, object.key, 'object');
    await mkdir(dirname(objectPath), { recursive: true });
    const md5 = createHash('md5');
    let size = 0;
    const content = Buffer.isBuffer(object.content) ? Readable.from([object.content]) : object.content;
    const count = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        md5.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    // Written beside, then renamed over the object: as on S3, a GET sees the old object or the
    // new one whole, never a file being written (a checkpoint read while it is replaced).
    const partial = `${objectPath}.${randomUUID()}.partial`;
    try {
      await pipeline(content, count, createWriteStream(partial));
      await rename(partial, objectPath);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    const digest = md5.digest('hex');
    await store.putMetadata(object.bucket, object.key, object.metadata, digest);
    return { size, md5: digest };
  };
}
