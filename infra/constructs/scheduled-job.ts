import { Duration } from 'aws-cdk-lib';
import type { TableBase } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Topic } from 'aws-cdk-lib/aws-sns';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { type JobModule, jobAccess } from '../../functions/routes.ts';
import { nativeModulesOf } from '../build-functions.ts';
import { deadLetterAlarm, functionErrorAlarm } from './alarms.ts';
import { ApiFunction } from './api-function.ts';
import { grantSecretValue, grantTable } from './data-access.ts';

export interface ScheduledJobProps {
  /** functions/<module>.ts, exporting `handler`; its access is declared in functions/routes.ts (jobAccess). */
  module: JobModule;
  description: string;
  every: Duration;
  /** What the dead-letter alarm tells the person it wakes. */
  failureMeaning: string;
  table: TableBase;
  alarmTopic: Topic;
  mail: {
    from: string;
    shopEnvironment: Record<'SHOP_NAME' | 'SUPPORT_EMAIL', string>;
    /** Staff's orders address (ORDERS_EMAIL): the sale notice of a paid order goes there. */
    ordersEmail: string;
    identityArn: string;
    templatePrefix: string;
    templateArns: string[];
  };
  /** The payment providers' keys, for a job that asks Stripe and PayPal. */
  secrets?: { secret: ISecret; paypalEnvironment: string };
  timeout?: Duration;
  /** MB (512 unless given): CPU comes with memory in Lambda. */
  memorySize?: number;
  /** The shop's address, for a job that puts links in mail. */
  shopUrl?: string;
}

/**
 * One of the shop's asynchronous jobs (functions/checkout/jobs/): EventBridge invokes it on a
 * schedule. A failed run is retried twice by Lambda; a run that still fails, or an event
 * EventBridge could not deliver, lands in the dead-letter queue, which alarms at its first message.
 */
export class ScheduledJob extends Construct {
  readonly fn: ApiFunction;
  readonly deadLetters: Queue;

  constructor(scope: Construct, id: string, props: ScheduledJobProps) {
    super(scope, id);
    this.deadLetters = new Queue(this, 'DeadLetters', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    this.fn = new ApiFunction(this, 'Function', {
      module: props.module,
      description: props.description,
      secrets: props.secrets !== undefined,
      providerSdks: props.secrets !== undefined,
      nativeModules: nativeModulesOf(props.module),
      ...(props.timeout ? { timeout: props.timeout } : {}),
      ...(props.memorySize ? { memorySize: props.memorySize } : {}),
      environment: {
        TABLE_NAME: props.table.tableName,
        MAIL_FROM: props.mail.from,
        ...props.mail.shopEnvironment,
        ORDERS_EMAIL: props.mail.ordersEmail,
        MAIL_TEMPLATE_PREFIX: props.mail.templatePrefix,
        ...(props.shopUrl ? { SHOP_URL: props.shopUrl } : {}),
      },
    });
    const access = jobAccess[props.module];
    grantTable(this.fn, props.table, access);
    if ('mail' in access && access.mail)
      this.fn.addToRolePolicy(
        new PolicyStatement({
          actions: ['ses:SendEmail'],
          resources: [props.mail.identityArn, ...props.mail.templateArns],
        }),
      );
    if (('secrets' in access && access.secrets) !== (props.secrets !== undefined))
      throw new Error(
        `${props.module}: its declared secrets (functions/routes.ts jobAccess) and its construct disagree`,
      );
    if (props.secrets) {
      this.fn.addEnvironment('SHOP_SECRETS_ARN', props.secrets.secret.secretArn);
      this.fn.addEnvironment('PAYPAL_ENVIRONMENT', props.secrets.paypalEnvironment);
      grantSecretValue(this.fn, props.secrets.secret);
    }
    this.fn.configureAsyncInvoke({
      retryAttempts: 2,
      maxEventAge: Duration.hours(1),
      onFailure: new SqsDestination(this.deadLetters),
    });
    new Rule(this, 'Schedule', {
      description: `Runs every ${props.every.toHumanString()}: ${props.description}`,
      schedule: Schedule.rate(props.every),
      targets: [new LambdaFunction(this.fn, { deadLetterQueue: this.deadLetters, retryAttempts: 2 })],
    });
    functionErrorAlarm(this, 'Errors', this.fn, props.alarmTopic);
    deadLetterAlarm(this, 'DeadLettersAlarm', this.deadLetters, props.alarmTopic, props.failureMeaning);
  }
}
