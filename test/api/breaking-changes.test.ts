import { describe, expect, it } from 'vitest';
import { apiDocument } from '../../infra/api/document.ts';
import {
  breakingChanges,
  lastRelease,
  mayBreak,
  packageVersion,
  releasedDocument,
} from '../../infra/api/releases.ts';

/** The API breaks nothing its last release promised, unless the package's version says it may. */
describe('the API against its last release (shared/api/releases/)', () => {
  const release = lastRelease();

  it('has a release to compare with', () => {
    expect(release).toBeDefined();
  });

  for (const audience of ['public', 'admin'] as const)
    it(`the ${audience} document breaks nothing of ${release} unless the version (${packageVersion()}) allows it`, () => {
      if (!release) throw new Error('no release recorded: npm run api:release');
      const changes = breakingChanges(releasedDocument(release, audience), apiDocument(audience));
      if (!mayBreak(release, packageVersion())) expect(changes).toEqual([]);
    });

  it('finds a removed answer field, a narrowed input and a removed operation, and holds them to the version', () => {
    const before = apiDocument('public') as {
      paths: Record<string, Record<string, unknown>>;
      components: { schemas: Record<string, { properties: Record<string, object>; required: string[] }> };
    };
    const after = structuredClone(before);
    const answer = after.components.schemas.CheckoutHoldAnswer;
    const body = after.components.schemas.CheckoutHoldBody;
    if (!answer || !body) throw new Error('the document has no CheckoutHold schemas');
    delete answer.properties.holdUntil;
    answer.required = answer.required.filter((name) => name !== 'holdUntil');
    body.properties.checkoutKey = { ...body.properties.checkoutKey, maxLength: 30 };
    delete after.paths['/is-sold'];
    const changes = breakingChanges(before, after);
    expect(changes.join('\n')).toMatch(/Removed\] property `holdUntil` in Response 200/);
    expect(changes.join('\n')).toMatch(/maxLength validator to `checkoutKey`/);
    expect(changes.join('\n')).toMatch(/Removed\] operation GET \/is-sold/);
    expect(breakingChanges(before, structuredClone(before))).toEqual([]);
    expect([mayBreak('0.1.0', '0.1.1'), mayBreak('0.1.0', '0.2.0'), mayBreak('1.4.0', '1.5.0')]).toEqual([
      false,
      true,
      false,
    ]);
    expect(mayBreak('1.4.0', '2.0.0')).toBe(true);
  });

  it('takes an added optional field or operation as no break', () => {
    const before = apiDocument('public') as {
      components: { schemas: Record<string, { properties: Record<string, object> }> };
    };
    const after = structuredClone(before);
    const answer = after.components.schemas.CatalogGetTypeAnswer;
    if (!answer) throw new Error('the document has no CatalogGetTypeAnswer');
    answer.properties.note = { type: 'string' };
    expect(breakingChanges(before, after)).toEqual([]);
  });
});
