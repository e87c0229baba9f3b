import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import {
  BackupPlan,
  BackupPlanRule,
  BackupResource,
  BackupVault,
  CfnRestoreTestingPlan,
  CfnRestoreTestingSelection,
} from 'aws-cdk-lib/aws-backup';
import { Metric } from 'aws-cdk-lib/aws-cloudwatch';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Effect, ManagedPolicy, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { Topic } from 'aws-cdk-lib/aws-sns';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { CHECKPOINT_KEY } from '../../functions/backups/restore-reader.ts';
import { alarmAt, deadLetterAlarm, functionErrorAlarm } from './alarms.ts';
import { ApiFunction } from './api-function.ts';

export interface TableBackupsProps {
  table: Table;
  /** The public media bucket: the passport log's checkpoint the validation compares against. */
  mediaBucket: IBucket;
  alarmTopic: Topic;
  /** The restore testing plan's name (letters, digits, _; unique in the account and region). */
  restoreTestingPlanName: string;
}

/** The hourly recovery points, kept two days; the daily ones, five weeks. */
export const HOURLY_RETENTION = Duration.days(2);
export const DAILY_RETENTION = Duration.days(35);
/** How long AWS Backup keeps a restored scratch table for the validation before deleting it. */
export const VALIDATION_WINDOW_HOURS = 4;

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
 */
export class TableBackups extends Construct {
  readonly vault: BackupVault;
  readonly plan: BackupPlan;
  readonly restoreTestingPlan: CfnRestoreTestingPlan;
  readonly restoreTestingSelection: CfnRestoreTestingSelection;
  readonly validation: ApiFunction;
  readonly deadLetters: Queue;

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
    // The restore testing validation pattern as AWS Backup's guide gives it (detail.restoreTestingPlanArn
    // and detail.status; detail.createdResourceArn is the scratch table): written from its docs, not
    // yet seen on a real event.
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
}
