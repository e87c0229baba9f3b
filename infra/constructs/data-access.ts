import type { TableBase } from 'aws-cdk-lib/aws-dynamodb';
import { type IGrantable, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Access, BucketWord, TableWord } from '../../functions/routes.ts';

/**
 * The functions' access to the shop's data, as exactly the IAM actions their declaration names
 * (functions/routes.ts: a row's `table:` and `media:` words), which are the actions the code
 * calls (recorded by the test runs and checked against these grants: test/iam, docs/iam.md).
 * CDK's grant helpers (grantReadData, grantReadWriteData, grantReadWrite, grantRead) add actions
 * nothing here calls: DescribeTable, Scan, the stream reads, object ACLs, versions, tags.
 */
export const TABLE_ACTIONS: Record<TableWord, string> = {
  get: 'dynamodb:GetItem',
  'batch-get': 'dynamodb:BatchGetItem',
  query: 'dynamodb:Query',
  put: 'dynamodb:PutItem',
  update: 'dynamodb:UpdateItem',
  delete: 'dynamodb:DeleteItem',
  'batch-write': 'dynamodb:BatchWriteItem',
  'condition-check': 'dynamodb:ConditionCheckItem',
};

/** The object actions of a bucket's words; `list` is s3:ListBucket, on the bucket itself. */
export const BUCKET_ACTIONS: Record<BucketWord, string> = {
  get: 's3:GetObject',
  put: 's3:PutObject',
  delete: 's3:DeleteObject',
  list: 's3:ListBucket',
};

/** The IAM actions of a declaration's table words, in the words' order. */
export function tableActions(access: Pick<Access, 'table'>): string[] {
  return access.table.map((word) => TABLE_ACTIONS[word]);
}

/** On the table and its indexes (Query on an index needs the index's ARN); nothing when none. */
export function grantTable(fn: IGrantable, table: TableBase, access: Pick<Access, 'table'>): void {
  const actions = tableActions(access);
  if (actions.length) table.grants.actions(fn, ...actions);
}

/**
 * A bucket's words: the object actions on `objects` (a key pattern) and, for `list`, s3:ListBucket
 * on the bucket. Presigned URLs are authorised with the signing function's role: `put` lets the
 * admin's browser upload, `get` lets a signed link be read.
 */
export function grantBucket(
  fn: IGrantable,
  bucket: Bucket,
  words: readonly BucketWord[] | undefined,
  objects = '*',
): void {
  const objectActions = (words ?? []).filter((w) => w !== 'list').map((w) => BUCKET_ACTIONS[w]);
  if (objectActions.length)
    fn.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({ actions: objectActions, resources: [bucket.arnForObjects(objects)] }),
    );
  if (words?.includes('list'))
    fn.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['s3:ListBucket'], resources: [bucket.bucketArn] }),
    );
}

/** The private bucket holds authenticity photos only: its grants stop at that prefix. */
export const PRIVATE_MEDIA_OBJECTS = 'authenticity/*';

/** Reads the shop's secret (functions/platform/secrets.ts); DescribeSecret is never called. */
export function grantSecretValue(fn: IGrantable, secret: ISecret): void {
  fn.grantPrincipal.addToPrincipalPolicy(
    new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [secret.secretArn] }),
  );
}
