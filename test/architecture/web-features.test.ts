import { describe, expect, it } from 'vitest';
import { type ImportEdge, importsOf, sourceFiles } from '../support/import-graph.ts';

/**
 * The web's features (web/src/features/<feature>/) do not reach into each other (issue 46): what
 * two features share lives below them, in web/src/components/ (the payment kit of a purchase and a
 * draw entry, components/payment/; the confirm dialog; the countdown) or web/src/lib/ (queries,
 * keys, helpers), and those never import a feature. The app's shell (web/src/app/, web/src/boot/)
 * composes the features' routes and is outside the rule. Stylesheets count as imports.
 */

/**
 * The imports of another feature's file that stay, each with why. An entry names the importing
 * feature and the file it imports; an entry nothing uses any more fails the test, so the list
 * only shrinks. The draws and checkout never appear here: a draw entry pays through the kit.
 */
const ALLOWED: { from: string; file: string; why: string }[] = [
  {
    from: 'draws',
    file: 'web/src/features/catalog/api.ts',
    why: "the entry form reads the piece (productQuery) under the catalogue's own query key, so the piece's page and the entry share one cached answer",
  },
  {
    from: 'picking',
    file: 'web/src/features/catalog/api.ts',
    why: "the colour picker reads the collection (typeQuery) under the catalogue's own query key, the cache the collection's and the piece's pages filled",
  },
];

/** Never allowed, whatever the list says: the draw entry and the purchase share only the kit. */
const NEVER: [string, string][] = [
  ['draws', 'checkout'],
  ['checkout', 'draws'],
];

const featureOf = (file: string) => file.match(/^web\/src\/features\/([^/]+)\//)?.[1];
const isBelowFeatures = (file: string) => /^web\/src\/(components|lib)\//.test(file);
const isTest = (file: string) => /\.test\.tsx?$/.test(file);
const show = (list: ImportEdge[]) => list.map((edge) => `${edge.from} → ${edge.to}`);

function webFeatureViolations(edges: ImportEdge[], allowed = ALLOWED) {
  const production = edges.filter((edge) => edge.to !== undefined && !isTest(edge.from));
  const crossFeature = production.filter((edge) => {
    const from = featureOf(edge.from);
    const to = featureOf(edge.to as string);
    return from !== undefined && to !== undefined && from !== to;
  });
  const permitted = (edge: ImportEdge) => {
    const pair = [featureOf(edge.from), featureOf(edge.to as string)];
    if (NEVER.some(([a, b]) => pair[0] === a && pair[1] === b)) return false;
    return allowed.some((entry) => entry.from === pair[0] && entry.file === edge.to);
  };
  return {
    crossFeature,
    // a feature's file importing another feature's file, outside the list (or never allowed)
    intoOtherFeature: crossFeature.filter((edge) => !permitted(edge)),
    // components/ and lib/ sit below the features: they import none
    sharedIntoFeature: production.filter(
      (edge) => isBelowFeatures(edge.from) && featureOf(edge.to as string) !== undefined,
    ),
    // an entry of the list no import uses any more
    unusedAllowance: allowed.filter(
      (entry) => !crossFeature.some((edge) => featureOf(edge.from) === entry.from && edge.to === entry.file),
    ),
  };
}

const webFiles = sourceFiles().filter((file) => file.startsWith('web/src/'));
const edges = webFiles.flatMap(importsOf);

describe('web features', () => {
  it('reads the imports of the web', () => {
    expect(webFiles.length).toBeGreaterThan(150);
    expect(edges.filter((edge) => featureOf(edge.from)).length).toBeGreaterThan(300);
  });

  const found = webFeatureViolations(edges);

  it('has no feature importing another feature’s file outside the allowed list', () => {
    expect(show(found.intoOtherFeature)).toEqual([]);
  });

  it('has components/ and lib/ import no feature', () => {
    expect(show(found.sharedIntoFeature)).toEqual([]);
  });

  it('has every allowed import still in use, and none between the draws and checkout', () => {
    expect(found.unusedAllowance).toEqual([]);
    expect(
      ALLOWED.filter((entry) => NEVER.some(([a, b]) => entry.from === a && entry.file.includes(`/${b}/`))),
    ).toEqual([]);
  });

  it('keeps the cross-feature imports at most 8 (issue 46: 21 before the payment kit)', () => {
    expect(found.crossFeature.length).toBeLessThanOrEqual(8);
  });

  it('catches a planted draws → checkout import (a component, a stylesheet), the reverse, and one into a feature from components/', () => {
    const edge = (from: string, to: string): ImportEdge => ({ from, specifier: to, to, typeOnly: false });
    const planted = webFeatureViolations([
      edge('web/src/features/draws/entry-form.tsx', 'web/src/features/checkout/purchase.tsx'),
      edge('web/src/features/draws/draw-page.tsx', 'web/src/features/checkout/checkout.css'),
      edge('web/src/features/checkout/purchase.tsx', 'web/src/features/draws/entry-token.ts'),
      edge('web/src/features/catalog/product-details.tsx', 'web/src/features/draws/countdown.tsx'),
      edge('web/src/components/payment/payment-step.tsx', 'web/src/features/checkout/api.ts'),
      edge('web/src/lib/current-terms.ts', 'web/src/features/content/legal.tsx'),
      // allowed, within one feature, below the features, and a test file: none counts
      edge('web/src/features/draws/entry-form.tsx', 'web/src/features/catalog/api.ts'),
      edge('web/src/features/admin/draws/draws.tsx', 'web/src/features/admin/ui.tsx'),
      edge('web/src/features/draws/entry-form.tsx', 'web/src/components/payment/payment-step.tsx'),
      edge('web/src/features/draws/x.test.ts', 'web/src/features/checkout/api.ts'),
    ]);
    expect(show(planted.intoOtherFeature)).toEqual([
      'web/src/features/draws/entry-form.tsx → web/src/features/checkout/purchase.tsx',
      'web/src/features/draws/draw-page.tsx → web/src/features/checkout/checkout.css',
      'web/src/features/checkout/purchase.tsx → web/src/features/draws/entry-token.ts',
      'web/src/features/catalog/product-details.tsx → web/src/features/draws/countdown.tsx',
    ]);
    expect(show(planted.sharedIntoFeature)).toEqual([
      'web/src/components/payment/payment-step.tsx → web/src/features/checkout/api.ts',
      'web/src/lib/current-terms.ts → web/src/features/content/legal.tsx',
    ]);
    // picking's allowance is not used by these edges
    expect(planted.unusedAllowance.map((entry) => entry.from)).toEqual(['picking']);
  });

  it('refuses a draws → checkout import even when the list names it', () => {
    const edge: ImportEdge = {
      from: 'web/src/features/draws/entry-form.tsx',
      specifier: '../checkout/api.ts',
      to: 'web/src/features/checkout/api.ts',
      typeOnly: true,
    };
    const listed = [{ from: 'draws', file: 'web/src/features/checkout/api.ts', why: 'planted' }];
    expect(show(webFeatureViolations([edge], listed).intoOtherFeature)).toHaveLength(1);
  });
});
