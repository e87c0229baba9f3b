import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readCloudAssembly } from '../../infra/local/cloud-assembly.ts';
import {
  describeProblems,
  evaluateRecordings,
  type Recording,
  type Report,
  readRecording,
  renderMarkdown,
  stackModel,
} from './policy-check.ts';
import { recordingFile } from './recording.ts';

/**
 * After the suites: every AWS call the functions made during `vitest run` (and the deployed
 * bundles' run, when it ran) must be allowed by the function's policy in cdk.out. Writes
 * test-results/iam-report.md and .json: the calls, the denials, and per grant the actions
 * granted that no test used (each decided in test/iam/decisions.ts and docs/iam.md).
 */
const root = resolve(import.meta.dirname, '../..');
const sourceRun = recordingFile(false);
const bundlesRun = recordingFile(true);
const files = [...new Set([sourceRun, bundlesRun])].filter((f) => existsSync(f));

let recordings: Recording[] = [];
let report: Report;

beforeAll(async () => {
  recordings = files.map(readRecording);
  report = await evaluateRecordings(recordings, stackModel(readCloudAssembly(resolve(root, 'cdk.out'))));
  const out = resolve(root, 'test-results');
  mkdirSync(out, { recursive: true });
  writeFileSync(resolve(out, 'iam-report.md'), renderMarkdown(report));
  writeFileSync(resolve(out, 'iam-report.json'), `${JSON.stringify(report, null, 2)}\n`);
  const when = files.map((f) => `${f} (${statSync(f).mtime.toISOString()})`).join(', ');
  console.log(
    `IAM check of ${report.calls} recorded AWS calls from ${when}: ${report.requests} distinct requests, ` +
      `${report.denied.length} denied; report in test-results/iam-report.md`,
  );
});

describe('every AWS call the suites made is allowed by its function’s IAM policy', () => {
  it('has a recording of the suites (run `vitest run` first: the suites record)', () => {
    expect(existsSync(sourceRun), `${sourceRun} is missing`).toBe(true);
    const source = recordings.find((r) => r.file === sourceRun)?.calls ?? [];
    // The suites make thousands of calls; a few hundred means recording broke or few suites ran.
    expect(source.length).toBeGreaterThan(500);
    const services = new Set(source.map((c) => c.service));
    for (const service of ['dynamodb', 's3', 'sesv2']) expect([...services]).toContain(service);
    // npm test runs the deployed bundles' pass before this check; its recording must be there.
    // Only the deployed bundles read Secrets Manager (locally the keys come from the environment).
    if (bundlesRun !== sourceRun) {
      expect(existsSync(bundlesRun), `${bundlesRun} is missing (npm run test:bundles records it)`).toBe(true);
      const bundles = recordings.find((r) => r.file === bundlesRun)?.calls ?? [];
      expect(bundles.length).toBeGreaterThan(100);
      expect(bundles.map((c) => c.service)).toContain('secretsmanager');
    }
    expect(report.functionsWithCalls).toBeGreaterThan(report.functionsTotal / 2);
  });

  it('denies none, and every call maps to IAM requests of a known function', () => {
    expect(describeProblems(report), 'calls their policy would refuse in AWS (see docs/iam.md)').toEqual([]);
  });
});
