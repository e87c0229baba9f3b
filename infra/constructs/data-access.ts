import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import { type IGrantable, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';

/**
 * The functions' access to the shop's data, as exactly the IAM actions the code calls (recorded
 * by the test runs and checked against these grants: test/iam, docs/iam.md). CDK's grant helpers
 * (grantReadData, grantReadWrite, grantRead) add actions nothing here calls: DescribeTable, Scan,
 * the stream reads, object ACLs, versions, tags, retention, bucket settings.
 */
export const TABLE_ACTIONS = {
  /** Get/Query/BatchGet only: the storefront's reads. */
  read: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'],
  /** The reads, single-item writes, batch deletes, and the transactions' items (Put, Update, Delete, ConditionCheck). */
  write: [
    'dynamodb:GetItem',
    'dynamodb:BatchGetItem',
    'dynamodb:Query',
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:BatchWriteItem',
    'dynamodb:ConditionCheckItem',
  ],
} as const;

/** On the table and its indexes. */
export function grantTable(fn: IGrantable, table: Table, access: keyof typeof TABLE_ACTIONS): void {
  table.grants.actions(fn, ...TABLE_ACTIONS[access]);
}

/**
 * Admin media: presigned PUTs of uploads, reads of an upload's length and first bytes
 * (HeadObject, ranged GetObject), deletes of refused or replaced files, in both media buckets.
 * s3:ListBucket makes S3 answer a HeadObject of a file that has not arrived with 404 instead of
 * 403, which verifyUpload (functions/platform/uploads.ts) tells the admin as "not arrived yet".
 */
export function grantMedia(fn: IGrantable, buckets: Bucket[]): void {
  fn.grantPrincipal.addToPrincipalPolicy(
    new PolicyStatement({
      actions: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
      resources: buckets.map((bucket) => bucket.arnForObjects('*')),
    }),
  );
  fn.grantPrincipal.addToPrincipalPolicy(
    new PolicyStatement({ actions: ['s3:ListBucket'], resources: buckets.map((bucket) => bucket.bucketArn) }),
  );
}

/** The portal signs short-lived GET links to authenticity photos, and reads nothing else. */
export function grantPrivateMediaLinks(fn: IGrantable, bucket: Bucket): void {
  fn.grantPrincipal.addToPrincipalPolicy(
    new PolicyStatement({ actions: ['s3:GetObject'], resources: [bucket.arnForObjects('authenticity/*')] }),
  );
}

/** Reads the shop's secret (functions/platform/secrets.ts); DescribeSecret is never called. */
export function grantSecretValue(fn: IGrantable, secret: ISecret): void {
  fn.grantPrincipal.addToPrincipalPolicy(
    new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [secret.secretArn] }),
  );
}
