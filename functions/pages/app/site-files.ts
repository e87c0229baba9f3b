import { PutObjectCommand } from '@aws-sdk/client-s3';
import { s3 } from '#platform/media-clients.ts';
import type { PublicPage } from '#shared/pages/public-pages.ts';
import { robotsTxt } from '#shared/pages/robots.ts';
import { sitemapXml } from '#shared/pages/sitemap.ts';
import { siteOf } from './page-site.ts';
import { bucketWebFiles, PAGE_CACHE_CONTROL, webBucket } from './web-files.ts';

/**
 * The site's files for crawlers (shared/pages/sitemap.ts, robots.ts) in the web bucket, beside
 * the pages: sitemap.xml of every public page the full re-render rendered, robots.txt naming it.
 */
export async function writeSiteFiles(pages: readonly PublicPage[]): Promise<void> {
  const site = siteOf(await bucketWebFiles().template());
  const put = (Key: string, Body: string, ContentType: string) =>
    s3().send(
      new PutObjectCommand({ Bucket: webBucket(), Key, Body, ContentType, CacheControl: PAGE_CACHE_CONTROL }),
    );
  await put('sitemap.xml', sitemapXml(site, pages), 'application/xml');
  await put('robots.txt', robotsTxt(site), 'text/plain; charset=utf-8');
}
