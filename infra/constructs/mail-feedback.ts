import { Duration } from 'aws-cdk-lib';
import type { TableBase } from 'aws-cdk-lib/aws-dynamodb';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { ConfigurationSet, EmailSendingEvent, EventDestination } from 'aws-cdk-lib/aws-ses';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { LambdaSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { jobAccess } from '../../functions/routes.ts';
import type { EVENT_MODULES } from '../build-functions.ts';
import { deadLetterAlarm, functionErrorAlarm } from './alarms.ts';
import { ApiFunction } from './api-function.ts';
import { grantTable } from './data-access.ts';

export const MAIL_FEEDBACK_MODULE: (typeof EVENT_MODULES)[number] = 'members/events/ses-feedback';

export interface MailFeedbackProps {
  table: TableBase;
  alarmTopic: Topic;
}

/**
 * SES's bounces and complaints → the suppression list (issue 17): a configuration set (the
 * mail identity's default, infra/stack.ts) publishes them to an SNS topic, whose subscriber is
 * functions/members/events/ses-feedback.ts. Locally the gateway feeds the same function
 * (POST /__jobs/ses-feedback).
 */
export class MailFeedback extends Construct {
  readonly fn: ApiFunction;
  readonly topic: Topic;
  readonly configurationSet: ConfigurationSet;
  readonly deadLetters: Queue;

  constructor(scope: Construct, id: string, props: MailFeedbackProps) {
    super(scope, id);
    this.topic = new Topic(this, 'Topic', {
      displayName: 'Boutique mail bounces and complaints',
      enforceSSL: true,
    });
    this.configurationSet = new ConfigurationSet(this, 'ConfigurationSet', {});
    this.configurationSet.addEventDestination('BouncesAndComplaints', {
      destination: EventDestination.snsTopic(this.topic),
      events: [EmailSendingEvent.BOUNCE, EmailSendingEvent.COMPLAINT],
    });
    this.deadLetters = new Queue(this, 'DeadLetters', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    this.fn = new ApiFunction(this, 'Function', {
      module: MAIL_FEEDBACK_MODULE,
      description: 'On a bounce or complaint from SES: puts the address on the suppression list',
      environment: { TABLE_NAME: props.table.tableName },
    });
    grantTable(this.fn, props.table, jobAccess['members/events/ses-feedback']);
    this.fn.configureAsyncInvoke({
      retryAttempts: 2,
      maxEventAge: Duration.hours(6),
      onFailure: new SqsDestination(this.deadLetters),
    });
    this.topic.addSubscription(new LambdaSubscription(this.fn));
    functionErrorAlarm(this, 'Errors', this.fn, props.alarmTopic);
    deadLetterAlarm(
      this,
      'DeadLettersAlarm',
      this.deadLetters,
      props.alarmTopic,
      'A bounce or complaint failed for good: an address may still be mailed (the dead letter names it)',
    );
  }
}
