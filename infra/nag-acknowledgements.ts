import { type CfnElement, Names, type Stack, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { IConstruct } from 'constructs';
import { JOURNAL_OBJECTS } from './constructs/order-journal.ts';
import { LOG_OBJECTS, PASSPORT_PHOTO_OBJECTS } from './constructs/passport-log.ts';

/** The rendered public pages in the web bucket (issue 47): the page functions' objects. */
const PAGES_OBJECTS = 'pages/*';
/** The web build's style sheets, which the page functions read to inline them. */
const BUILD_STYLE_SHEETS = 'assets/*.css';

/**
 * The cdk-nag AwsSolutions findings this app accepts, each with its reason. Everything else
 * the pack reports fails test/infra-nag.test.ts.
 */
/** The release draws' public files (functions/draws/entities/keys.ts): the draws job's only objects. */
export const DRAW_OBJECTS = 'draws/*';

const acknowledge = (scope: IConstruct, id: string, reason: string) =>
  Validations.of(scope).acknowledge({ id, reason });

export interface NagProps {
  customDomain: boolean;
  logsBucket: IBucket;
  table: ITable;
  mediaBucket: IBucket;
  privateMediaBucket: IBucket;
  webBucket: IBucket;
  /** The order journal's bucket (issue 49): its writer puts orders/* only. */
  journalBucket: IBucket;
  /** The table's AWS Backup plan and restore test (infra/constructs/table-backups.ts). */
  tableBackups: IConstruct;
  /** The restored table the stack is pointed at (infra/restored-table.ts), if any. */
  restoredTableName?: string;
  /** The dead-letter queues of the scheduled jobs and of the picture sets. */
  deadLetters: IConstruct[];
}

export function acknowledgeNagFindings(stack: Stack, props: NagProps): void {
  acknowledge(
    stack,
    'AwsSolutions-APIG4',
    'Authorisation is per endpoint in its function: admin and owner calls check a server-side session (401), webhooks the provider signature; the rest is the public storefront and checkout.',
  );
  acknowledge(
    stack,
    'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
    'AWSLambdaBasicExecutionRole only lets a function write its own CloudWatch logs (functions and CDK’s web-deployment handler).',
  );
  const wildcardReason =
    'Grants on this stack’s own resources: the table’s GSIs (table/index/*), objects in the media, private media and web buckets (bucket/*, authenticity/*; the picture sets only collection_images/* and authenticity/*, the passport log’s sequencer only passport/log/*, the passport job only passport/photos/* and authenticity/*, the release draws’ job only draws/*, the page functions only pages/* of the web bucket, and they read its assets/*.css; the order journal’s writer only orders/* of the journal bucket, the restore’s reconciliation reads them; the passport log’s restore reads passport/log/*); the s3:GetObject*/DeleteObject*/Abort*/List*/GetBucket* families only for CDK’s web deployment (web bucket and CDK’s asset bucket) — the functions get single actions (infra/constructs/data-access.ts); X-Ray segment writes, SES sending and AWS Backup’s PutRestoreValidationResult (no resource-level scoping for these three: *).';
  const arn = (resource: IConstruct) => {
    const logicalId = stack.resolve(stack.getLogicalId(resource.node.defaultChild as CfnElement)) as string;
    return [
      `<${logicalId}.Arn>`,
      // Nested stacks see a parent's resource through a parameter named after its unique id.
      `<referenceto${Names.uniqueId(resource.node.defaultChild as CfnElement)}Arn>`,
    ];
  };
  const findings = [
    'Resource::*',
    'Action::s3:List*',
    'Action::s3:GetObject*',
    'Action::s3:GetBucket*',
    'Action::s3:DeleteObject*',
    'Action::s3:Abort*',
    'Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-<AWS::Region>/*',
    // Without a mail domain the functions may send from any verified identity of the account.
    'Resource::arn:<AWS::Partition>:ses:<AWS::Region>:<AWS::AccountId>:identity/*',
    ...arn(props.table).map((a) => `Resource::${a}/index/*`),
    // After a restore the grants name the restored table's indexes by its name.
    ...(props.restoredTableName
      ? [
          `Resource::arn:<AWS::Partition>:dynamodb:<AWS::Region>:<AWS::AccountId>:table/${props.restoredTableName}/index/*`,
        ]
      : []),
    ...[props.mediaBucket, props.privateMediaBucket, props.webBucket]
      .flatMap(arn)
      .map((a) => `Resource::${a}/*`),
    ...arn(props.privateMediaBucket).map((a) => `Resource::${a}/authenticity/*`),
    ...arn(props.mediaBucket).map((a) => `Resource::${a}/collection_images/*`),
    ...arn(props.mediaBucket).map((a) => `Resource::${a}/${LOG_OBJECTS}`),
    ...arn(props.mediaBucket).map((a) => `Resource::${a}/${DRAW_OBJECTS}`),
    ...arn(props.mediaBucket).map((a) => `Resource::${a}/${PASSPORT_PHOTO_OBJECTS}`),
    ...arn(props.webBucket).map((a) => `Resource::${a}/${PAGES_OBJECTS}`),
    ...arn(props.webBucket).map((a) => `Resource::${a}/${BUILD_STYLE_SHEETS}`),
    ...arn(props.journalBucket).map((a) => `Resource::${a}/${JOURNAL_OBJECTS}`),
  ];
  for (const finding of findings) acknowledge(stack, `AwsSolutions-IAM5[${finding}]`, wildcardReason);
  acknowledge(
    stack,
    'AwsSolutions-L1',
    'The only function not on the latest runtime is CDK’s BucketDeployment handler, whose runtime CDK chooses.',
  );
  acknowledge(
    stack,
    'AwsSolutions-CFR1',
    'A worldwide shop: no country is refused at the edge; sanctioned destinations are refused by the payment providers.',
  );
  acknowledge(
    stack,
    'AwsSolutions-CFR2',
    'Abuse limits (logins, transfers, resets, sign-ups, checkout starts) are counted per client in the application; a WAF web ACL (us-east-1) is a planned addition.',
  );
  if (!props.customDomain) {
    acknowledge(
      stack,
      'AwsSolutions-CFR4',
      'Without a custom domain CloudFront serves its default certificate, whose TLS policy cannot be set; deploy with domainName and certificateArn for TLS 1.2 or newer.',
    );
  }
  acknowledge(
    stack,
    'AwsSolutions-SMG4',
    'The shop secret holds provider keys that are rotated at Stripe and PayPal and pasted in by the operator; its generated origin check is rotated by a redeploy.',
  );
  for (const queue of props.deadLetters)
    acknowledge(
      queue,
      'AwsSolutions-SQS3',
      'This queue is the dead-letter queue of an asynchronous function (Lambda on-failure destination, and EventBridge target DLQ for a scheduled job), which cdk-nag does not recognise as such.',
    );
  for (const policy of ['AWSBackupServiceRolePolicyForBackup', 'AWSBackupServiceRolePolicyForRestores'])
    acknowledge(
      props.tableBackups,
      `AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/${policy}]`,
      'AWS Backup’s own service-role policies for its role: AWS keeps them in step with what backing up and restoring a DynamoDB table needs.',
    );
  for (const policy of ['AWSBackupServiceRolePolicyForS3Backup', 'AWSBackupServiceRolePolicyForS3Restore'])
    acknowledge(
      props.tableBackups,
      `AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/${policy}]`,
      'The policies AWS Backup’s guide names for S3 backups and restores (Amazon S3 backups: prerequisites), on the role that keeps the media buckets’ continuous backups; AWS keeps them in step with what S3 backups need.',
    );
  acknowledge(
    props.tableBackups,
    'AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:dynamodb:<AWS::Region>:<AWS::AccountId>:table/*]',
    'The restore validation reads (Scan, Describe*) the scratch table AWS Backup’s restore testing names at restore time, known only in the event; the live table is denied explicitly.',
  );
  acknowledge(props.logsBucket, 'AwsSolutions-S1', 'The access-log bucket does not log access to itself.');
}
