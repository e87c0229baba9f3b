import { Duration } from 'aws-cdk-lib';
import type { TableBase } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import type { Topic } from 'aws-cdk-lib/aws-sns';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { jobAccess } from '../../functions/routes.ts';
import type { EVENT_MODULES } from '../build-functions.ts';
import { deadLetterAlarm, functionErrorAlarm } from './alarms.ts';
import { ApiFunction } from './api-function.ts';
import { grantTable } from './data-access.ts';
import type { ScheduledJobProps } from './scheduled-job.ts';

export const RESET_LINK_MODULE: (typeof EVENT_MODULES)[number] = 'authenticity/jobs/reset-link';

/** The routes whose functions start the job, and the variable that tells them the job's name. */
export const RESET_PASSWORD_HANDLER = 'authenticity/http/reset-password';
export const LINK_JOB_STARTERS = [RESET_PASSWORD_HANDLER, 'authenticity/http/login-link'] as const;
export const RESET_LINK_FUNCTION = 'RESET_LINK_FUNCTION';

export interface ResetLinkJobProps {
  table: TableBase;
  alarmTopic: Topic;
  mail: ScheduledJobProps['mail'];
  shopUrl: string;
}

/**
 * The portal's reset-link job (issue 36), which mails the one-time login link too (issue 44):
 * POST /reset-pwd and POST /authenticationcard/login-link answer every accepted request the
 * same way and start this function asynchronously (Lambda's Event invocation, granted to those
 * routes' functions alone, infra/stack.ts); it reads the record, counts the card's daily links,
 * stores the token and mails the link when the pair matches. A failed run is retried twice;
 * one that still fails lands in the dead-letter queue, which alarms.
 */
export class ResetLinkJob extends Construct {
  readonly fn: ApiFunction;
  readonly deadLetters: Queue;

  constructor(scope: Construct, id: string, props: ResetLinkJobProps) {
    super(scope, id);
    this.deadLetters = new Queue(this, 'DeadLetters', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    this.fn = new ApiFunction(this, 'Function', {
      module: RESET_LINK_MODULE,
      description:
        'After POST /reset-pwd or /authenticationcard/login-link answered: mails the owner the link when the pair matches',
      environment: {
        TABLE_NAME: props.table.tableName,
        MAIL_FROM: props.mail.from,
        ...props.mail.shopEnvironment,
        // As every function that mails: the shop's mail settings whole, one way for all.
        ORDERS_EMAIL: props.mail.ordersEmail,
        MAIL_TEMPLATE_PREFIX: props.mail.templatePrefix,
        SHOP_URL: props.shopUrl,
      },
    });
    grantTable(this.fn, props.table, jobAccess['authenticity/jobs/reset-link']);
    this.fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['ses:SendEmail'],
        resources: [props.mail.identityArn, ...props.mail.templateArns],
      }),
    );
    this.fn.configureAsyncInvoke({
      retryAttempts: 2,
      maxEventAge: Duration.hours(1),
      onFailure: new SqsDestination(this.deadLetters),
    });
    functionErrorAlarm(this, 'Errors', this.fn, props.alarmTopic);
    deadLetterAlarm(
      this,
      'DeadLettersAlarm',
      this.deadLetters,
      props.alarmTopic,
      'A reset link failed for good: an owner who asked for one got none (they may ask again tomorrow)',
    );
  }
}
