import { join } from 'node:path';
import { startLocalStack } from '../stack.ts';

/**
 * One local shop of the restore drill, in a process of its own (./restore-drill.ts starts two:
 * the shop whose table is lost, then the shop pointed at the restored table). Both keep their
 * stand-ins' data in the drill's data directory, so the second finds DynamoDB Local's tables,
 * the S3 objects, the payment providers' records, the KMS keys and the witnesses' state as the
 * first left them, exactly as a second deployment meets the same AWS account and providers.
 *
 * Arguments (environment): DRILL_DATA (the data directory), DRILL_TABLE (the table it serves),
 * DRILL_SEED ('true': the demo catalogue when the table is empty), DRILL_PORT (the shop's port:
 * both shops answer at the same address, as a shop keeps its domain through a restore; the
 * passport log's origin names it). When the shop answers it
 * prints one line `DRILL_SHOP_READY <json>` with its addresses and job token; SIGTERM stops it,
 * its data kept.
 */
const dataDir = process.env.DRILL_DATA;
const tableName = process.env.DRILL_TABLE;
if (!dataDir || !tableName) throw new Error('DRILL_DATA and DRILL_TABLE are required');

const stack = await startLocalStack({
  port: Number(process.env.DRILL_PORT ?? 0),
  dataDir,
  tableName,
  seed: process.env.DRILL_SEED === 'true',
  jobTokenFile: join(dataDir, `job-token-${process.pid}`),
  log: (line) => console.error(`[shop ${tableName}] ${line}`),
});

console.log(
  `DRILL_SHOP_READY ${JSON.stringify({
    url: stack.url,
    dynamoDbUrl: stack.dynamoDbUrl,
    tableExportsUrl: stack.tableExportsUrl,
    s3Url: stack.s3Url,
    paymentsUrl: stack.paymentsUrl,
    sesUrl: stack.sesUrl,
    tableName: stack.tableName,
    mediaBucket: stack.mediaBucket,
    backupsBucket: stack.backupsBucket,
    jobToken: stack.jobToken,
    sessionToken: stack.awsSessionToken,
  })}`,
);

let stopping = false;
process.on('SIGTERM', () => {
  if (stopping) return;
  stopping = true;
  void stack.stop().then(() => process.exit(0));
});
