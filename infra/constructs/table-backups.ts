import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import {
  BackupPlan,
  BackupPlanRule,
  BackupResource,
  BackupVault,
  CfnRestoreTestingPlan,
  CfnRestoreTestingSelection,
} from 'aws-cdk-lib/aws-backup';
import { Metric } from 'aws-cdk-lib/aws-cloudwatch';
import type { TableBase } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Effect, ManagedPolicy, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import type { Bucket, CfnBucket, IBucket } from 'aws-cdk-lib/aws-s3';
import type { Topic } from 'aws-cdk-lib/aws-sns';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { CHECKPOINT_KEY } from '../../functions/backups/restore-reader.ts';
import { alarmAt, deadLetterAlarm, functionErrorAlarm } from './alarms.ts';
import { ApiFunction } from './api-function.ts';

export interface TableBackupsProps {
  table: TableBase;
  /** The public media bucket: the passport log's checkpoint the validation compares against. */
  mediaBucket: IBucket;
  alarmTopic: Topic;
  /** The restore testing plan's name (letters, digits, _; unique in the account and region). */
  restoreTestingPlanName: string;
  /**
   * The buckets kept in the same vault with continuous backups (the media buckets: pictures,
   * films, the passport's public files and its authenticity photos). More with addBucket.
   */
  buckets?: readonly Bucket[];
}

/** The hourly recovery points, kept two days; the daily ones, five weeks. */
export const HOURLY_RETENTION = Duration.days(2);
export const DAILY_RETENTION = Duration.days(35);
/** How long AWS Backup keeps a restored scratch table for the validation before deleting it. */
export const VALIDATION_WINDOW_HOURS = 4;
/** S3 continuous backups: a bucket restored to any second of the last 35 days (AWS's maximum). */
export const BUCKET_CONTINUOUS_RETENTION = Duration.days(35);
/** AWS Backup's service-role policies for S3 (no service-role/ path, unlike the general ones). */
export const S3_BACKUP_POLICIES = [
  'AWSBackupServiceRolePolicyForS3Backup',
  'AWSBackupServiceRolePolicyForS3Restore',
] as const;

/**
 * The table's backups and their proof (issue 49). The table's point-in-time recovery gives the
 * RPO (any second of the last 35 days, ≤ 5 min); AWS Backup adds recovery points that outlive the
 * table (a dropped or corrupted table, an account-level mistake): hourly ones kept two days (a bad
 * write found the next morning has a clean copy from before it, also if the table itself went),
 * daily ones kept 35 days (as far back as PITR reaches, but not lost with the table).
 *
 * Restore testing restores the latest recovery point into a scratch table every week; the
 * "Restore Job State Change" of that plan invokes the validation function
 * (functions/backups/jobs/validate-restore.ts), which reports to AWS Backup
 * (PutRestoreValidationResult) and counts a failure in RestoreValidationFailed, alarmed to the topic.
 *
 * The media buckets (and any bucket given to addBucket) are in the same vault, in a plan of their
 * own with one continuous-backup rule: AWS Backup restores a bucket, or a prefix or object of it,
 * to any second of the last 35 days, into a new bucket. Why AWS Backup and not replication:
 * replication copies each new version into a second versioned bucket (another region or
 * account), which is a second bucket per bucket to pay for and keep, whose versions expire by its
 * own lifecycle, and from which a prefix "as it was at 17:55" is rebuilt by walking versions by
 * hand; it answers the loss of a region, which this shop's single-region stack does not plan
 * for. The vault gives that point-in-time restore of a bucket or a prefix as one job, outlives
 * the bucket (its recovery points are not the bucket's versions), and already holds the table's
 * recovery points: one place for the runbook (docs/restore.md). Why a plan of its own: a plan's
 * selections get every rule of the plan, and the table's hourly and daily snapshot rules would
 * make periodic backups of the buckets too; AWS says a bucket's continuous backup belongs to one
 * plan, and that its continuous and periodic backups share one vault (docs: "Amazon S3 backups").
 *
 * What AWS Backup for S3 needs (same page, and the managed policies' reference): versioning on
 * the bucket (checked at synth), a lifecycle that expires noncurrent versions (AWS Backup keeps
 * every unexpired version: checked at synth), the role with AWSBackupServiceRolePolicyForS3Backup
 * and AWSBackupServiceRolePolicyForS3Restore, and the bucket's EventBridge notifications, which
 * AWS Backup turns on itself (its S3 policy has s3:PutBucketNotification). The stack manages the
 * media buckets' notifications (the picture sets' Lambda notifications, CDK's
 * Custom::S3BucketNotifications, which replaces a managed bucket's whole configuration): so the
 * stack turns EventBridge on too, or the next deploy would turn AWS Backup's off.
 */
export class TableBackups extends Construct {
  readonly vault: BackupVault;
  readonly plan: BackupPlan;
  readonly restoreTestingPlan: CfnRestoreTestingPlan;
  readonly restoreTestingSelection: CfnRestoreTestingSelection;
  readonly validation: ApiFunction;
  readonly deadLetters: Queue;
  /** The buckets' continuous backups: a plan of its own in the same vault (see above). */
  readonly bucketPlan: BackupPlan;
  /** AWS Backup's role for the buckets: its two S3 policies only. */
  readonly bucketRole: Role;

  constructor(scope: Construct, id: string, props: TableBackupsProps) {
    super(scope, id);
    this.vault = new BackupVault(this, 'Vault', { removalPolicy: RemovalPolicy.RETAIN });
    this.plan = new BackupPlan(this, 'Plan', {
      backupVault: this.vault,
      backupPlanRules: [
        new BackupPlanRule({
          ruleName: 'Hourly',
          scheduleExpression: Schedule.cron({ minute: '0' }),
          deleteAfter: HOURLY_RETENTION,
        }),
        new BackupPlanRule({
          ruleName: 'Daily',
          scheduleExpression: Schedule.cron({ minute: '0', hour: '3' }),
          deleteAfter: DAILY_RETENTION,
        }),
      ],
    });
    this.plan.addSelection('Table', { resources: [BackupResource.fromDynamoDbTable(props.table)] });

    this.bucketPlan = new BackupPlan(this, 'BucketPlan', {
      backupVault: this.vault,
      backupPlanRules: [
        new BackupPlanRule({
          ruleName: 'Continuous',
          // The continuous recovery point is made once and kept current; the daily run renews it.
          scheduleExpression: Schedule.cron({ minute: '0', hour: '4' }),
          enableContinuousBackup: true,
          deleteAfter: BUCKET_CONTINUOUS_RETENTION,
        }),
      ],
    });
    this.bucketRole = new Role(this, 'BucketBackupRole', {
      assumedBy: new ServicePrincipal('backup.amazonaws.com'),
      description: "AWS Backup: the media buckets' continuous backups and their restores",
      managedPolicies: S3_BACKUP_POLICIES.map((name) => ManagedPolicy.fromAwsManagedPolicyName(name)),
    });
    for (const bucket of props.buckets ?? []) this.addBucket(bucket);

    this.restoreTestingPlan = new CfnRestoreTestingPlan(this, 'RestoreTestingPlan', {
      restoreTestingPlanName: props.restoreTestingPlanName,
      // Weekly, Sunday 05:00 UTC: a full restore and scan of the table, a quiet hour.
      scheduleExpression: 'cron(0 5 ? * SUN *)',
      scheduleExpressionTimezone: 'Etc/UTC',
      startWindowHours: 1,
      recoveryPointSelection: {
        algorithm: 'LATEST_WITHIN_WINDOW',
        includeVaults: [this.vault.backupVaultArn],
        recoveryPointTypes: ['SNAPSHOT'],
        selectionWindowDays: 7,
      },
    });
    const restoreRole = new Role(this, 'RestoreRole', {
      assumedBy: new ServicePrincipal('backup.amazonaws.com'),
      description: "AWS Backup restore testing: restores the table's recovery point into a scratch table",
      managedPolicies: [
        ManagedPolicy.fromAwsManagedPolicyName('service-role/AWSBackupServiceRolePolicyForRestores'),
      ],
    });
    this.restoreTestingSelection = new CfnRestoreTestingSelection(this, 'RestoreTestingSelection', {
      restoreTestingPlanName: this.restoreTestingPlan.restoreTestingPlanName,
      restoreTestingSelectionName: 'Table',
      protectedResourceType: 'DynamoDB',
      protectedResourceArns: [props.table.tableArn],
      iamRoleArn: restoreRole.roleArn,
      validationWindowHours: VALIDATION_WINDOW_HOURS,
    });
    this.restoreTestingSelection.addDependency(this.restoreTestingPlan);

    this.deadLetters = new Queue(this, 'DeadLetters', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    this.validation = new ApiFunction(this, 'Validation', {
      module: 'backups/jobs/validate-restore',
      description: 'Validates each table restored by AWS Backup restore testing (issue 49)',
      // A full parallel scan of the restored table and the checks.
      timeout: Duration.minutes(15),
      memorySize: 2048,
      environment: { MEDIA_BUCKET: props.mediaBucket.bucketName },
    });
    // The restored scratch table's name is AWS Backup's, known only in the event: reads and
    // describes of the account's tables in this region, and an explicit deny on the live table.
    const tables = this.validation.stack.formatArn({
      service: 'dynamodb',
      resource: 'table',
      resourceName: '*',
    });
    this.validation.addToRolePolicy(
      new PolicyStatement({
        actions: [
          'dynamodb:Scan',
          'dynamodb:DescribeTable',
          'dynamodb:DescribeTimeToLive',
          'dynamodb:DescribeContinuousBackups',
        ],
        resources: [tables],
      }),
    );
    this.validation.addToRolePolicy(
      new PolicyStatement({
        effect: Effect.DENY,
        actions: ['dynamodb:*'],
        resources: [props.table.tableArn, `${props.table.tableArn}/*`],
      }),
    );
    this.validation.addToRolePolicy(
      new PolicyStatement({
        actions: ['s3:GetObject'],
        resources: [props.mediaBucket.arnForObjects(CHECKPOINT_KEY)],
      }),
    );
    // PutRestoreValidationResult takes a restore job id, no resource ARN: IAM has only *.
    this.validation.addToRolePolicy(
      new PolicyStatement({ actions: ['backup:PutRestoreValidationResult'], resources: ['*'] }),
    );
    this.validation.configureAsyncInvoke({
      retryAttempts: 2,
      maxEventAge: Duration.hours(1),
      onFailure: new SqsDestination(this.deadLetters),
    });
    // Checked against AWS's docs (not yet against a real event): the AWS Backup guide's "Restore
    // testing validation" gives this rule: source aws.backup, detail-type "Restore Job State
    // Change", detail.status COMPLETED, optionally filtered by detail.resourceType and
    // detail.restoreTestingPlanArn; its sample handler reads detail.restoreJobId,
    // detail.createdResourceArn, detail.resourceType. Its "Monitoring AWS Backup events using
    // Amazon EventBridge" page: restore job events carry detail.status (PENDING, RUNNING,
    // COMPLETED, FAILED; ABORTED is DescribeRestoreJob's other end state), the CREATED event has
    // detail.state instead (so never matched here), and restoreTestingPlanArn is in the detail of
    // a job of a restore testing plan. FAILED and ABORTED are matched as well: a restore that did
    // not finish is a failed test, counted in the alarm's metric. Not filtered by resourceType:
    // the plan's only selection is the table. Events are sent best-effort: a lost one leaves the
    // job without a validation status (visible in the console; the runbook's weekly look).
    new Rule(this, 'RestoreJobs', {
      description: 'The restore jobs of the table’s restore testing plan, finished: validated',
      eventPattern: {
        source: ['aws.backup'],
        detailType: ['Restore Job State Change'],
        detail: {
          status: ['COMPLETED', 'FAILED', 'ABORTED'],
          restoreTestingPlanArn: [this.restoreTestingPlan.attrRestoreTestingPlanArn],
        },
      },
      targets: [new LambdaFunction(this.validation, { deadLetterQueue: this.deadLetters, retryAttempts: 2 })],
    });
    alarmAt(this, 'ValidationFailedAlarm', props.alarmTopic, {
      description:
        'A restore test of the table failed (the restore itself, or its validation): see the validation function’s log and the restore job in AWS Backup',
      metric: new Metric({
        namespace: 'OneOfOne',
        metricName: 'RestoreValidationFailed',
        dimensionsMap: { service: 'restore-validation' },
        statistic: 'Sum',
        period: Duration.minutes(5),
      }),
    });
    functionErrorAlarm(this, 'Errors', this.validation, props.alarmTopic);
    deadLetterAlarm(
      this,
      'DeadLettersAlarm',
      this.deadLetters,
      props.alarmTopic,
      'A restored table was not validated (the validation failed three times): run it by hand on the scratch table before AWS Backup deletes it',
    );
  }

  /**
   * A bucket kept by continuous backups in the vault (a journal bucket, say): it must be
   * versioned and expire its noncurrent versions (checked when the app is synthesized), and its
   * EventBridge notifications are turned on (AWS Backup's continuous backup reads them).
   */
  addBucket(bucket: Bucket): void {
    // A selection per bucket (a selection's resources are fixed when it is made), one role.
    this.bucketPlan.addSelection(bucket.node.id, {
      resources: [BackupResource.fromArn(bucket.bucketArn)],
      role: this.bucketRole,
      // The general backup policy is for the other services: S3 needs only its own two.
      disableDefaultBackupPolicy: true,
    });
    bucket.enableEventBridgeNotification();
    const cfn = bucket.node.defaultChild as CfnBucket;
    bucket.node.addValidation({
      validate: () => {
        const stack = Stack.of(bucket);
        const versioning = stack.resolve(cfn.versioningConfiguration) as { status?: string } | undefined;
        const lifecycle = stack.resolve(cfn.lifecycleConfiguration) as
          | { rules?: { status?: string; noncurrentVersionExpiration?: unknown }[] }
          | undefined;
        const problems: string[] = [];
        if (versioning?.status !== 'Enabled')
          problems.push('AWS Backup for S3 needs versioning: give the bucket `versioned: true`');
        if (!lifecycle?.rules?.some((r) => r.status !== 'Disabled' && r.noncurrentVersionExpiration))
          problems.push(
            'AWS Backup keeps every unexpired version: give the bucket a lifecycle rule with noncurrentVersionExpiration',
          );
        return problems;
      },
    });
  }
}
