import { Duration, Stack } from 'aws-cdk-lib';
import type { TableBase } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import {
  FilterCriteria,
  FilterRule,
  FunctionUrlAuthType,
  type IFunctionUrl,
  StartingPosition,
} from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import type { Topic } from 'aws-cdk-lib/aws-sns';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import { Construct } from 'constructs';
import { KINDS_ON_PAGES } from '../../functions/pages/rules/affected-pages.ts';
import {
  BATCH_SIZE,
  BATCHING_WINDOW_SECONDS,
  MAX_RECORD_AGE_HOURS,
  RETRY_ATTEMPTS,
} from '../../functions/pages/stream-batching.ts';
import { jobAccess } from '../../functions/routes.ts';
import { deadLetterAlarm, functionErrorAlarm } from './alarms.ts';
import { ApiFunction } from './api-function.ts';
import { grantTable } from './data-access.ts';
import { ScheduledJob, type ScheduledJobProps } from './scheduled-job.ts';

export const RENDER_ON_CHANGE_MODULE = 'pages/jobs/render-on-change';
export const RENDER_ALL_MODULE = 'pages/jobs/render-all';
export const RENDER_MISSING_MODULE = 'pages/http/render-missing';

/**
 * What the page functions may write in the web bucket: the rendered pages (shared/pages/
 * public-pages.ts, PAGES_PREFIX) and the files that list them for search engines. Nothing else
 * of the bucket (the app's own build is the web deployment's).
 */
export const PAGE_OBJECTS = ['pages/*', 'sitemap.xml', 'robots.txt'] as const;
/** What the renderer reads of the deployed web build. */
export const BUILD_OBJECTS = ['index.html', 'assets/*.css'] as const;

/**
 * React renders on the CPU, and Lambda gives CPU with memory (one vCPU at 1,769 MB): a batch of a
 * thousand pages should render in well under a minute.
 */
export const PAGE_RENDER_MEMORY_MB = 1769;

export interface PageRenderingProps {
  table: TableBase;
  webBucket: Bucket;
  alarmTopic: Topic;
  /** What the daily full re-render needs of the scheduled-job construct (its mail settings unused). */
  mail: ScheduledJobProps['mail'];
  /** The shop's public origin (`https://<domain>`): the pages' canonical and preview addresses. */
  shopOrigin: string;
}

/**
 * The public pages rendered ahead of time (issue 47). Two functions:
 *
 * - render-on-change, fed by the table's stream (NEW_AND_OLD_IMAGES) through an event source
 *   mapping: a batch of changes → the pages they make stale, each once (functions/pages/). The
 *   batch size and window are functions/pages/stream-batching.ts's (why there). Partial failures
 *   are reported (ReportBatchItemFailures) so the checkpoint stops at the first change not done;
 *   a failing batch is bisected and retried, then sent to the on-failure queue, which alarms at
 *   its first message, and the shard goes on. Only the items a page shows reach the function (a
 *   filter on their `kind`): orders, sessions, limits and the like, most of the table's writes,
 *   are dropped by the mapping without an invocation.
 * - render-all, the full re-render, daily: the safety net of the stream (and the first render
 *   of a new deployment), through the scheduled-job construct.
 *
 * Both may read the table (only what their declaration in functions/routes.ts names), read
 * BUILD_OBJECTS of the web bucket and write and delete only its PAGE_OBJECTS.
 */
export class PageRendering extends Construct {
  readonly onChange: ApiFunction;
  readonly onChangeFailures: Queue;
  readonly renderAll: ScheduledJob;

  constructor(scope: Construct, id: string, props: PageRenderingProps) {
    super(scope, id);
    const pageGrant = new PolicyStatement({
      actions: ['s3:PutObject', 's3:DeleteObject'],
      resources: PAGE_OBJECTS.map((key) => props.webBucket.arnForObjects(key)),
    });
    // A page is rendered into the deployed index.html, with its style sheets inline
    // (functions/pages/app/web-files.ts): read, never written.
    const buildGrant = new PolicyStatement({
      actions: ['s3:GetObject'],
      resources: BUILD_OBJECTS.map((key) => props.webBucket.arnForObjects(key)),
    });

    this.onChangeFailures = new Queue(this, 'OnChangeFailures', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    this.onChange = new ApiFunction(this, 'RenderOnChange', {
      module: RENDER_ON_CHANGE_MODULE,
      description: 'On a catalogue change (the table stream): renders the public pages it makes stale',
      // A batch of a thousand pages (a large collection edited) at tens of milliseconds a page.
      timeout: Duration.minutes(5),
      memorySize: PAGE_RENDER_MEMORY_MB,
      environment: {
        TABLE_NAME: props.table.tableName,
        WEB_BUCKET: props.webBucket.bucketName,
        SHOP_ORIGIN: props.shopOrigin,
      },
    });
    grantTable(this.onChange, props.table, jobAccess[RENDER_ON_CHANGE_MODULE]);
    this.onChange.addToRolePolicy(pageGrant);
    this.onChange.addToRolePolicy(buildGrant);
    const kinds = FilterRule.or(...KINDS_ON_PAGES);
    this.onChange.addEventSource(
      new DynamoEventSource(props.table, {
        // The catalogue as it is at the deployment is the full re-render's.
        startingPosition: StartingPosition.LATEST,
        batchSize: BATCH_SIZE,
        maxBatchingWindow: Duration.seconds(BATCHING_WINDOW_SECONDS),
        // One batch at a time per shard: a page's renders land in the order of its changes.
        parallelizationFactor: 1,
        reportBatchItemFailures: true,
        bisectBatchOnError: true,
        retryAttempts: RETRY_ATTEMPTS,
        maxRecordAge: Duration.hours(MAX_RECORD_AGE_HOURS),
        onFailure: new SqsDlq(this.onChangeFailures),
        filters: [
          FilterCriteria.filter({ dynamodb: { NewImage: { kind: { S: kinds } } } }),
          FilterCriteria.filter({ dynamodb: { OldImage: { kind: { S: kinds } } } }),
        ],
      }),
    );
    functionErrorAlarm(this, 'RenderOnChangeErrors', this.onChange, props.alarmTopic);
    deadLetterAlarm(
      this,
      'OnChangeFailuresAlarm',
      this.onChangeFailures,
      props.alarmTopic,
      'Catalogue changes were not rendered after their retries: some public pages may show an old state until the daily full re-render (the message names the stream records; run the full re-render now)',
    );

    this.renderAll = new ScheduledJob(this, 'RenderAll', {
      module: RENDER_ALL_MODULE,
      description: 'Daily: renders every public page again (the safety net of the table stream)',
      every: Duration.days(1),
      failureMeaning:
        'The daily full re-render of the public pages failed for good: pages a missed change made stale stay so until the next run',
      timeout: Duration.minutes(15),
      memorySize: PAGE_RENDER_MEMORY_MB,
      table: props.table,
      alarmTopic: props.alarmTopic,
      mail: props.mail,
    });
    this.renderAll.fn.addEnvironment('WEB_BUCKET', props.webBucket.bucketName);
    this.renderAll.fn.addEnvironment('SHOP_ORIGIN', props.shopOrigin);
    this.renderAll.fn.addToRolePolicy(pageGrant);
    this.renderAll.fn.addToRolePolicy(buildGrant);
  }
}

export interface MissingPagesProps {
  table: TableBase;
  webBucket: Bucket;
  alarmTopic: Topic;
}

/**
 * The edge's renderer of a page the web bucket does not hold yet (issue 47,
 * functions/pages/http/render-missing.ts): a new piece between its creation and its first render,
 * every page before the first full re-render. The web behaviour of the distribution is an origin
 * group whose failover origin is this function's URL (infra/constructs/web-distribution.ts); the
 * URL takes only signed requests (AWS_IAM), and CloudFront signs them (origin access control), so
 * no one else can make it render.
 *
 * It may read the table (its declaration in functions/routes.ts), read BUILD_OBJECTS of the web
 * bucket and write (never delete) its pages/*. The shop's origin, which its pages name, is the
 * distribution's; the distribution depends on this function (its origin), so the origin cannot be
 * in its environment (a CloudFormation cycle): it reads it from an SSM parameter that
 * `shopOrigin` writes once the distribution is known.
 */
export class MissingPages extends Construct {
  readonly fn: ApiFunction;
  readonly url: IFunctionUrl;
  private readonly parameterName: string;

  constructor(scope: Construct, id: string, props: MissingPagesProps) {
    super(scope, id);
    this.parameterName = `/${Stack.of(this).stackName}/shop-origin`;
    this.fn = new ApiFunction(this, 'RenderMissing', {
      module: RENDER_MISSING_MODULE,
      description:
        'The edge asks it for a public page the web bucket does not hold yet: renders, writes and answers it',
      // CloudFront waits 30 s for its origin; one page renders in well under a second once warm.
      timeout: Duration.seconds(25),
      memorySize: PAGE_RENDER_MEMORY_MB,
      environment: {
        TABLE_NAME: props.table.tableName,
        WEB_BUCKET: props.webBucket.bucketName,
        SHOP_ORIGIN_PARAMETER: this.parameterName,
      },
    });
    grantTable(this.fn, props.table, jobAccess[RENDER_MISSING_MODULE]);
    this.fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['s3:PutObject'],
        resources: [props.webBucket.arnForObjects(PAGE_OBJECTS[0])],
      }),
    );
    this.fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['s3:GetObject'],
        resources: BUILD_OBJECTS.map((key) => props.webBucket.arnForObjects(key)),
      }),
    );
    // Named, not referenced: the parameter is made from the distribution, which needs this function.
    this.fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['ssm:GetParameter'],
        resources: [
          Stack.of(this).formatArn({
            service: 'ssm',
            resource: 'parameter',
            resourceName: this.parameterName.slice(1),
          }),
        ],
      }),
    );
    this.url = this.fn.addFunctionUrl({ authType: FunctionUrlAuthType.AWS_IAM });
    functionErrorAlarm(this, 'RenderMissingErrors', this.fn, props.alarmTopic);
  }

  /** The shop's public origin (`https://<domain>`) its pages name, once the distribution is made. */
  shopOrigin(origin: string): StringParameter {
    return new StringParameter(this, 'ShopOrigin', {
      parameterName: this.parameterName,
      description: 'The shop’s public origin, which the pages rendered on demand name (canonical, previews)',
      stringValue: origin,
    });
  }
}
