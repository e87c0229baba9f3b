import { describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../../infra/build-functions.ts';
import { exportedNames, moduleFigures, providerBranchSites, withoutComments } from './module-figures.ts';

/**
 * Issue 46's figures, held: checkout exports at most 8 names, and no code of functions/ outside
 * payments (and the routes that name a provider) names one or compares a stored payment kind.
 * Each counting rule is first shown catching a planted text.
 */

describe('the module figures', () => {
  it('count a planted provider name or kind comparison in code, never in a comment', () => {
    const planted = [
      "import Stripe from 'stripe';",
      '// Stripe, in a comment: not counted',
      "if (order.paymentType === 2) return 'x'; /* paypal */",
      "const kind = entry.payment?.provider !== 'paypal';",
      "if ('stripe' === payment.provider) go();",
      'const url = "https://example.test//path";',
    ].join('\n');
    expect(providerBranchSites('functions/draws/x.ts', planted)).toEqual([
      'functions/draws/x.ts:1: Stripe, stripe',
      'functions/draws/x.ts:3: paymentType === 2',
      "functions/draws/x.ts:4: paypal, provider !== '",
      "functions/draws/x.ts:5: stripe, ' === payment.provider",
    ]);
    expect(withoutComments('const a = "//"; // gone')).toBe('const a = "//";        ');
  });

  it('count the names an index exports, each once', () => {
    const index = [
      "export { a, type B, c as d } from './x.ts';",
      "export type { E } from './e.ts';",
      'export function f() {}',
      'export const g = 1;',
      "// export { hidden } from './comment.ts';",
      "export { a } from './again.ts';",
    ].join('\n');
    expect(exportedNames(index).sort()).toEqual(['B', 'E', 'a', 'd', 'f', 'g']);
  });

  it('hold on this tree: checkout exports at most 8 names, no provider branch outside payments', () => {
    const figures = moduleFigures(ROOT_DIR, { duplicates: false });
    expect(figures.checkoutExports).toBeLessThanOrEqual(8);
    expect(figures.providerBranchSites).toEqual([]);
  });
});
