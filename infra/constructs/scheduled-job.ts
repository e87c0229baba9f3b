import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import type { Topic } from 'aws-cdk-lib/aws-sns';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { functionErrorAlarm } from './alarms.ts';
import { ApiFunction } from './api-function.ts';
import { grantTable } from './data-access.ts';

export interface MailSweepProps {
  table: Table;
  alarmTopic: Topic;
  mailFrom: string;
  mailIdentityArn: string;
  mailTemplatePrefix: string;
  mailTemplateArns: string[];
}

/**
 * The shop's asynchronous path: every five minutes EventBridge invokes the mail sweep
 * (functions/jobs/mail-sweep.ts), which sends the mail of any paid order whose sender failed.
 * A failed sweep is retried twice by Lambda; a run that still fails, or an event EventBridge
 * could not deliver, lands in the dead-letter queue, which alarms at its first message.
 */
export class MailSweep extends Construct {
  readonly fn: ApiFunction;
  readonly deadLetters: Queue;

  constructor(scope: Construct, id: string, props: MailSweepProps) {
    super(scope, id);
    this.deadLetters = new Queue(this, 'DeadLetters', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    this.fn = new ApiFunction(this, 'Function', {
      module: 'checkout/jobs/mail-sweep',
      description: 'Scheduled: sends the mail of paid orders whose sender failed',
      environment: {
        TABLE_NAME: props.table.tableName,
        MAIL_FROM: props.mailFrom,
        MAIL_TEMPLATE_PREFIX: props.mailTemplatePrefix,
      },
    });
    grantTable(this.fn, props.table, 'write');
    this.fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['ses:SendEmail'],
        resources: [props.mailIdentityArn, ...props.mailTemplateArns],
      }),
    );
    this.fn.configureAsyncInvoke({
      retryAttempts: 2,
      maxEventAge: Duration.hours(1),
      onFailure: new SqsDestination(this.deadLetters),
    });
    new Rule(this, 'Schedule', {
      description: 'Runs the mail sweep every five minutes',
      schedule: Schedule.rate(Duration.minutes(5)),
      targets: [new LambdaFunction(this.fn, { deadLetterQueue: this.deadLetters, retryAttempts: 2 })],
    });
    functionErrorAlarm(this, 'Errors', this.fn, props.alarmTopic);
    const dlqAlarm = new Alarm(this, 'DeadLettersAlarm', {
      alarmDescription: 'A mail sweep failed for good: a paid order may be without its mail',
      metric: this.deadLetters.metricApproximateNumberOfMessagesVisible({
        period: Duration.minutes(5),
        statistic: 'Maximum',
      }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    dlqAlarm.addAlarmAction(new SnsAction(props.alarmTopic));
  }
}
