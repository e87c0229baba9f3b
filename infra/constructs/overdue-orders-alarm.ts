import { Duration } from 'aws-cdk-lib';
import { type Alarm, Metric } from 'aws-cdk-lib/aws-cloudwatch';
import type { Topic } from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import { alarmAt } from './alarms.ts';

/**
 * The daily overdue check's metric (functions/checkout/jobs/overdue-orders.ts, published as an
 * embedded metric in its log): any paid order waiting to ship longer than the 7 business days
 * the order confirmation promises alarms, once a day while it lasts.
 */
export function overdueOrdersAlarm(scope: Construct, topic: Topic): Alarm {
  return alarmAt(scope, 'OverdueOrdersAlarm', topic, {
    description:
      'A paid order waits to ship longer than the 7 business days promised: open /orders?filter=waiting in the admin and ship it',
    metric: new Metric({
      namespace: 'OneOfOne',
      metricName: 'OverdueOrders',
      dimensionsMap: { service: 'fulfilment' },
      statistic: 'Maximum',
      period: Duration.minutes(5),
    }),
  });
}
