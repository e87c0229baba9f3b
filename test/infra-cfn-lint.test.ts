import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * cfn-lint on the templates `npm test` synthesizes into cdk.out (the `synth` step runs before
 * vitest): what CloudFormation would refuse, caught before a deploy. No error is allowed; each
 * kind of warning the templates still carry is listed below with why it stays.
 */
const cdkOut = resolve(import.meta.dirname, '..', 'cdk.out');

interface Finding {
  Filename: string;
  Level: 'Error' | 'Warning' | 'Informational';
  Message: string;
  Location: { Path: (string | number)[] };
  Rule: { Id: string };
}

const KNOWN_WARNINGS: { rule: string; path: RegExp; message: RegExp; reason: string }[] = [
  {
    rule: 'W3005',
    path: /^Resources\/\w+\/DependsOn\/\d+$/,
    message:
      /^'(\w+ServiceRole|BucketNotificationsHandler\w+Role)[0-9A-F]{8}' dependency already enforced by a 'GetAtt' at 'Resources\/\w+\/Properties\/Role'$/,
    reason:
      'aws-cdk-lib adds DependsOn on the execution role to every Lambda function it makes (ours, ' +
      'the bucket deployment’s and the handler that sets the media buckets’ notifications) beside ' +
      'the GetAtt of its ARN. Redundant, harmless to a deploy, and not removable without an escape ' +
      'hatch on every function.',
  },
];

function lint(): Finding[] {
  const templates = readdirSync(cdkOut)
    .filter((f) => f.endsWith('.template.json'))
    .map((f) => join(cdkOut, f));
  try {
    return JSON.parse(execFileSync('cfn-lint', ['--format', 'json', ...templates], { encoding: 'utf8' }));
  } catch (error) {
    // cfn-lint exits non-zero when it finds anything; its findings are still on stdout.
    const stdout = (error as { stdout?: string }).stdout;
    if (!stdout) throw error;
    return JSON.parse(stdout) as Finding[];
  }
}

describe('the synthesized CloudFormation templates', () => {
  // The time limit only stops a hang: cfn-lint over every template takes about a minute on a quiet
  // machine and took 131 s on one whose two cores ran the suite and two other test runs.
  it('pass cfn-lint: no error, and only the warnings listed with their reason', { timeout: 600_000 }, () => {
    expect(existsSync(join(cdkOut, 'manifest.json')), 'cdk.out is made by `npm run synth`').toBe(true);
    const findings = lint();
    const errors = findings.filter((f) => f.Level === 'Error');
    expect(errors.map((f) => `${f.Filename}: ${f.Rule.Id} ${f.Message}`)).toEqual([]);
    const unexplained = findings.filter(
      (f) =>
        f.Level === 'Warning' &&
        !KNOWN_WARNINGS.some(
          (k) => k.rule === f.Rule.Id && k.path.test(f.Location.Path.join('/')) && k.message.test(f.Message),
        ),
    );
    expect(unexplained.map((f) => `${f.Filename}: ${f.Rule.Id} ${f.Message}`)).toEqual([]);
  });
});
