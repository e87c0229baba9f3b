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
  it('reports no unacknowledged finding', () => {
    const app = new App({ context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [] } });
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
