import { resolve } from 'node:path';
import {
  MAIL_SWEEP_EVERY_MINUTES,
  OVERDUE_CHECK_EVERY_DAYS,
  RECONCILE_EVERY_MINUTES,
} from '../../functions/checkout/jobs/schedules.ts';
import { RUN_DRAWS_EVERY_MINUTES } from '../../functions/draws/jobs/schedules.ts';
import { RELEASES_EVERY_MINUTES } from '../../functions/members/jobs/schedules.ts';
import {
  ISSUE_MISSING_CERTIFICATES_EVERY_MINUTES,
  SEQUENCE_LOG_EVERY_MINUTES,
} from '../../functions/passport/jobs/schedules.ts';
import { cliArgs } from '../cli-args.ts';
import { duration, progressLine } from '../progress.ts';
import { LOCAL_JOBS, startLocalStack } from './stack.ts';

/**
 * `npm start`: the whole shop on loopback, no AWS account, no internet.
 * Ports: PORT (3000), DYNAMODB_PORT (8000), S3_PORT (4569), SES_PORT (8005), PAYMENTS_PORT (4510);
 * KMS, Lambda and the drand beacon on free ones.
 * SERVE_BUNDLES=cdk.out serves the API from the deployed bundles (after `npm run synth`).
 */
cliArgs({
  usage: `usage: npm start   (the shop on loopback; takes no arguments)
  ports (environment): PORT (3000), DYNAMODB_PORT (8000), S3_PORT (4569), SES_PORT (8005), PAYMENTS_PORT (4510)
  SERVE_BUNDLES=cdk.out serves the API from the deployed bundles`,
});
const port = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 0 || value > 65535)
    throw new Error(`${name} must be a port number`);
  return value;
};

const stack = await startLocalStack({
  port: port('PORT', 3000),
  dynamoDbPort: port('DYNAMODB_PORT', 8000),
  s3Port: port('S3_PORT', 4569),
  sesPort: port('SES_PORT', 8005),
  paymentsPort: port('PAYMENTS_PORT', 4510),
  dataDir: resolve(import.meta.dirname, '../../.local/data'),
  // `npm run job` reads it: jobs run only with this start's token.
  jobTokenFile: resolve(import.meta.dirname, '../../.local/job-token'),
  ...(process.env.SERVE_BUNDLES ? { bundles: { cdkOut: resolve(process.env.SERVE_BUNDLES) } } : {}),
  demoPassports: true,
  // As CloudFront serves them: the public pages rendered ahead of time (issue 47), again on every
  // catalogue change (the table's stream), a page not rendered yet when first asked.
  renderedPages: true,
  log: (line) => console.log(`[local] ${line}`),
});

console.log(`
  The shop:        ${stack.url}
  API:             ${stack.url}/api/getTypeByGender?gender=0
  Mail sent (SES): ${stack.sesUrl}
  DynamoDB Local:  ${stack.dynamoDbUrl} (table ${stack.tableName})
  Payments:        ${stack.paymentsUrl} (Stripe and PayPal stand-in)
  Beacon (drand):  ${stack.drandUrl}/info (the draws' randomness, a local chain)
  S3 (s3rver):     ${stack.s3Url} (bucket ${stack.mediaBucket})
  Ctrl-C stops everything.
`);

// Every public page rendered ahead of time, with sitemap.xml and robots.txt, in the background (as
// a deployment's full re-render does); meanwhile a page is rendered when first asked.
const rendering = performance.now();
void LOCAL_JOBS['render-pages']?.()
  .then((report) => {
    const { pages } = report as { pages: number };
    console.log(
      `[local] rendered ${pages} public pages, sitemap.xml and robots.txt in ${duration(performance.now() - rendering)}`,
    );
  })
  .catch((error: unknown) =>
    console.error(`[local] the full re-render of the public pages failed: ${String(error)}`),
  );

// The demo photographs, stored in the background: made on a machine's first start (one line says
// how far), copied from the cache on the others.
const pictures = stack.demoPictures;
const picturesStarted = performance.now();
const took = () => duration(performance.now() - picturesStarted);
if (pictures.toMake > 0) {
  const progress = progressLine('[local] making the demo photographs', pictures.toMake);
  progress.advance(pictures.made());
  pictures.onStored((keys, made) => {
    if (made) progress.advance(1, keys[0]);
  });
  void pictures
    .idle()
    .then(({ failed }) =>
      progress.finish(
        `[local] made ${pictures.made()} demo photographs and their picture sets in ${took()}${failed > 0 ? ` (${failed} failed: see above)` : ''}; every page shows its pictures`,
      ),
    );
} else if (pictures.total > 0) {
  void pictures
    .idle()
    .then(({ stored }) =>
      console.log(
        `[local] copied ${stored} demo photographs and their picture sets from the cache in ${took()}`,
      ),
    );
}

// The scheduled jobs, as EventBridge runs them in AWS (infra/stack.ts); `npm run job <name>` runs one now.
const every = (minutes: number, name: keyof typeof LOCAL_JOBS) =>
  setInterval(
    () =>
      void LOCAL_JOBS[name]().catch((error: unknown) =>
        console.error(`[local] ${name}: ${(error as Error).message}`),
      ),
    minutes * 60_000,
  ).unref();
// A shop kept from before the passport (.local/data) gets its pieces' passports now, not in five minutes.
void LOCAL_JOBS['issue-missing-certificates']().catch((error: unknown) =>
  console.error(`[local] issue-missing-certificates: ${(error as Error).message}`),
);
const schedules = [
  every(MAIL_SWEEP_EVERY_MINUTES, 'mail-sweep'),
  every(RECONCILE_EVERY_MINUTES, 'reconcile-payments'),
  every(OVERDUE_CHECK_EVERY_DAYS * 24 * 60, 'overdue-orders'),
  every(RELEASES_EVERY_MINUTES, 'member-releases'),
  every(SEQUENCE_LOG_EVERY_MINUTES, 'sequence-log'),
  every(RUN_DRAWS_EVERY_MINUTES, 'run-draws'),
  every(ISSUE_MISSING_CERTIFICATES_EVERY_MINUTES, 'issue-missing-certificates'),
];

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  for (const schedule of schedules) clearInterval(schedule);
  console.log(`[local] ${signal}: stopping`);
  await stack.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
