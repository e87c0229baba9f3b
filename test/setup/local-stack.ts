import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import type { DrandEnvironment } from '#draws/adapters/beacon.ts';
import { startLocalStack } from '../../infra/local/stack.ts';
import { answersFile, startAnswers } from '../api/recording.ts';
import { noteLocalNames, recordingFile, startRecording } from '../iam/recording.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dynamoDbUrl: string;
    sesUrl: string;
    paymentsUrl: string;
    tableName: string;
    s3Url: string;
    mediaBucket: string;
    privateMediaBucket: string;
    /** The secret POST /__jobs/<name> needs (test/support/jobs.ts sends it). */
    jobToken: string;
    /** The KMS and Lambda stand-ins, and the passport's signing key in the first. */
    kmsUrl: string;
    lambdaUrl: string;
    passportKeyId: string;
    /** The log's Ed25519 checkpoint key, and the two witness stand-ins with the policy naming them. */
    passportLogKeyId: string;
    witnesses: { name: string; url: string; vkey: string }[];
    witnessPolicy: string;
    /** The session token the stack gives its functions; the Lambda and KMS stand-ins require it. */
    awsSessionToken: string;
    /** The randomness beacon's stand-in (infra/local/drand.ts) and its chain, as the functions get them. */
    drand: DrandEnvironment;
  }
}

/** One local stack (in-memory DynamoDB Local, s3rver, SES) with the demo catalogue for the whole run. */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), 'boutique-test-'));
  // Every AWS call the functions make is recorded; `npm run test:iam` checks them against IAM.
  const awsCallLog = recordingFile();
  startRecording(awsCallLog);
  // Every answer the gateways send is checked against the OpenAPI documents; `npm run test:api` reads them.
  const answerLog = answersFile();
  startAnswers(answerLog);
  // The answers carry their handler's DynamoDB request count (x-ddb-requests): the tests read it.
  process.env.EXPOSE_DDB_REQUEST_COUNT = 'true';
  // WEB_DIST lets a run serve a web build other than web/dist (parallel work on one machine).
  const stack = await startLocalStack({
    port: 0,
    s3Dir: join(dataDir, 's3'),
    awsCallLog,
    answerLog,
    // The deployed bundles' run (test/bundles/vitest.config.ts) serves the API from cdk.out.
    ...(process.env.SERVE_BUNDLES ? { bundles: { cdkOut: process.env.SERVE_BUNDLES } } : {}),
    ...(process.env.WEB_DIST ? { webRoot: process.env.WEB_DIST } : {}),
  });
  noteLocalNames(awsCallLog, stack);
  // The picture test fixtures name (test/support/fixtures.ts): stored, so pages that show it load it.
  const stored = await fetch(`${stack.s3Url}/${stack.mediaBucket}/collection_images/a.svg`, {
    method: 'PUT',
    headers: { 'content-type': 'image/svg+xml' },
    body: '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400"><rect width="300" height="400" fill="#d8cfc4"/></svg>',
  });
  if (!stored.ok) throw new Error(`could not store the fixtures' picture: ${stored.status}`);
  project.provide('baseUrl', stack.url);
  project.provide('dynamoDbUrl', stack.dynamoDbUrl);
  project.provide('sesUrl', stack.sesUrl);
  project.provide('paymentsUrl', stack.paymentsUrl);
  project.provide('tableName', stack.tableName);
  project.provide('s3Url', stack.s3Url);
  project.provide('mediaBucket', stack.mediaBucket);
  project.provide('privateMediaBucket', stack.privateMediaBucket);
  project.provide('jobToken', stack.jobToken);
  project.provide('kmsUrl', stack.kmsUrl);
  project.provide('lambdaUrl', stack.lambdaUrl);
  project.provide('passportKeyId', stack.passportKeyId);
  project.provide('passportLogKeyId', stack.passportLogKeyId);
  project.provide('witnesses', stack.witnesses);
  project.provide('witnessPolicy', process.env.PASSPORT_WITNESSES ?? '');
  project.provide('awsSessionToken', stack.awsSessionToken);
  project.provide('drand', stack.drand);
  return async () => {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
