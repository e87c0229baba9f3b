import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';
import shared from '../../vitest.config.ts';

/**
 * The same suites, served by what `cdk deploy` uploads: every function's cdk.out bundle in a
 * process of its own, started as Lambda starts it (infra/local/bundles/), behind a gateway that
 * acts as CloudFront. The storefront's contract, a card purchase from start to success page,
 * the portal and the staff's changes all go through the deployed bundles.
 */
const root = resolve(import.meta.dirname, '../..');
process.env.SERVE_BUNDLES ??= resolve(root, 'cdk.out');

export default defineConfig({
  test: {
    ...shared.test,
    root,
    // The main config leaves this folder out; here it is the point.
    exclude: (shared.test?.exclude ?? []).filter((glob) => glob !== 'test/bundles/**'),
    include: [
      'test/bundles/**/*.test.ts',
      'test/integration/catalog.test.ts',
      'test/integration/colors.test.ts',
      'test/integration/sizes.test.ts',
      'test/integration/checkout-card.test.ts',
      'test/integration/portal.test.ts',
      'test/integration/admin-types.test.ts',
      'test/integration/admin-products.test.ts',
      'test/e2e/checkout.test.ts',
    ],
  },
});
