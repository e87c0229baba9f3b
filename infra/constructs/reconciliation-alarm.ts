import { Duration } from 'aws-cdk-lib';
import { type Alarm, Metric } from 'aws-cdk-lib/aws-cloudwatch';
import type { Topic } from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import { alarmAt } from './alarms.ts';

/**
 * The reconciliation's metric (functions/checkout/jobs/reconcile-payments.ts, published as an
 * embedded metric in its log): any sale it had to complete or refund, or any order it found
 * needing a person, means the webhooks or the success page did not do their work.
 */
export function reconciliationAlarm(scope: Construct, topic: Topic): Alarm {
  return alarmAt(scope, 'PaymentsFoundByReconciliationAlarm', topic, {
    description:
      'The payment reconciliation settled a payment no webhook had (or found a paid order without its record): check the Stripe and PayPal webhook endpoints and their secrets',
    metric: new Metric({
      namespace: 'OneOfOne',
      metricName: 'PaymentsFoundByReconciliation',
      dimensionsMap: { service: 'payments-reconciliation' },
      statistic: 'Sum',
      period: Duration.minutes(5),
    }),
  });
}
