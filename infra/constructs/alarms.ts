import { Duration } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  ComparisonOperator,
  type IMetric,
  Metric,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

/**
 * Where the shop calls for help: one SNS topic (mailed to the operators' address when given)
 * and alarms on the API's 5xx answers and on Lambda throttles anywhere in the account region.
 * Each function's own error alarm is added next to it (`functionErrorAlarm`).
 */
export class ShopAlarms extends Construct {
  readonly topic: Topic;

  constructor(scope: Construct, id: string, props: { api: HttpApi; email?: string }) {
    super(scope, id);
    this.topic = new Topic(this, 'Topic', { displayName: 'Boutique alarms', enforceSSL: true });
    if (props.email) this.topic.addSubscription(new EmailSubscription(props.email));

    alarmAt(this, 'Api5xx', this.topic, {
      description: 'The API answered 5xx: something is broken for shoppers',
      metric: new Metric({
        namespace: 'AWS/ApiGateway',
        metricName: '5xx',
        dimensionsMap: { ApiId: props.api.apiId },
        statistic: 'Sum',
        period: Duration.minutes(5),
      }),
      threshold: 5,
    });

    alarmAt(this, 'LambdaThrottles', this.topic, {
      description: 'Lambda functions were throttled: requests were refused for lack of concurrency',
      metric: new Metric({
        namespace: 'AWS/Lambda',
        metricName: 'Throttles',
        statistic: 'Sum',
        period: Duration.minutes(5),
      }),
    });
  }
}

/**
 * An alarm to the topic when a metric's 5-minute figure reaches `threshold` (1 by default: the
 * first occurrence); no data is no alarm.
 */
export function alarmAt(
  scope: Construct,
  id: string,
  topic: Topic,
  { description, metric, threshold = 1 }: { description: string; metric: IMetric; threshold?: number },
): Alarm {
  const alarm = new Alarm(scope, id, {
    alarmDescription: description,
    metric,
    threshold,
    evaluationPeriods: 1,
    comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
  alarm.addAlarmAction(new SnsAction(topic));
  return alarm;
}

/** An alarm on one function's errors (an uncaught fault: a 500 or a crash), to the topic. */
export function functionErrorAlarm(scope: Construct, id: string, fn: IFunction, topic: Topic): Alarm {
  return alarmAt(scope, id, topic, {
    description: `Errors in ${fn.functionName}`,
    metric: fn.metricErrors({ period: Duration.minutes(5), statistic: 'Sum' }),
  });
}

/** An alarm at a dead-letter queue's first message: something failed for good and waits for a person. */
export function deadLetterAlarm(
  scope: Construct,
  id: string,
  queue: IQueue,
  topic: Topic,
  meaning: string,
): Alarm {
  return alarmAt(scope, id, topic, {
    description: meaning,
    metric: queue.metricApproximateNumberOfMessagesVisible({
      period: Duration.minutes(5),
      statistic: 'Maximum',
    }),
  });
}
