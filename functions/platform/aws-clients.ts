import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { recordAwsCalls } from '#platform/aws-call-log.ts';
import { currentScope } from '#platform/request-scope.ts';

/**
 * AWS clients, created once per Lambda container. Endpoints come from the SDK's standard
 * settings (AWS_ENDPOINT_URL_DYNAMODB, AWS_ENDPOINT_URL_S3, AWS_ENDPOINT_URL_SESV2 …), so the
 * same code talks to AWS, LocalStack or the local stand-ins. The table client lives here; the
 * S3 and SES clients have their own modules so a function that only reads the table does not
 * carry them (their imports alone add about 40 KB to a bundle).
 */
export function tableName(): string {
  const name = process.env.TABLE_NAME;
  if (!name) throw new Error('TABLE_NAME is not set');
  return name;
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
