import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { DEFAULT_TEMPLATE_PREFIX } from '#platform/mail-templates.ts';
import type { LocalNames } from './policy-check.ts';

const root = resolve(import.meta.dirname, '../..');

/**
 * Where a test run records the functions' AWS calls: AWS_CALL_LOG when set, else
 * test-results/aws-calls.jsonl (aws-calls.bundles.jsonl for the deployed bundles' run), which
 * `npm run test:iam` checks after the suites.
 */
export function recordingFile(bundles = Boolean(process.env.SERVE_BUNDLES)): string {
  if (process.env.AWS_CALL_LOG) return resolve(process.env.AWS_CALL_LOG);
  return resolve(root, 'test-results', bundles ? 'aws-calls.bundles.jsonl' : 'aws-calls.jsonl');
}

/** Empties the recording before a run. */
export function startRecording(file: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, '');
}

/** Notes the local stack's names in the recording, so the check can translate them to AWS's. */
export function noteLocalNames(
  file: string,
  stack: { tableName: string; mediaBucket: string; privateMediaBucket: string },
): void {
  const local: LocalNames = {
    tableName: stack.tableName,
    mediaBucket: stack.mediaBucket,
    privateMediaBucket: stack.privateMediaBucket,
    ...(process.env.MAIL_FROM ? { mailFrom: process.env.MAIL_FROM } : {}),
    mailTemplatePrefix: process.env.MAIL_TEMPLATE_PREFIX ?? DEFAULT_TEMPLATE_PREFIX,
    // The gateway runs the functions in this process: a call here outside a function lost its scope.
    gatewayPid: process.pid,
  };
  appendFileSync(file, `${JSON.stringify({ stack: local })}\n`);
}
