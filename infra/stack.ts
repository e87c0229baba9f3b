import {
  Annotations,
  ArnFormat,
  CfnOutput,
  Duration,
  RemovalPolicy,
  Stack,
  type StackProps,
} from 'aws-cdk-lib';
import { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import type { Distribution } from 'aws-cdk-lib/aws-cloudfront';
import {
  AttributeType,
  BillingMode,
  ProjectionType,
  StreamViewType,
  Table,
  type TableBase,
} from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  type BucketProps,
  HttpMethods,
  ObjectOwnership,
} from 'aws-cdk-lib/aws-s3';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { EmailIdentity, Identity } from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';
import {
  MAIL_SWEEP_EVERY_MINUTES,
  OVERDUE_CHECK_EVERY_DAYS,
  RECONCILE_EVERY_MINUTES,
} from '#checkout/jobs/schedules.ts';
import { RUN_DRAWS_EVERY_MINUTES } from '#draws/jobs/schedules.ts';
import { RELEASES_EVERY_MINUTES } from '#members/jobs/schedules.ts';
import {
  ISSUE_MISSING_CERTIFICATES_EVERY_MINUTES,
  SEQUENCE_LOG_EVERY_MINUTES,
} from '#passport/jobs/schedules.ts';
import { SEQUENCE_LOG_FUNCTION } from '#passport/start-sequencer.ts';
import { mailFromHeader, type ShopSettings } from '#shared/shop-settings.ts';
import { TABLE } from '#table/table.ts';
import { PASSPORT_WITNESSES } from '../functions/passport/witness-config.ts';
import { jobAccess } from '../functions/routes.ts';
import { builtRoutes } from './build-functions.ts';
import {
  checkAccountConcurrency,
  minimumAccountConcurrency,
  RECOMMENDED_ACCOUNT_CONCURRENCY,
  reservedConcurrency,
  routeThrottles,
  UNRESERVED_MINIMUM,
} from './capacity.ts';
import { ShopAlarms } from './constructs/alarms.ts';
import type { ApiFunction } from './constructs/api-function.ts';
import { configureStage } from './constructs/api-stage.ts';
import { grantBucket, PRIVATE_MEDIA_OBJECTS } from './constructs/data-access.ts';
import { MailFeedback } from './constructs/mail-feedback.ts';
import { MailTemplates } from './constructs/mail-templates.ts';
import { ManualJob } from './constructs/manual-job.ts';
import { JOURNAL_NONCURRENT_DAYS, JOURNAL_OBJECTS, OrderJournal } from './constructs/order-journal.ts';
import { overdueOrdersAlarm } from './constructs/overdue-orders-alarm.ts';
import { MissingPages, PageRendering } from './constructs/page-rendering.ts';
import {
  LOG_OBJECTS,
  PASSPORT_PHOTO_OBJECTS,
  SEQUENCER_STARTERS,
  STATUS_LIST_OBJECTS,
} from './constructs/passport-log.ts';
import { PASSPORT_SIGNING_HANDLERS, PassportSigner } from './constructs/passport-signer.ts';
import { PictureSets } from './constructs/picture-sets.ts';
import { reconciliationAlarm } from './constructs/reconciliation-alarm.ts';
import { LINK_JOB_STARTERS, RESET_LINK_FUNCTION, ResetLinkJob } from './constructs/reset-link-job.ts';
import { ScheduledJob } from './constructs/scheduled-job.ts';
import { TableBackups } from './constructs/table-backups.ts';
import { WebDeployment } from './constructs/web-deployment.ts';
import { WebDistribution } from './constructs/web-distribution.ts';
import { DRAND_QUICKNET } from './drand-chain.ts';
import { acknowledgeNagFindings, DRAW_OBJECTS } from './nag-acknowledgements.ts';
import { restoredTableFromContext } from './restored-table.ts';
import { RouteGroupStack, routeGroups } from './route-group-stack.ts';
import { SHOP_SECRET_NAMES } from './secret-names.ts';

export { readsOnly } from './route-group-stack.ts';

/**
 * The shop's backend: one DynamoDB table, the media and web buckets, and an HTTP API with one
 * Lambda function and one route per built row of the route table (pending rows get neither).
 * CloudFront serves the app, /api and public /media on one domain.
 */
export interface BoutiqueStackProps extends StackProps {
  /** The environment's name (dev, prod): part of the stack name and every resource's tags. */
  stage?: string;
  /** The shop's own domain and its us-east-1 ACM certificate (TLS 1.2+ needs both). */
  domainName?: string;
  certificateArn?: string;
  /** Where the alarms are mailed. */
  alarmEmail?: string;
  /** The domain the shop's mail is sent from (default: domainName); SES verifies it. */
  mailDomain?: string;
  /** The deployment's shop settings (shared/shop-settings.ts); its sender address is the mail's From. */
  shop?: ShopSettings;
  /**
   * The passport log's witness policy (docs/passport.md, Witnesses): a C2SP tlog-policy text whose
   * `witness` lines name each witness's vkey and submission URL. Without it no witness is asked.
   */
  passportWitnesses?: string;
  /** Card payments above this amount (USD) ask for 3-D Secure (default 1,000). */
  threeDSecureAboveUsd?: number;
}

export class BoutiqueStack extends Stack {
  /** The table the stack defines. */
  readonly table: Table;
  /** The table the functions use: the defined one, or the restored one named in the context. */
  readonly liveTable: TableBase;
  readonly mediaBucket: Bucket;
  readonly privateMediaBucket: Bucket;
  readonly webBucket: Bucket;
  readonly api: HttpApi;
  readonly functions: ReadonlyMap<string, ApiFunction>;
  readonly routeStacks: RouteGroupStack[] = [];
  readonly distribution: Distribution;
  readonly mailSweep: ScheduledJob;
  readonly paymentReconciliation: ScheduledJob;
  readonly overdueOrders: ScheduledJob;
  readonly releaseSender: ScheduledJob;
  readonly mailFeedback: MailFeedback;
  readonly pictureSets: PictureSets;
  readonly pageRendering: PageRendering;
  /** Every order's form outside the table, for a restore's reconciliation (issue 49). */
  readonly orderJournal: OrderJournal;
  /** Run by hand after a table restore (docs/restore.md): the payments whose order the table lacks. */
  readonly paymentRecovery: ManualJob;
  /** Run by hand after a table restore (docs/restore.md): the passport log up to its published checkpoint. */
  readonly passportLogRestore: ManualJob;
  readonly resetLink: ResetLinkJob;
  readonly passportSigner: PassportSigner;
  readonly passportLog: ScheduledJob;
  readonly passportCertificates: ScheduledJob;
  readonly releaseDraws: ScheduledJob;
  /** AWS Backup's plan for the table and its weekly restore test, validated (issue 49). */
  readonly tableBackups: TableBackups;

  constructor(scope: Construct, id: string, props: BoutiqueStackProps = {}) {
    super(scope, id, props);
    const stage = props.stage ?? 'dev';
    // `-c accountConcurrency=<the account's Lambda quota>`: too small for the reservations of
    // the payment path, and the synth stops here saying what to ask AWS for.
    const accountConcurrency = checkAccountConcurrency(this.node.tryGetContext('accountConcurrency'));
    const apiRoutes = builtRoutes();

    const definedTable = new Table(this, 'Table', {
      partitionKey: { name: TABLE.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: TABLE.ttlAttribute,
      // Every change with the item before and after: the public pages are rendered from it (issue 47).
      stream: StreamViewType.NEW_AND_OLD_IMAGES,
      removalPolicy: RemovalPolicy.RETAIN,
      deletionProtection: true,
    });
    for (const [indexName, keys] of Object.entries(TABLE.indexes)) {
      definedTable.addGlobalSecondaryIndex({
        indexName,
        partitionKey: { name: keys.partitionKey, type: AttributeType.STRING },
        sortKey: { name: keys.sortKey, type: AttributeType.STRING },
        projectionType: ProjectionType.ALL,
      });
    }

    // After a restore (docs/restore.md, infra/restored-table.ts): `-c restoredTable=<name>
    // -c restoredTableStream=<its stream ARN>` points every function, grant, the stream's
    // consumer and the backups at the restored table; the defined one stays, retained and
    // protected, unused, until removed by hand.
    const restored = restoredTableFromContext((name) => this.node.tryGetContext(name));
    const table: TableBase = restored
      ? (Table.fromTableAttributes(this, 'RestoredTable', {
          tableName: restored.tableName,
          tableStreamArn: restored.streamArn,
          globalIndexes: Object.keys(TABLE.indexes),
          grantIndexPermissions: true,
        }) as TableBase)
      : definedTable;

    // Access logs of the buckets and of CloudFront, kept a year (CloudFront's logging needs ACLs).
    const logsBucket = new Bucket(this, 'LogsBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      removalPolicy: RemovalPolicy.RETAIN,
      lifecycleRules: [{ expiration: Duration.days(365) }],
    });
    const privateBucket = (bucketId: string, extra: Partial<BucketProps> = {}) =>
      new Bucket(this, bucketId, {
        blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
        enforceSSL: true,
        encryption: BucketEncryption.S3_MANAGED,
        removalPolicy: RemovalPolicy.RETAIN,
        serverAccessLogsBucket: logsBucket,
        serverAccessLogsPrefix: `s3/${bucketId}/`,
        ...extra,
      });
    // Uploads come from the admin's browser with presigned PUTs: the signature is the guard,
    // CORS only lets the shop's pages read the answer.
    const shopOrigins = props.domainName ? [`https://${props.domainName}`] : ['https://*.cloudfront.net'];
    const mediaBucketProps: Partial<BucketProps> = {
      versioned: true,
      lifecycleRules: [
        {
          noncurrentVersionExpiration: Duration.days(90),
          abortIncompleteMultipartUploadAfter: Duration.days(1),
        },
      ],
      cors: [
        {
          allowedMethods: [HttpMethods.PUT, HttpMethods.GET],
          allowedOrigins: shopOrigins,
          allowedHeaders: ['content-type', 'content-length'],
          maxAge: 600,
        },
      ],
    };
    // Public pictures and films: CloudFront serves their prefixes under /media.
    const mediaBucket = privateBucket('MediaBucket', mediaBucketProps);
    // Authenticity photos live apart: no CloudFront behaviour reaches this bucket; owners and
    // staff see its objects only through short-lived signed links.
    const privateMediaBucket = privateBucket('PrivateMediaBucket', mediaBucketProps);
    const webBucket = privateBucket('WebBucket');

    const api = new HttpApi(this, 'Api', {
      description: 'One-of-one boutique API: one route and one Lambda function per endpoint, under /api',
    });

    const alarms = new ShopAlarms(this, 'Alarms', {
      api,
      ...(props.alarmEmail ? { email: props.alarmEmail } : {}),
    });
    const apiStage = configureStage(this, api, stage, routeThrottles(apiRoutes));

    // Filled in by the operator after the first deploy (README); ORIGIN_VERIFY is generated.
    const secrets = new Secret(this, 'ShopSecrets', {
      description: 'Stripe and PayPal keys, webhook secrets, and the CloudFront origin check',
      removalPolicy: RemovalPolicy.RETAIN,
      generateSecretString: {
        secretStringTemplate: JSON.stringify(Object.fromEntries(SHOP_SECRET_NAMES.map((n) => [n, '']))),
        generateStringKey: 'ORIGIN_VERIFY',
        excludePunctuation: true,
        passwordLength: 48,
      },
    });
    const mailDomain = props.mailDomain ?? props.domainName;
    // Bounces and complaints of every mail the identity sends → the suppression list.
    this.mailFeedback = new MailFeedback(this, 'MailFeedback', { table, alarmTopic: alarms.topic });
    const mailIdentityArn = mailDomain
      ? new EmailIdentity(this, 'MailIdentity', {
          identity: Identity.domain(mailDomain),
          configurationSet: this.mailFeedback.configurationSet,
        }).emailIdentityArn
      : this.formatArn({ service: 'ses', resource: 'identity', resourceName: '*' });
    const shop: ShopSettings = props.shop ?? {
      name: 'One of One Luxury',
      supportEmail: `support@${mailDomain ?? 'example.com'}`,
      ordersEmail: `sales@${mailDomain ?? 'example.com'}`,
      mailFrom: `orders@${mailDomain ?? 'example.com'}`,
      sisterSites: [],
    };
    const mailFrom = mailFromHeader(shop);
    // What every function may name in a mail or an answer (functions/platform/shop-settings.ts).
    const shopEnvironment = { SHOP_NAME: shop.name, SUPPORT_EMAIL: shop.supportEmail };
    const mailTemplates = new MailTemplates(this, 'MailTemplates', { prefix: `boutique-${stage}` });
    // A send through an identity with a configuration set is authorised on the set too: every
    // grant of ses:SendEmail names the templates and, with a mail domain, the feedback's set.
    const mailSendArns = [
      ...mailTemplates.arns,
      ...(mailDomain
        ? [
            this.formatArn({
              service: 'ses',
              resource: 'configuration-set',
              resourceName: this.mailFeedback.configurationSet.configurationSetName,
              arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
            }),
          ]
        : []),
    ];

    // The edge's renderer of a page not rendered yet: the web behaviour's failover origin.
    const missingPages = new MissingPages(this, 'MissingPages', {
      table,
      webBucket,
      alarmTopic: alarms.topic,
    });
    const web = new WebDistribution(this, 'Web', {
      missingPages: missingPages.url,
      originVerify: secrets.secretValueFromJson('ORIGIN_VERIFY').unsafeUnwrap(),
      webBucket,
      mediaBucket,
      privateMediaBucket,
      logsBucket,
      api,
      routes: apiRoutes,
      ...(props.domainName && props.certificateArn
        ? {
            domainName: props.domainName,
            certificate: Certificate.fromCertificateArn(this, 'Certificate', props.certificateArn),
          }
        : {}),
    });
    new WebDeployment(this, 'WebDeployment', { bucket: webBucket, distribution: web.distribution, shop });
    const shopUrl = `https://${props.domainName ?? web.distribution.distributionDomainName}`;
    missingPages.shopOrigin(shopUrl);

    const functions = new Map<string, ApiFunction>();
    for (const [name, rows] of routeGroups(apiRoutes)) {
      const group = new RouteGroupStack(this, name, {
        routes: rows,
        api,
        table,
        mediaBucket,
        privateMediaBucket,
        shopUrl,
        alarmTopic: alarms.topic,
        secrets,
        paypalEnvironment: stage === 'prod' ? 'production' : 'sandbox',
        threeDSecureAboveCents: Math.round((props.threeDSecureAboveUsd ?? 1000) * 100),
        mailFrom,
        shopEnvironment,
        ordersEmail: shop.ordersEmail,
        mailFromAddress: shop.mailFrom,
        sisterSites: JSON.stringify(shop.sisterSites),
        mailIdentityArn,
        mailTemplatePrefix: mailTemplates.prefix,
        mailTemplateArns: mailSendArns,
      });
      for (const [handler, fn] of group.functions) functions.set(handler, fn);
      this.routeStacks.push(group);
      // The stage's route settings name routes by key: API Gateway refuses a key whose route
      // does not exist yet, so the stage is deployed after the nested stacks that make them.
      apiStage.node.addDependency(group);
    }

    const mail = {
      from: mailFrom,
      shopEnvironment,
      ordersEmail: shop.ordersEmail,
      identityArn: mailIdentityArn,
      templatePrefix: mailTemplates.prefix,
      templateArns: mailSendArns,
    };
    this.mailSweep = new ScheduledJob(this, 'MailSweep', {
      module: 'checkout/jobs/mail-sweep',
      description: 'Scheduled: sends the mail of paid orders whose sender failed',
      every: Duration.minutes(MAIL_SWEEP_EVERY_MINUTES),
      failureMeaning: 'A mail sweep failed for good: a paid order may be without its mail',
      table,
      alarmTopic: alarms.topic,
      mail,
      // The portal password mail links the portal.
      shopUrl,
    });
    this.paymentReconciliation = new ScheduledJob(this, 'PaymentReconciliation', {
      module: 'checkout/jobs/reconcile-payments',
      description: 'Scheduled: completes, refunds or closes orders whose provider payment no webhook settled',
      every: Duration.minutes(RECONCILE_EVERY_MINUTES),
      failureMeaning: 'The payment reconciliation failed for good: a paid order may be without its sale',
      timeout: Duration.seconds(50),
      // One full vCPU: each sale it completes hashes the owner's password (scrypt, 128 MB, CPU
      // bound), RECONCILE_CONCURRENCY (4) at a time.
      memorySize: 1769,
      table,
      alarmTopic: alarms.topic,
      mail,
      shopUrl,
      secrets: { secret: secrets, paypalEnvironment: stage === 'prod' ? 'production' : 'sandbox' },
    });
    this.releaseSender = new ScheduledJob(this, 'ReleaseSender', {
      module: 'members/jobs/send-releases',
      description: 'Scheduled: mails announced releases to the confirmed members, at a set rate',
      every: Duration.minutes(RELEASES_EVERY_MINUTES),
      failureMeaning:
        'The release sender failed for good: a release may be only partly sent (the next run resumes it)',
      timeout: Duration.seconds(60),
      table,
      alarmTopic: alarms.topic,
      mail,
      shopUrl,
      secrets: { secret: secrets, paypalEnvironment: stage === 'prod' ? 'production' : 'sandbox' },
    });
    // The reset link, after /reset-pwd's answer (issue 36): only that route's function may start it.
    this.resetLink = new ResetLinkJob(this, 'ResetLink', { table, alarmTopic: alarms.topic, mail, shopUrl });
    // The login link's request starts it too, after the same work for every pair (issue 44).
    for (const handler of LINK_JOB_STARTERS) {
      const route = functions.get(handler);
      if (!route) throw new Error(`no function serves ${handler}`);
      route.addEnvironment(RESET_LINK_FUNCTION, this.resetLink.fn.functionName);
      // The function itself, not `grantInvoke`'s `<arn>:*` too: no version or alias is ever invoked.
      route.addToRolePolicy(
        new PolicyStatement({
          actions: ['lambda:InvokeFunction'],
          resources: [this.resetLink.fn.functionArn],
        }),
      );
    }
    // The passport's signing key and the one function that may sign with it (issue 37); the
    // handlers that need a signature get `allowSigning` (invoke the signer), never kms:Sign.
    this.passportSigner = new PassportSigner(this, 'PassportSigner', {
      alarmTopic: alarms.topic,
      stage,
      table,
      mediaBucket,
      shopUrl,
      shopEnvironment,
      ...(props.passportWitnesses ? { witnessPolicy: props.passportWitnesses } : {}),
    });
    for (const handler of PASSPORT_SIGNING_HANDLERS) {
      const caller = functions.get(handler);
      if (!caller) throw new Error(`no function serves ${handler}`);
      this.passportSigner.allowSigning(caller);
    }
    // The passport's public log (issue 37): its sequencer runs every minute and is started by
    // every function that appends an entry (functions/passport/start-sequencer.ts); it writes the
    // tiles and the checkpoint under passport/log/ of the public bucket and asks the signer.
    this.passportLog = new ScheduledJob(this, 'PassportLog', {
      module: 'passport/jobs/sequence-log',
      description:
        "Every minute and after each append: sequences the passport log's entries and signs its checkpoint",
      every: Duration.minutes(SEQUENCE_LOG_EVERY_MINUTES),
      failureMeaning:
        'The passport log sequencer failed for good: entries wait in the queue (the next run takes them)',
      timeout: Duration.seconds(60),
      table,
      alarmTopic: alarms.topic,
      mail,
      shopUrl,
    });
    this.passportLog.fn.addEnvironment('MEDIA_BUCKET', mediaBucket.bucketName);
    // The witnesses it submits each checkpoint to (tlog-witness over HTTPS; no AWS permission).
    if (props.passportWitnesses)
      this.passportLog.fn.addEnvironment(PASSPORT_WITNESSES, props.passportWitnesses);
    grantBucket(this.passportLog.fn, mediaBucket, jobAccess['passport/jobs/sequence-log'].media, LOG_OBJECTS);
    grantBucket(
      this.passportLog.fn,
      mediaBucket,
      jobAccess['passport/jobs/sequence-log'].media,
      STATUS_LIST_OBJECTS,
    );
    this.passportSigner.allowInvoking(this.passportLog.fn);
    const startsSequencer = (starter: ApiFunction) => {
      starter.addEnvironment(SEQUENCE_LOG_FUNCTION, this.passportLog.fn.functionName);
      starter.addToRolePolicy(
        new PolicyStatement({
          actions: ['lambda:InvokeFunction'],
          resources: [this.passportLog.fn.functionArn],
        }),
      );
    };
    for (const handler of SEQUENCER_STARTERS) {
      const fn = functions.get(handler);
      if (!fn) throw new Error(`no function serves ${handler}`);
      startsSequencer(fn);
    }
    startsSequencer(this.paymentReconciliation.fn);
    // Every registered piece has its passport (docs/passport.md, Certificates): every five
    // minutes, the certificates of the pieces without one, issued as staff's button does (the
    // signer signs; the photographs are read from the private bucket and published).
    this.passportCertificates = new ScheduledJob(this, 'PassportCertificates', {
      module: 'passport/jobs/issue-missing-certificates',
      description:
        'Every five minutes: issues the passport certificate of every registered piece without one (25 a run)',
      every: Duration.minutes(ISSUE_MISSING_CERTIFICATES_EVERY_MINUTES),
      failureMeaning:
        'The passport job failed for good: some pieces are without their certificate (the next run tries again; staff can issue one from the piece)',
      // 25 pieces a run, each two signatures and its photographs read whole and published.
      timeout: Duration.seconds(120),
      table,
      alarmTopic: alarms.topic,
      mail,
      shopUrl,
    });
    const certificatesJob = this.passportCertificates.fn;
    certificatesJob.addEnvironment('MEDIA_BUCKET', mediaBucket.bucketName);
    certificatesJob.addEnvironment('PRIVATE_MEDIA_BUCKET', privateMediaBucket.bucketName);
    const certificatesAccess = jobAccess['passport/jobs/issue-missing-certificates'];
    grantBucket(certificatesJob, mediaBucket, certificatesAccess.media, PASSPORT_PHOTO_OBJECTS);
    grantBucket(certificatesJob, privateMediaBucket, certificatesAccess.privateMedia, PRIVATE_MEDIA_OBJECTS);
    this.passportSigner.allowSigning(certificatesJob);
    startsSequencer(certificatesJob);
    // The release draws (issue 35): every minute, closes the draws whose window closed, draws
    // those whose drand round is out, reading drand's quicknet through its HTTP relay (pinned:
    // infra/drand-chain.ts), and settles the drawn; their public files under draws/ of the public
    // bucket. A draw and its sale append to the passport log: the job starts its sequencer.
    this.releaseDraws = new ScheduledJob(this, 'ReleaseDraws', {
      module: 'draws/jobs/run-draws',
      description:
        'Every minute: closes the release draws whose window closed, draws those whose beacon round is out, settles the drawn',
      every: Duration.minutes(RUN_DRAWS_EVERY_MINUTES),
      failureMeaning:
        'The release draws job failed for good: a draw may wait to close or to be drawn (the next run resumes it; a beacon that lies is refused)',
      // Settling a draw captures the winner's card and sells the piece as checkout does (an owner's
      // password hashed: one full vCPU, as the reconciliation), cancels every other authorisation
      // and mails every entrant; a run cut short is finished by the next (each step recorded).
      timeout: Duration.seconds(120),
      memorySize: 1769,
      table,
      alarmTopic: alarms.topic,
      mail,
      shopUrl,
      secrets: { secret: secrets, paypalEnvironment: stage === 'prod' ? 'production' : 'sandbox' },
    });
    this.releaseDraws.fn.addEnvironment('MEDIA_BUCKET', mediaBucket.bucketName);
    for (const [name, value] of Object.entries(DRAND_QUICKNET))
      this.releaseDraws.fn.addEnvironment(name, value);
    // A draw is drawn once its list is witnessed (docs/draw.md): the job reads the policy's quorum.
    if (props.passportWitnesses)
      this.releaseDraws.fn.addEnvironment(PASSPORT_WITNESSES, props.passportWitnesses);
    grantBucket(this.releaseDraws.fn, mediaBucket, jobAccess['draws/jobs/run-draws'].media, DRAW_OBJECTS);
    startsSequencer(this.releaseDraws.fn);
    reconciliationAlarm(this, alarms.topic);
    this.overdueOrders = new ScheduledJob(this, 'OverdueOrders', {
      module: 'checkout/jobs/overdue-orders',
      description: 'Scheduled: counts paid orders waiting to ship longer than 7 business days',
      every: Duration.days(OVERDUE_CHECK_EVERY_DAYS),
      failureMeaning: 'The overdue orders check failed for good: late shipments may go unnoticed',
      table,
      alarmTopic: alarms.topic,
      mail,
    });
    overdueOrdersAlarm(this, alarms.topic);
    this.pictureSets = new PictureSets(this, 'PictureSets', {
      mediaBucket,
      privateMediaBucket,
      alarmTopic: alarms.topic,
    });

    // The public pages rendered ahead of time (issue 47): on every catalogue change, and daily.
    this.pageRendering = new PageRendering(this, 'PageRendering', {
      table,
      webBucket,
      alarmTopic: alarms.topic,
      mail,
      shopOrigin: shopUrl,
    });

    // The order journal (issue 49): each order's form outside the table, in a bucket of its own
    // (versioned: its former forms kept 35 days), for the orders a restored table lacks.
    const journalBucket = privateBucket('JournalBucket', {
      versioned: true,
      lifecycleRules: [
        {
          noncurrentVersionExpiration: Duration.days(JOURNAL_NONCURRENT_DAYS),
          abortIncompleteMultipartUploadAfter: Duration.days(1),
        },
      ],
    });
    this.orderJournal = new OrderJournal(this, 'OrderJournal', {
      table,
      bucket: journalBucket,
      alarmTopic: alarms.topic,
    });

    // The restore's two steps that write (issue 49, docs/restore.md): functions an operator invokes
    // by hand (`aws lambda invoke`, their names the stack outputs below), no schedule, no route.
    // The restore's reconciliation: the providers' paid payments of a range whose order the
    // restored table lacks, remade from the journal and completed as the reconciliation does.
    this.paymentRecovery = new ManualJob(this, 'PaymentRecovery', {
      module: 'checkout/jobs/recover-payments',
      description:
        'By hand after a table restore (docs/restore.md): remakes the orders paid at a provider that the table lacks, from the order journal',
      // Every provider's payments of the range, each sold as a webhook sells it (one full vCPU, as
      // the reconciliation: the owner's password hashed); the most Lambda gives one run.
      timeout: Duration.minutes(15),
      memorySize: 1769,
      table,
      alarmTopic: alarms.topic,
      mail,
      shopUrl,
      secrets: { secret: secrets, paypalEnvironment: stage === 'prod' ? 'production' : 'sandbox' },
    });
    this.paymentRecovery.fn.addEnvironment('JOURNAL_BUCKET', journalBucket.bucketName);
    // The journal's orders only (jobAccess['checkout/jobs/recover-payments'] names why): read, and
    // ListBucket so an order the journal never had is NoSuchKey (a person's), not 403 (a failure).
    this.paymentRecovery.fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['s3:GetObject'],
        resources: [journalBucket.arnForObjects(JOURNAL_OBJECTS)],
      }),
    );
    this.paymentRecovery.fn.addToRolePolicy(
      new PolicyStatement({ actions: ['s3:ListBucket'], resources: [journalBucket.bucketArn] }),
    );
    // A sale appends to the passport log: it starts the sequencer, as the reconciliation does.
    startsSequencer(this.paymentRecovery.fn);
    // The passport log brought up to its published checkpoint (functions/passport/restore-log.ts),
    // run with the sequencer's schedule disabled: its table items, and the published log's files.
    this.passportLogRestore = new ManualJob(this, 'PassportLogRestore', {
      module: 'passport/restore-log',
      description:
        'By hand after a table restore (docs/restore.md): brings the passport log in the table up to its published checkpoint',
      // Every published entry bundle read and checked, the missing entries written in transactions.
      timeout: Duration.minutes(5),
      table,
      alarmTopic: alarms.topic,
      mail,
      shopUrl,
    });
    this.passportLogRestore.fn.addEnvironment('MEDIA_BUCKET', mediaBucket.bucketName);
    // The key set the published checkpoint must verify with.
    if (props.passportWitnesses)
      this.passportLogRestore.fn.addEnvironment(PASSPORT_WITNESSES, props.passportWitnesses);
    grantBucket(
      this.passportLogRestore.fn,
      mediaBucket,
      jobAccess['passport/restore-log'].media,
      LOG_OBJECTS,
    );

    this.tableBackups = new TableBackups(this, 'TableBackups', {
      table,
      mediaBucket,
      // Pictures, films and the passport's public files; the authenticity photos; the order journal.
      buckets: [mediaBucket, privateMediaBucket, journalBucket],
      alarmTopic: alarms.topic,
      restoreTestingPlanName: `boutique_${stage.replace(/[^A-Za-z0-9]/g, '_')}_table`,
    });

    acknowledgeNagFindings(this, {
      customDomain: Boolean(props.domainName && props.certificateArn),
      logsBucket,
      table: definedTable,
      ...(restored ? { restoredTableName: restored.tableName } : {}),
      mediaBucket,
      privateMediaBucket,
      webBucket,
      journalBucket,
      tableBackups: this.tableBackups,
      deadLetters: [
        this.mailSweep.deadLetters,
        this.tableBackups.deadLetters,
        this.paymentReconciliation.deadLetters,
        this.overdueOrders.deadLetters,
        this.releaseSender.deadLetters,
        this.mailFeedback.deadLetters,
        this.resetLink.deadLetters,
        this.passportLog.deadLetters,
        this.passportCertificates.deadLetters,
        this.releaseDraws.deadLetters,
        this.pictureSets.deadLetters,
        this.pageRendering.onChangeFailures,
        this.pageRendering.renderAll.deadLetters,
        this.orderJournal.failures,
      ],
    });

    this.table = definedTable;
    this.liveTable = table;
    this.mediaBucket = mediaBucket;
    this.privateMediaBucket = privateMediaBucket;
    this.webBucket = webBucket;
    this.api = api;
    this.functions = functions;

    this.distribution = web.distribution;
    new CfnOutput(this, 'ShopUrl', { value: shopUrl, description: 'The shop (CloudFront)' });
    new CfnOutput(this, 'ApiUrl', { value: api.url ?? api.apiEndpoint, description: 'HTTP API base URL' });
    new CfnOutput(this, 'TableName', { value: table.tableName });
    new CfnOutput(this, 'MediaBucketName', { value: mediaBucket.bucketName });
    new CfnOutput(this, 'PrivateMediaBucketName', { value: privateMediaBucket.bucketName });
    new CfnOutput(this, 'WebBucketName', { value: webBucket.bucketName });
    new CfnOutput(this, 'JournalBucketName', { value: journalBucket.bucketName });
    // The functions docs/restore.md has the operator invoke after a restore.
    new CfnOutput(this, 'PaymentRecoveryFunctionName', {
      value: this.paymentRecovery.fn.functionName,
      description:
        'After a table restore: aws lambda invoke with {"since","until"} (docs/restore.md, Recover the payments)',
    });
    new CfnOutput(this, 'PassportLogRestoreFunctionName', {
      value: this.passportLogRestore.fn.functionName,
      description:
        'After a table restore, the sequencer disabled: aws lambda invoke (docs/restore.md, the passport log)',
    });
    // The payment path's reserved concurrency needs an account quota above Lambda's unreserved
    // minimum: said at every deploy, checked when the quota is given as context.
    const minimum = minimumAccountConcurrency();
    new CfnOutput(this, 'MinimumAccountConcurrency', {
      value: String(minimum),
      description: `Lambda concurrent executions the account needs at least: ${reservedConcurrency()} reserved for the payment path + ${UNRESERVED_MINIMUM} Lambda keeps unreserved (docs/edge-and-capacity.md)`,
    });
    if (accountConcurrency === undefined)
      Annotations.of(this).addWarningV2(
        'boutique:accountConcurrency',
        `This stack reserves ${reservedConcurrency()} Lambda concurrent executions for checkout and the ` +
          `payment webhooks: the account's quota must be at least ${minimum} (new accounts often have 10; ` +
          `ask for ${RECOMMENDED_ACCOUNT_CONCURRENCY}). Check it with -c accountConcurrency=<your quota>.`,
      );
    new CfnOutput(this, 'ShopSecretsArn', {
      value: secrets.secretArn,
      description: 'Put the Stripe and PayPal keys here (README: Deploying)',
    });
  }
}
