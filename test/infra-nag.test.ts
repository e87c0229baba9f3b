import { readFileSync } from 'node:fs';
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { BoutiqueStack } from '../infra/stack.ts';

const cdkJson = JSON.parse(readFileSync(new URL('../cdk.json', import.meta.url), 'utf8')) as {
  context: Record<string, unknown>;
};

/** cdk-nag's AwsSolutions pack over the whole app: every finding fixed or acknowledged with its reason (infra/nag-acknowledgements.ts). */
describe('cdk-nag AwsSolutions', () => {
  it.each([
    ['the defined table', {}],
    [
      'a restored table (docs/restore.md)',
      {
        restoredTable: 'boutique-dev-restored',
        restoredTableStream:
          'arn:aws:dynamodb:us-east-1:111122223333:table/boutique-dev-restored/stream/2026-11-30T18:00:00.000',
      },
    ],
  ])('reports no unacknowledged finding, with %s', { timeout: 120_000 }, (_, restored) => {
    const app = new App({ context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [], ...restored } });
    new BoutiqueStack(app, 'BoutiqueStack');
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
    let report = '';
    try {
      app.synth();
    } catch (error) {
      report = (error as Error).message;
    }
    expect(report).toBe('');
  });
});
