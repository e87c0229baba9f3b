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

/** A job's function as the shop builds it (scheduled: ScheduledJob; run by hand: ManualJob). */
export interface JobFunctionProps {
  /** functions/<module>.ts, exporting `handler`; its access is declared in functions/routes.ts (jobAccess). */
  module: JobModule;
  description: string;
  table: TableBase;
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

export interface ScheduledJobProps extends JobFunctionProps {
  every: Duration;
  /** What the dead-letter alarm tells the person it wakes. */
  failureMeaning: string;
  alarmTopic: Topic;
}

/**
 * A job's function: the shop's environment (table, mail, shop address), its table and mail
 * grants from its jobAccess row, the providers' keys when its row reads them; nothing invokes it
 * (its construct adds the schedule, or nothing for a job run by hand).
 */
export function jobFunction(scope: Construct, id: string, props: JobFunctionProps): ApiFunction {
  const fn = new ApiFunction(scope, id, {
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
  grantTable(fn, props.table, access);
  if ('mail' in access && access.mail)
    fn.addToRolePolicy(
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
    fn.addEnvironment('SHOP_SECRETS_ARN', props.secrets.secret.secretArn);
    fn.addEnvironment('PAYPAL_ENVIRONMENT', props.secrets.paypalEnvironment);
    grantSecretValue(fn, props.secrets.secret);
  }
  return fn;
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
    this.fn = jobFunction(this, 'Function', props);
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
