import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { BackupClient, PutRestoreValidationResultCommand } from '@aws-sdk/client-backup';
import { recordAwsCalls } from '#platform/aws-call-log.ts';
import type { RestoreReport } from '../restore-reader.ts';
import { validateRestore } from '../restore-reader.ts';
import type { Finding, SourceManifest } from '../rules/restore-checks.ts';

/**
 * AWS Backup's restore testing (issue 49; infra/constructs/table-backups.ts): EventBridge invokes
 * this function when a restore job of the shop's restore testing plan changes state. On
 * COMPLETED it validates the restored scratch table (../restore-reader.ts validateRestore), tells
 * AWS Backup the result (PutRestoreValidationResult: the job's validation status), and counts a
 * failed validation in the metric RestoreValidationFailed, which alarms to the alarm topic.
 *
 * The source's counts: AWS Backup's own recovery points (PITR or snapshot) carry no manifest of
 * what the table held — only the shop's export (restore-manifest.json beside the export, written
 * by takeManifest/writeManifest) has one. So here the count checks are reported not checked
 * ("no manifest"), never compared against made-up numbers; the invariants, the passport log
 * and the settings checks run in full.
 */

/**
 * The event, as AWS Backup's guide documents it ("Monitoring AWS Backup events using Amazon
 * EventBridge", Restore Job events; "Restore testing validation"): the fields read here, and the
 * job's others for the log. `status` is the job's (COMPLETED, FAILED, ABORTED reach this
 * function); `createdResourceArn` is the restored scratch table; `percentDone` is a number and
 * `backupSizeInBytes` a string there.
 */
export interface RestoreJobStateChange {
  /** aws.backup from EventBridge; anything else is a run by hand (see the handler). */
  source?: string;
  'detail-type': 'Restore Job State Change';
  detail: {
    restoreJobId: string;
    status: string;
    statusMessage?: string;
    resourceType?: string;
    createdResourceArn?: string;
    sourceResourceArn?: string;
    recoveryPointArn?: string;
    restoreTestingPlanArn?: string;
  };
}

/** Checks that need the source's counts: not checked without a manifest. */
const NEEDS_MANIFEST = new Set(['counts-per-entity', 'index-counts']);
/**
 * The settings checks: a DynamoDB restore never carries TTL, stream or point-in-time recovery, and
 * AWS Backup's scratch table is deleted after the validation window, so nobody re-applies them
 * there; a real restore re-applies them (the runbook) and the drill checks them.
 */
const SETTINGS = new Set(['ttl', 'stream', 'point-in-time-recovery']);
const SCRATCH_SETTINGS =
  'not checked: a restored table never carries TTL, stream or point-in-time recovery; a scratch restore is not re-configured';

/** What the count checks compare against when the backup has no manifest: nothing. */
const NO_MANIFEST: SourceManifest = { table: '', exportTime: '', counts: {}, indexCounts: {}, total: 0 };

/** The findings with the count checks marked not checked (no manifest), and whether the rest held. */
/**
 * The published checkpoint ahead of the restored log, as restore-checks words it. A restore test
 * restores a recovery point up to a week old while the sequencer keeps publishing: the published
 * checkpoint being longer than the restored log is what a healthy shop shows, not a loss (a real
 * restore recovers those entries from the published tiles: docs/restore.md). Its root not being
 * the restored log's first entries' root stays a failure.
 */
const PUBLISHED_AHEAD = /^the published checkpoint has (\d+) entries, the restored log (\d+)\b/;

/** The checkpoint check with "published after the recovery point" kept as a note, not a failure. */
function checkpointAhead(finding: Finding): Finding {
  if (finding.check !== 'passport-checkpoint-prefix' || finding.ok) return finding;
  const notes: string[] = [];
  const problems = finding.details.filter((detail) => {
    const ahead = PUBLISHED_AHEAD.exec(detail);
    if (!ahead) return true;
    notes.push(
      `${Number(ahead[1]) - Number(ahead[2])} entries published after the recovery point (the published checkpoint ${ahead[1]}, the restored log ${ahead[2]}): expected in a restore test; a real restore recovers them from the published tiles`,
    );
    return false;
  });
  return problems.length === 0 ? { ...finding, ok: true, details: notes } : { ...finding, details: problems };
}

export function withoutManifest(
  findings: readonly Finding[],
  options: { scratch: boolean } = { scratch: true },
): { findings: Finding[]; notChecked: string[] } {
  const notChecked: string[] = [];
  // A real restore (run by hand, docs/restore.md) re-applied the settings, and entries published
  // after its restore point are to be recovered: both stay findings there.
  const scratch = options.scratch;
  const kept = findings.map(scratch ? checkpointAhead : (f: Finding) => f).map((finding) => {
    const manifest = NEEDS_MANIFEST.has(finding.check);
    if (!manifest && !(scratch && SETTINGS.has(finding.check))) return finding;
    notChecked.push(finding.check);
    return {
      ...finding,
      ok: true,
      details: [
        manifest
          ? 'not checked: no manifest (AWS Backup recovery points have no source counts; only exports carry restore-manifest.json)'
          : SCRATCH_SETTINGS,
      ],
    };
  });
  return { findings: kept, notChecked };
}

/** The table name of a DynamoDB table ARN (…:table/<name>). */
export function tableOfArn(arn: string): string | undefined {
  const match = /:table\/([^/]+)$/.exec(arn);
  return match?.[1];
}

/** The validation message AWS Backup keeps with the job (at most 1,000 characters here). */
export function validationMessage(report: RestoreReport, notChecked: readonly string[]): string {
  const failed = report.findings.filter((f) => !f.ok);
  const head = failed.length
    ? `FAILED ${failed.map((f) => `${f.check}: ${f.details[0] ?? ''}`).join('; ')}`
    : `${report.findings.length - notChecked.length} checks held on ${report.items} items`;
  const tail = notChecked.length
    ? `; not checked (no manifest, scratch settings): ${notChecked.join(', ')}`
    : '';
  return `${head}${tail}`.slice(0, 1000);
}

const metrics = new Metrics({ namespace: 'OneOfOne', serviceName: 'restore-validation' });
let backup: BackupClient | undefined;

/**
 * Run by hand on a real restore (docs/restore.md, before the stack is pointed at it): invoked
 * directly (`aws lambda invoke`) with an event whose `source` is not aws.backup. Then nothing is
 * sent to AWS Backup (there is no restore job), the settings are checked (they were re-applied),
 * and the answer carries every finding.
 */
export const handler = async (
  event: RestoreJobStateChange,
): Promise<{ status: string; message: string; findings?: Finding[] }> => {
  const { restoreJobId, status, createdResourceArn } = event.detail;
  const manual = event.source !== 'aws.backup';
  // The rule passes COMPLETED, FAILED and ABORTED: a restore that did not finish is a failed test.
  if (status !== 'COMPLETED') {
    const restored = status === 'FAILED' || status === 'ABORTED';
    if (restored) {
      metrics.addMetric('RestoreValidationFailed', MetricUnit.Count, 1);
      metrics.publishStoredMetrics();
    }
    return { status: restored ? 'FAILED' : 'SKIPPED', message: `restore job ${restoreJobId} ${status}` };
  }
  const table = createdResourceArn ? tableOfArn(createdResourceArn) : undefined;
  if (!table) throw new Error(`restore job ${restoreJobId}: no DynamoDB table in ${createdResourceArn}`);
  const bucket = process.env.MEDIA_BUCKET;
  if (!bucket) throw new Error('MEDIA_BUCKET is not set');
  const report = await validateRestore({ table, source: { ...NO_MANIFEST, table }, bucket });
  const { findings, notChecked } = withoutManifest(report.findings, { scratch: !manual });
  const result = { ...report, findings, ok: findings.every((f) => f.ok) };
  const message = validationMessage(result, notChecked);
  if (manual) {
    console.log(JSON.stringify({ manual: true, table, ok: result.ok, findings, timing: report.timing }));
    return { status: result.ok ? 'SUCCESSFUL' : 'FAILED', message, findings };
  }
  // AWS's guide: once a validation status is set it cannot be changed; so it is sent once, after every check.
  // Recorded as every AWS client of the functions is (the IAM check of test/iam evaluates it).
  backup ??= recordAwsCalls(new BackupClient({}));
  await backup.send(
    new PutRestoreValidationResultCommand({
      RestoreJobId: restoreJobId,
      ValidationStatus: result.ok ? 'SUCCESSFUL' : 'FAILED',
      ValidationStatusMessage: message,
    }),
  );
  metrics.addMetric('RestoreValidationFailed', MetricUnit.Count, result.ok ? 0 : 1);
  metrics.publishStoredMetrics();
  console.log(JSON.stringify({ restoreJobId, table, ok: result.ok, findings, timing: report.timing }));
  return { status: result.ok ? 'SUCCESSFUL' : 'FAILED', message };
};
