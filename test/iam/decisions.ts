/**
 * Why each granted action that no recorded call uses is still granted, for the grants no row
 * declares (the platform's, the picture sets', the secret only the bundles' run reads); the
 * table, media and mail actions are held per function with the row's own reason (`why` in
 * functions/routes.ts). Keyed by grant group (test/iam/policy-check.ts `groupOf`) and action
 * pattern; a granted, unused action missing here is reported as UNDECIDED.
 */
const DECISIONS: Record<string, Record<string, string>> = {
  'Secrets Manager': {
    'secretsmanager:GetSecretValue':
      'kept: read at the first request of a container when SHOP_SECRETS_ARN is set; only the deployed bundles’ run (npm run test:bundles) reads it, the source run takes the keys from the environment',
  },
  'SSM parameter (the shop’s origin)': {
    'ssm:GetParameter':
      'kept: the on-demand page renderer (functions/pages/http/render-missing.ts) reads the shop’s origin from its parameter at the first request of a container in AWS; locally the origin is in the environment (SHOP_ORIGIN), so no recorded call uses it',
  },
  'X-Ray tracing': {
    'xray:PutTraceSegments':
      'kept: added by CDK for active tracing (ApiFunction `tracing: ACTIVE`); Lambda sends the traces with the function’s role, not the code',
    'xray:PutTelemetryRecords': 'kept: as xray:PutTraceSegments',
  },
  'CloudWatch Logs': {
    'logs:CreateLogGroup':
      'kept: AWSLambdaBasicExecutionRole, the managed policy CDK attaches; Lambda writes the function’s logs with it, the code never calls CloudWatch Logs',
    'logs:CreateLogStream': 'kept: as logs:CreateLogGroup',
    'logs:PutLogEvents': 'kept: as logs:CreateLogGroup',
  },
  'S3 picture-sets': {
    's3:ListBucket':
      'kept: the picture sets HEAD the original after writing its variants; when it was deleted meanwhile S3 must answer 404, not 403, for the function to delete the variants instead of failing (S3 answers 404 only to a caller that may list)',
  },
  'DynamoDB table': {
    'dynamodb:DescribeStream':
      'kept: the table stream’s event source mapping reads the stream with the render-on-change function’s role (DynamoEventSource grants it); the code never calls it, Lambda does',
    'dynamodb:GetRecords': 'kept: as dynamodb:DescribeStream',
    'dynamodb:GetShardIterator': 'kept: as dynamodb:DescribeStream',
    'dynamodb:ListStreams': 'kept: as dynamodb:DescribeStream',
  },
  'SQS dead letters (asynchronous functions)': {
    'sqs:SendMessage':
      'kept: the on-failure destination (SqsDestination) of the scheduled jobs and the picture sets; Lambda sends a failed asynchronous invocation there with the function’s role',
    'sqs:GetQueueAttributes':
      'kept: granted with sqs:SendMessage by CDK’s SqsDestination (queue.grantSendMessages)',
    'sqs:GetQueueUrl': 'kept: as sqs:GetQueueAttributes',
  },
};

export function decisionFor(group: string, action: string): string | undefined {
  return DECISIONS[group]?.[action];
}
