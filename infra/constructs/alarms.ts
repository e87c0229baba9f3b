import { Duration } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Alarm, ComparisonOperator, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
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
    const action = new SnsAction(this.topic);

    const api5xx = new Alarm(this, 'Api5xx', {
      alarmDescription: 'The API answered 5xx: something is broken for shoppers',
      metric: new Metric({
        namespace: 'AWS/ApiGateway',
        metricName: '5xx',
        dimensionsMap: { ApiId: props.api.apiId },
        statistic: 'Sum',
        period: Duration.minutes(5),
      }),
      threshold: 5,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    api5xx.addAlarmAction(action);

    const throttles = new Alarm(this, 'LambdaThrottles', {
      alarmDescription: 'Lambda functions were throttled: requests were refused for lack of concurrency',
      metric: new Metric({
        namespace: 'AWS/Lambda',
        metricName: 'Throttles',
        statistic: 'Sum',
        period: Duration.minutes(5),
      }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    throttles.addAlarmAction(action);
  }
}

/** An alarm on one function's errors (an uncaught fault: a 500 or a crash), to the topic. */
export function functionErrorAlarm(scope: Construct, id: string, fn: IFunction, topic: Topic): Alarm {
  const alarm = new Alarm(scope, id, {
    alarmDescription: `Errors in ${fn.functionName}`,
    metric: fn.metricErrors({ period: Duration.minutes(5), statistic: 'Sum' }),
    threshold: 1,
    evaluationPeriods: 1,
    comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
  alarm.addAlarmAction(new SnsAction(topic));
  return alarm;
}

/** An alarm at a dead-letter queue's first message: something failed for good and waits for a person. */
export function deadLetterAlarm(
  scope: Construct,
  id: string,
  queue: IQueue,
  topic: Topic,
  meaning: string,
): Alarm {
  const alarm = new Alarm(scope, id, {
    alarmDescription: meaning,
    metric: queue.metricApproximateNumberOfMessagesVisible({
      period: Duration.minutes(5),
      statistic: 'Maximum',
    }),
    threshold: 1,
    evaluationPeriods: 1,
    comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
  alarm.addAlarmAction(new SnsAction(topic));
  return alarm;
}
