import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { recordAwsCalls } from '#platform/aws-call-log.ts';
import { currentScope } from '#platform/request-scope.ts';

/**
 * AWS clients, created once per Lambda container. Endpoints come from the SDK's standard
 * settings (AWS_ENDPOINT_URL_DYNAMODB, AWS_ENDPOINT_URL_S3, AWS_ENDPOINT_URL_SESV2 …), so the
 * same code talks to AWS, LocalStack or the local stand-ins.
 */
export function tableName(): string {
  const name = process.env.TABLE_NAME;
  if (!name) throw new Error('TABLE_NAME is not set');
  return name;
}

export function mediaBucket(): string {
  const name = process.env.MEDIA_BUCKET;
  if (!name) throw new Error('MEDIA_BUCKET is not set');
  return name;
}

/** Authenticity photos (and anything private) live in their own bucket, which CloudFront never serves. */
export function privateMediaBucket(): string {
  const name = process.env.PRIVATE_MEDIA_BUCKET;
  if (!name) throw new Error('PRIVATE_MEDIA_BUCKET is not set');
  return name;
}

/** Keys under this prefix are private: they are stored in, and read from, the private bucket. */
export const PRIVATE_MEDIA_PREFIX = 'authenticity/';

/** The bucket a media key lives in. */
export function bucketOf(key: string): string {
  return key.startsWith(PRIVATE_MEDIA_PREFIX) ? privateMediaBucket() : mediaBucket();
}

let documentClient: DynamoDBDocumentClient | undefined;

export function ddb(): DynamoDBDocumentClient {
  if (!documentClient) {
    const client = recordAwsCalls(new DynamoDBClient({}));
    // Counts DynamoDB requests per invocation so tests and logs can show what each call costs.
    client.middlewareStack.add(
      (next) => async (args) => {
        const scope = currentScope();
        if (scope) scope.ddbRequests += 1;
        return next(args);
      },
      { step: 'initialize', name: 'countDynamoDbRequests' },
    );
    documentClient = DynamoDBDocumentClient.from(client, {
      marshallOptions: { removeUndefinedValues: true },
    });
  }
  return documentClient;
}

let s3Client: S3Client | undefined;

export function s3(): S3Client {
  s3Client ??= recordAwsCalls(
    new S3Client({
      forcePathStyle: process.env.S3_FORCE_PATH_STYLE === 'true',
      requestChecksumCalculation: 'WHEN_REQUIRED',
    }),
  );
  return s3Client;
}

let sesClient: SESv2Client | undefined;

export function ses(): SESv2Client {
  sesClient ??= recordAwsCalls(new SESv2Client({}));
  return sesClient;
}
