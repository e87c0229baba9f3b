import type { CfnStage, HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';

/**
 * The API's default stage: a JSON access log line per request (kept three months; no query
 * strings or bodies, which can carry personal data) and throttling that keeps a flood from
 * exhausting the account's Lambda concurrency.
 */
export function configureStage(scope: Construct, api: HttpApi, stage: string): void {
  const accessLogs = new LogGroup(scope, 'ApiAccessLogs', { retention: RetentionDays.THREE_MONTHS });
  const cfnStage = api.defaultStage?.node.defaultChild as CfnStage | undefined;
  if (!cfnStage) throw new Error('the HTTP API needs its default stage');
  cfnStage.accessLogSettings = {
    destinationArn: accessLogs.logGroupArn,
    format: JSON.stringify({
      requestId: '$context.requestId',
      time: '$context.requestTime',
      route: '$context.routeKey',
      status: '$context.status',
      latencyMs: '$context.responseLatency',
      integrationError: '$context.integrationErrorMessage',
      stage,
    }),
  };
  cfnStage.defaultRouteSettings = { throttlingBurstLimit: 200, throttlingRateLimit: 100 };
}
