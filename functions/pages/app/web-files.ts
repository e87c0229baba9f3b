import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { s3 } from '#platform/media-clients.ts';
import { PAGES_PREFIX } from '#shared/pages/public-pages.ts';
import type { WebFiles } from './page-renderer.ts';

/**
 * The web bucket as the page renderer uses it (page-renderer.ts): the deployed build read from it
 * (index.html with its settings, the style sheets), the rendered pages written to it under
 * PAGES_PREFIX, a gone page with its status in the object's metadata (`x-amz-meta-status`),
 * which the edge turns into the answer's status. Rendered pages are revalidated by the edge
 * after a short while (Cache-Control), so a change shows within a minute.
 */
export const PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=30, must-revalidate';

export function webBucket(): string {
  const name = process.env.WEB_BUCKET;
  if (!name) throw new Error('WEB_BUCKET is not set');
  return name;
}

/** A page's object, as every page is stored; `onlyIfMissing` writes it only where none is. */
function pageObject(key: string, html: string, status: 200 | 404, onlyIfMissing = false) {
  if (!key.startsWith(PAGES_PREFIX)) throw new Error(`not a page's key: ${key}`);
  return new PutObjectCommand({
    Bucket: webBucket(),
    Key: key,
    Body: html,
    ContentType: 'text/html; charset=utf-8',
    CacheControl: PAGE_CACHE_CONTROL,
    Metadata: { status: String(status) },
    ...(onlyIfMissing ? { IfNoneMatch: '*' } : {}),
  });
}

async function putPage(key: string, html: string, status: 200 | 404): Promise<void> {
  await s3().send(pageObject(key, html, status));
}

/** The deployed build from the web bucket itself. */
export function bucketWebFiles(): WebFiles {
  const read = async (key: string) => {
    const object = await s3().send(new GetObjectCommand({ Bucket: webBucket(), Key: key }));
    return (await object.Body?.transformToString('utf-8')) ?? '';
  };
  let template: Promise<string> | undefined;
  return {
    template: () => {
      template ??= read('index.html');
      return template;
    },
    file: (path) => read(path.replace(/^\//, '')),
    put: putPage,
  };
}

/**
 * Writes a page the bucket does not hold yet (the edge's on-demand render, http/render-missing.ts):
 * only if no object is there (`If-None-Match: *`), so a page a render job wrote meanwhile, from a
 * later state of the table, is never replaced by this one. A page written meanwhile is no failure.
 */
export async function putMissingPage(key: string, html: string, status: 200 | 404): Promise<void> {
  try {
    await s3().send(pageObject(key, html, status, true));
  } catch (error) {
    const code = (error as { name?: string; $metadata?: { httpStatusCode?: number } }) ?? {};
    // 412: written meanwhile; 409: a write of the same key under way (S3's conditional writes).
    if (code.$metadata?.httpStatusCode === 412 || code.$metadata?.httpStatusCode === 409) return;
    throw error;
  }
}
