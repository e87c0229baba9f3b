import { Duration } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { type Bucket, EventType } from 'aws-cdk-lib/aws-s3';
import { LambdaDestination } from 'aws-cdk-lib/aws-s3-notifications';
import type { Topic } from 'aws-cdk-lib/aws-sns';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { UPLOAD_KINDS } from '#shared/admin.ts';
import { PRIVATE_MEDIA_PREFIX } from '#shared/media.ts';
import { type EVENT_MODULES, NATIVE_MODULES } from '../build-functions.ts';
import { deadLetterAlarm, functionErrorAlarm } from './alarms.ts';
import { ApiFunction } from './api-function.ts';

export const PICTURE_SETS_MODULE: (typeof EVENT_MODULES)[number] = 'media/jobs/make-picture-sets';

/**
 * Memory buys CPU here (Lambda gives one vCPU at 1,769 MB): a set is 18 encodes of a picture of
 * up to 15 MB (six widths in AVIF, WebP and JPEG; AVIF the slowest), CPU-bound work that libvips
 * spreads over threads. 2,048 MB is a little over one vCPU; the pixels themselves need far less
 * (a decoded 4000×3000 picture is 36 MB). docs/lambda-settings.md has the measurement.
 */
export const PICTURE_SETS_MEMORY_MB = 2048;
export const PICTURE_SETS_TIMEOUT = Duration.seconds(60);

export interface PictureSetsProps {
  /** Public pictures: `collection_images/` of the media bucket. */
  mediaBucket: Bucket;
  /** Authenticity photos: `authenticity/` of the private bucket, whose sets stay in it. */
  privateMediaBucket: Bucket;
  alarmTopic: Topic;
}

/**
 * The picture sets (functions/media/jobs/make-picture-sets.ts): S3 invokes the function
 * asynchronously for every object created under the picture prefixes, and it writes the set
 * beside the original in the same bucket. A failed invocation is retried twice by Lambda; one
 * that still fails lands in the dead-letter queue, which alarms at its first message.
 *
 * The variants it writes are created under the same prefix, so each invokes the function again
 * (S3 filters are one prefix and one suffix: `<uuid>/640w.jpg` cannot be told from an original);
 * the handler returns at once for a key without a picture set, without loading sharp.
 */
export class PictureSets extends Construct {
  readonly fn: ApiFunction;
  readonly deadLetters: Queue;
  /** Where the function reads and writes: each bucket with its picture prefix. */
  readonly sources: { bucket: Bucket; prefix: string }[];

  constructor(scope: Construct, id: string, props: PictureSetsProps) {
    super(scope, id);
    this.sources = [
      { bucket: props.mediaBucket, prefix: UPLOAD_KINDS.image.prefix },
      { bucket: props.privateMediaBucket, prefix: PRIVATE_MEDIA_PREFIX },
    ];
    this.deadLetters = new Queue(this, 'DeadLetters', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    this.fn = new ApiFunction(this, 'Function', {
      module: PICTURE_SETS_MODULE,
      description:
        'On upload: makes the responsive picture set (AVIF, WebP, JPEG at every width) of a stored picture',
      memorySize: PICTURE_SETS_MEMORY_MB,
      timeout: PICTURE_SETS_TIMEOUT,
      nativeModules: NATIVE_MODULES,
      environment: {
        MEDIA_BUCKET: props.mediaBucket.bucketName,
        PRIVATE_MEDIA_BUCKET: props.privateMediaBucket.bucketName,
      },
    });

    // Reads the original, writes and (when the original was deleted meanwhile) deletes its
    // variants, only under the picture prefixes. The buckets are SSE-S3: no KMS key to grant.
    this.fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
        resources: this.sources.map(({ bucket, prefix }) => bucket.arnForObjects(`${prefix}*`)),
      }),
    );
    // The HeadObject of an original that is gone must answer 404, not 403, for the function to
    // tell "deleted meanwhile" from a fault, and S3 answers 404 only to a caller that may list.
    this.fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['s3:ListBucket'],
        resources: this.sources.map(({ bucket }) => bucket.bucketArn),
      }),
    );

    this.fn.configureAsyncInvoke({
      retryAttempts: 2,
      maxEventAge: Duration.hours(6),
      onFailure: new SqsDestination(this.deadLetters),
    });
    for (const { bucket, prefix } of this.sources)
      bucket.addEventNotification(EventType.OBJECT_CREATED, new LambdaDestination(this.fn), { prefix });

    functionErrorAlarm(this, 'Errors', this.fn, props.alarmTopic);
    deadLetterAlarm(
      this,
      'DeadLettersAlarm',
      this.deadLetters,
      props.alarmTopic,
      'A picture set failed for good: a stored picture lacks its variants (the dead letter names its bucket and key)',
    );
  }
}
