/**
 * After a restore (docs/restore.md): the table the stack's functions, grants, stream and backups
 * use, when it is not the table the stack defines. DynamoDB restores into a new table (never over
 * the old one) and CloudFormation did not make it, so the stack names it:
 *
 *   npx cdk deploy -c stage=prod … -c restoredTable=<name> -c restoredTableStream=<its stream ARN>
 *
 * Both or neither: the page rendering reads the table's stream, and a restored table's stream is
 * a new one (enabled by hand after the restore). The table the stack defines stays in the
 * template, retained and deletion-protected, no longer used; it is removed by hand once the
 * restored table has been proven (the runbook's last step).
 */
export interface RestoredTable {
  tableName: string;
  streamArn: string;
}

/** DynamoDB's table names: 3 to 255 of letters, digits, _ - . */
const TABLE_NAME = /^[A-Za-z0-9_.-]{3,255}$/;
const STREAM_ARN =
  /^arn:aws[a-z-]*:dynamodb:[a-z0-9-]+:\d{12}:table\/([A-Za-z0-9_.-]{3,255})\/stream\/[^/]+$/;

export function restoredTableFromContext(context: (name: string) => unknown): RestoredTable | undefined {
  const tableName = context('restoredTable');
  const streamArn = context('restoredTableStream');
  if (tableName === undefined && streamArn === undefined) return undefined;
  if (typeof tableName !== 'string' || !TABLE_NAME.test(tableName))
    throw new Error(
      'restoredTable: the restored table’s name (3 to 255 of letters, digits, _ - .), with restoredTableStream',
    );
  const stream = typeof streamArn === 'string' ? STREAM_ARN.exec(streamArn) : null;
  if (!stream)
    throw new Error(
      `restoredTableStream: the stream ARN of ${tableName} (aws dynamodbstreams list-streams --table-name ${tableName})`,
    );
  if (stream[1] !== tableName)
    throw new Error(`restoredTableStream is the stream of ${stream[1]}, not of restoredTable ${tableName}`);
  return { tableName, streamArn: streamArn as string };
}
