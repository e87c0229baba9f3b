import { Duration } from 'aws-cdk-lib';
import type { TableBase } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import type { Topic } from 'aws-cdk-lib/aws-sns';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import {
  JOURNAL_BATCH_SIZE,
  JOURNAL_MAX_RECORD_AGE_HOURS,
  JOURNAL_RETRY_ATTEMPTS,
} from '../../functions/checkout/jobs/journal-batching.ts';
import { jobAccess } from '../../functions/routes.ts';
import { deadLetterAlarm, functionErrorAlarm } from './alarms.ts';
import { ApiFunction } from './api-function.ts';
import { grantTable } from './data-access.ts';

export const JOURNAL_ORDERS_MODULE = 'checkout/jobs/journal-orders';

/** What the journal's function may write in its bucket: the orders' objects, nothing else. */
export const JOURNAL_OBJECTS = 'orders/*';

/** How long an order's former forms are kept (the bucket's noncurrent versions): longer than PITR's 35 days at most. */
export const JOURNAL_NONCURRENT_DAYS = 35;

export interface OrderJournalProps {
  table: TableBase;
  /** Versioned, private, encrypted, retained (infra/stack.ts). */
  bucket: Bucket;
  alarmTopic: Topic;
}

/**
 * The order journal (issue 49): the table's stream → each order item's new image, in the journal
 * bucket at `orders/<checkoutCode>.json` (functions/checkout/jobs/journal-orders.ts), so a table
 * restored from a backup can have the orders made after the backup remade from their form
 * (functions/checkout/jobs/recover-payments.ts).
 *
 * The event source mapping hands the function only order items, by their keys (pk `ORDER#…`, sk
 * `#ORDER`), inserted or modified: every other write of the table is dropped by the mapping
 * without an invocation. Partial failures are reported (ReportBatchItemFailures); a failing batch
 * is bisected and retried, then sent to the on-failure queue, which alarms at its first message
 * (an order's form may be missing from the journal), and the shard goes on. The function reads no
 * table item (the stream reads are the mapping's) and may only put the bucket's orders/*.
 */
export class OrderJournal extends Construct {
  readonly fn: ApiFunction;
  readonly failures: Queue;

  constructor(scope: Construct, id: string, props: OrderJournalProps) {
    super(scope, id);
    this.failures = new Queue(this, 'JournalFailures', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    this.fn = new ApiFunction(this, 'JournalOrders', {
      module: JOURNAL_ORDERS_MODULE,
      description: 'On an order change (the table stream): writes the order to the order journal bucket',
      timeout: Duration.seconds(30),
      environment: { JOURNAL_BUCKET: props.bucket.bucketName },
    });
    grantTable(this.fn, props.table, jobAccess[JOURNAL_ORDERS_MODULE]);
    this.fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['s3:PutObject'],
        resources: [props.bucket.arnForObjects(JOURNAL_OBJECTS)],
      }),
    );
    this.fn.addEventSource(
      new DynamoEventSource(props.table, {
        // Orders before the deployment are in the table and its backups: the journal starts now.
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: JOURNAL_BATCH_SIZE,
        // One batch at a time per shard: an order's forms land in the order of its changes.
        parallelizationFactor: 1,
        reportBatchItemFailures: true,
        bisectBatchOnError: true,
        retryAttempts: JOURNAL_RETRY_ATTEMPTS,
        maxRecordAge: Duration.hours(JOURNAL_MAX_RECORD_AGE_HOURS),
        onFailure: new SqsDlq(this.failures),
        filters: [
          FilterCriteria.filter({
            eventName: FilterRule.or('INSERT', 'MODIFY'),
            dynamodb: {
              Keys: { pk: { S: FilterRule.beginsWith('ORDER#') }, sk: { S: FilterRule.isEqual('#ORDER') } },
            },
          }),
        ],
      }),
    );
    functionErrorAlarm(this, 'JournalOrdersErrors', this.fn, props.alarmTopic);
    deadLetterAlarm(
      this,
      'JournalFailuresAlarm',
      this.failures,
      props.alarmTopic,
      'Order changes were not written to the order journal after their retries: an order made since may not be recoverable after a table restore (the message names the stream records; the order is in the table, write its journal object from it)',
    );
  }
}
