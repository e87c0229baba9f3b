import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { IDistribution } from 'aws-cdk-lib/aws-cloudfront';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import {
  type PageShopSettings,
  SETTINGS_PAGES,
  type SettingsPage,
  withShopSettings,
} from '#shared/shop-page.ts';
import { ROOT_DIR } from '../build-functions.ts';

export const WEB_DIST = path.join(ROOT_DIR, 'web', 'dist');

/**
 * Puts the built app (web/dist) in the web bucket: hashed files under assets/ cached for a year,
 * everything else (index.html) revalidated on every visit so a release shows at once. The
 * deployment's shop settings are written into the index.html and verify.html it uploads (shared/shop-page.ts):
 * one web build serves every stage.
 */
export class WebDeployment extends Construct {
  constructor(
    scope: Construct,
    id: string,
    props: { bucket: IBucket; distribution: IDistribution; shop: PageShopSettings },
  ) {
    super(scope, id);
    if (!existsSync(path.join(WEB_DIST, 'index.html'))) {
      throw new Error('web/dist is missing: run `npm run build:web` before synthesising');
    }
    const assets = new BucketDeployment(this, 'Assets', {
      // Source maps stay out of the public bucket (kept in the build for error reports only).
      sources: [Source.asset(WEB_DIST, { exclude: ['*', '!assets', '!assets/**', '*.map', '**/*.map'] })],
      destinationBucket: props.bucket,
      cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
      prune: false,
    });
    const pages = new BucketDeployment(this, 'Pages', {
      sources: [
        Source.asset(WEB_DIST, {
          exclude: ['assets', 'assets/**', ...Object.keys(SETTINGS_PAGES), '*.map', '**/*.map'],
        }),
        ...Object.keys(SETTINGS_PAGES).map((page) =>
          Source.data(
            page,
            withShopSettings(
              readFileSync(path.join(WEB_DIST, page), 'utf8'),
              props.shop,
              page as SettingsPage,
            ),
          ),
        ),
      ],
      destinationBucket: props.bucket,
      cacheControl: [CacheControl.fromString('no-cache')],
      prune: false,
      distribution: props.distribution,
      // The verify page and its service worker are revalidated too (docs/passport.md).
      distributionPaths: ['/index.html', '/', '/verify.html', '/verify-sw.js'],
    });
    // The new index.html must never point at assets that are not there yet.
    pages.node.addDependency(assets);
  }
}
