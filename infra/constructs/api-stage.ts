import type { CfnStage, HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { DEFAULT_THROTTLE, type Throttle } from '../capacity.ts';

/**
 * The API's default stage: a JSON access log line per request (kept three months; no query
 * strings or bodies, which can carry personal data) and throttling that keeps a flood from
 * exhausting the account's Lambda concurrency: each route its default share, and the routes of
 * `routeThrottles` (by route key, `GET /api/type`: storefront reads and the payment path,
 * infra/capacity.ts) their own, so a surge of reads is refused (429) before it reaches Lambda and
 * never takes what checkout and the webhooks may use. Returns the stage resource.
 */
export function configureStage(
  scope: Construct,
  api: HttpApi,
  stage: string,
  routeThrottles: Record<string, Throttle> = {},
): CfnStage {
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
  cfnStage.defaultRouteSettings = {
    throttlingBurstLimit: DEFAULT_THROTTLE.burst,
    throttlingRateLimit: DEFAULT_THROTTLE.rate,
  };
  // CloudFormation's shape of HTTP API route settings: PascalCase, keyed by route key.
  const entries = Object.entries(routeThrottles);
  if (entries.length > 0)
    cfnStage.routeSettings = Object.fromEntries(
      entries.map(([key, { rate, burst }]) => [
        key,
        { ThrottlingBurstLimit: burst, ThrottlingRateLimit: rate },
      ]),
    );
  return cfnStage;
}
