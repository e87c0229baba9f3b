import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { Topic } from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';

/**
 * The reconciliation's metric (functions/checkout/jobs/reconcile-payments.ts, published as an
 * embedded metric in its log): any sale it had to complete or refund, or any order it found
 * needing a person, means the webhooks or the success page did not do their work.
 */
export function reconciliationAlarm(scope: Construct, topic: Topic): Alarm {
  const alarm = new Alarm(scope, 'PaymentsFoundByReconciliationAlarm', {
    alarmDescription:
      'The payment reconciliation settled a payment no webhook had (or found a paid order without its record): check the Stripe and PayPal webhook endpoints and their secrets',
    metric: new Metric({
      namespace: 'OneOfOne',
      metricName: 'PaymentsFoundByReconciliation',
      dimensionsMap: { service: 'payments-reconciliation' },
      statistic: 'Sum',
      period: Duration.minutes(5),
    }),
    threshold: 1,
    evaluationPeriods: 1,
    comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
  alarm.addAlarmAction(new SnsAction(topic));
  return alarm;
}
