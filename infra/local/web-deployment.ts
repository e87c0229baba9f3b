import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  DeleteObjectsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { PAGES_PREFIX } from '#shared/pages/public-pages.ts';
import type { PageShopSettings } from '#shared/shop-page.ts';
import { withShopSettings } from '#shared/shop-page.ts';

/**
 * The part of the web build the page renderer reads from the web bucket (issue 47,
 * functions/pages/app/web-files.ts), put there as the CDK web deployment puts the whole build:
 * index.html with the shop's settings written in, and the style sheets. The local gateway serves
 * the build itself from disk (as CloudFront serves the bucket).
 */
export async function deployRendererFiles(
  s3: S3Client,
  bucket: string,
  webRoot: string,
  settings: PageShopSettings,
): Promise<number> {
  const index = withShopSettings(await readFile(join(webRoot, 'index.html'), 'utf8'), settings);
  await s3.send(
    new PutObjectCommand({ Bucket: bucket, Key: 'index.html', Body: index, ContentType: 'text/html' }),
  );
  const sheets = (await readdir(join(webRoot, 'assets'))).filter((name) => name.endsWith('.css'));
  await Promise.all(
    sheets.map(async (name) =>
      s3.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: `assets/${name}`,
          Body: await readFile(join(webRoot, 'assets', name)),
          ContentType: 'text/css',
        }),
      ),
    ),
  );
  return sheets.length + 1;
}

/**
 * The pages a former start rendered (and its sitemap and robots.txt), removed: they name that
 * build's scripts, which the gateway no longer serves once the app is built again. Each page is
 * rendered again when first asked, or by the full re-render.
 */
export async function clearRenderedPages(s3: S3Client, bucket: string): Promise<number> {
  let removed = 0;
  let token: string | undefined;
  do {
    const listed = await s3.send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: PAGES_PREFIX, ContinuationToken: token }),
    );
    const keys = (listed.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
    if (keys.length > 0)
      await s3.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys } }));
    removed += keys.length;
    token = listed.IsTruncated ? listed.NextContinuationToken : undefined;
  } while (token);
  await s3.send(
    new DeleteObjectsCommand({
      Bucket: bucket,
      Delete: { Objects: ['sitemap.xml', 'robots.txt'].map((Key) => ({ Key })) },
    }),
  );
  return removed;
}
