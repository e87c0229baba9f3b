import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { countOverdueOrders, type OverdueResult } from '../overdue-orders.ts';

export { countOverdueOrders };

const metrics = new Metrics({ namespace: 'OneOfOne', serviceName: 'fulfilment' });

/**
 * The scheduled Lambda (EventBridge, daily). Its metric OverdueOrders alarms at 1
 * (infra/constructs/overdue-orders-alarm.ts): a paid order waits longer than promised.
 */
export const handler = async (): Promise<OverdueResult> => {
  const result = await countOverdueOrders();
  metrics.addMetric('OverdueOrders', MetricUnit.Count, result.overdue);
  metrics.publishStoredMetrics();
  return result;
};
