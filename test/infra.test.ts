import { readFileSync } from 'node:fs';
import vm from 'node:vm';
import { App, Duration, Stack } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { CachePolicy } from 'aws-cdk-lib/aws-cloudfront';
import { AttributeType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Code, Function as LambdaFunction, Runtime } from 'aws-cdk-lib/aws-lambda';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { MAIL_TEMPLATES } from '#platform/mail-templates.ts';
import { staleBoundOf } from '#shared/edge-cache.ts';
import { TABLE } from '#table/table.ts';
import { jobAccess, type Route, routeKey, routes } from '../functions/routes.ts';
import {
  checkAccountConcurrency,
  PAYMENT_PATH,
  READ_THROTTLES,
  reservedConcurrency,
} from '../infra/capacity.ts';
import { ApiFunction } from '../infra/constructs/api-function.ts';
import { BUCKET_ACTIONS, tableActions } from '../infra/constructs/data-access.ts';
import { SEQUENCER_STARTERS } from '../infra/constructs/passport-log.ts';
import { PASSPORT_SIGNING_HANDLERS, PassportSigner } from '../infra/constructs/passport-signer.ts';
import { TableBackups } from '../infra/constructs/table-backups.ts';
import { DRAND_QUICKNET } from '../infra/drand-chain.ts';
import { apiBehaviours, patternMatches, readKeyOnlyCode } from '../infra/edge/api-behaviours.ts';
import { START_APP_SCRIPT_HASH } from '../infra/edge/security-headers.ts';
import { restoredTableFromContext } from '../infra/restored-table.ts';
import { BoutiqueStack, readsOnly } from '../infra/stack.ts';
import { bundleCount } from '../infra/synth-progress.ts';

/** The passport job (infra/stack.ts): the certificates of the pieces without one. */
const PASSPORT_JOB =
  'Every five minutes: issues the passport certificate of every registered piece without one (25 a run)';

/** The release draws' scheduled job (infra/stack.ts). */
const RELEASE_DRAWS =
  'Every minute: closes the release draws whose window closed, draws those whose beacon round is out, settles the drawn';

/**
 * Synthesises the stack in-process with the feature flags of cdk.json. Bundling is skipped
 * (`aws:cdk:bundling-stacks: []`): test/bundle.test.ts builds the handlers instead.
 */
const cdkJson = JSON.parse(readFileSync(new URL('../cdk.json', import.meta.url), 'utf8')) as {
  context: Record<string, unknown>;
};
const app = new App({ context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [] } });
const stack = new BoutiqueStack(app, 'BoutiqueStack');
const template = Template.fromStack(stack);
/** The nested stacks that hold the functions and routes, and all their resources together. */
const routeTemplates = stack.routeStacks.map((nested) => Template.fromStack(nested));
function findAll(type: string): Record<string, unknown> {
  return Object.assign({}, ...routeTemplates.map((t) => t.findResources(type)));
}
function countAll(type: string): number {
  return Object.keys(findAll(type)).length;
}

const built = routes.filter((route) => !route.pending);
const pending = routes.filter((route) => route.pending);

interface FunctionResource {
  Properties: { Description: string; Role: { 'Fn::GetAtt': [string, string] } };
}
interface PolicyResource {
  Properties: { Roles: { Ref: string }[]; PolicyDocument: { Statement: { Action: string | string[] }[] } };
}
const functions = Object.entries(findAll('AWS::Lambda::Function') as Record<string, FunctionResource>);

/** The function whose description is the route's key (`GET /api/type`). */
function functionOf(key: string): [string, FunctionResource] {
  const found = functions.find(([, fn]) => fn.Properties.Description === key);
  if (!found) throw new Error(`no function for ${key}`);
  return found;
}

/** Every IAM action granted to a function's role by the stack's policies. */
function actionsOf(key: string): string[] {
  const [, fn] = functionOf(key);
  const roleRef = fn.Properties.Role['Fn::GetAtt'][0];
  const policies = Object.values(findAll('AWS::IAM::Policy') as Record<string, PolicyResource>).filter(
    (policy) => policy.Properties.Roles.some((role) => role.Ref === roleRef),
  );
  return policies.flatMap((policy) =>
    policy.Properties.PolicyDocument.Statement.flatMap((statement) => statement.Action),
  );
}

/** Whether a route's function may invoke the function whose logical id starts with `target`. */
function invokes(key: string, target: string): boolean {
  const [, fn] = functionOf(key);
  const roleRef = fn.Properties.Role['Fn::GetAtt'][0];
  return Object.values(findAll('AWS::IAM::Policy') as Record<string, PolicyResource>)
    .filter((policy) => policy.Properties.Roles.some((role) => role.Ref === roleRef))
    .some((policy) =>
      policy.Properties.PolicyDocument.Statement.some(
        (statement) =>
          JSON.stringify(statement.Action).includes('lambda:InvokeFunction') &&
          JSON.stringify((statement as { Resource?: unknown }).Resource).includes(target),
      ),
    );
}

describe('BoutiqueStack', () => {
  it('has built rows to deploy and lists the pending ones', () => {
    expect(built.length).toBeGreaterThan(0);
    expect(built.length + pending.length).toBe(routes.length);
  });

  it('makes one Lambda function per built route, with the house defaults', () => {
    expect(countAll('AWS::Lambda::Function')).toBe(built.length);
    // The root stack's only function is CDK's own, which copies the web build to its bucket.
    const rootFunctions = Object.values(template.findResources('AWS::Lambda::Function')).map(
      (f) => (f as { Properties: { Description?: string } }).Properties.Description ?? '',
    );
    expect(rootFunctions.filter((d) => d.includes('/api/'))).toEqual([]);
    expect(functions.map(([, fn]) => fn.Properties.Description).sort()).toEqual(
      built.map((route) => routeKey(route)).sort(),
    );
    for (const [, fn] of functions) {
      expect(fn.Properties).toMatchObject({
        Runtime: 'nodejs24.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
        MemorySize: 512,
        Timeout: 10,
        TracingConfig: { Mode: 'Active' },
        Environment: {
          Variables: {
            TABLE_NAME: { Ref: expect.any(String) },
            MEDIA_BUCKET: { Ref: expect.any(String) },
            POWERTOOLS_SERVICE_NAME: 'boutique',
          },
        },
        // Lambda's JSON lines: the runtime adds time, level and request id (functions/platform/logger.ts).
        LoggingConfig: {
          LogGroup: { Ref: expect.any(String) },
          LogFormat: 'JSON',
          ApplicationLogLevel: 'INFO',
          SystemLogLevel: 'INFO',
        },
      });
    }
  });

  it('bundles as many functions as `npm run synth` counts on its progress line', () => {
    const made = stack.node.findAll().filter((construct) => construct instanceof ApiFunction);
    expect(made).toHaveLength(bundleCount());
  });

  it('gives pending routes no function', () => {
    const descriptions = new Set(functions.map(([, fn]) => fn.Properties.Description));
    for (const route of pending) expect(descriptions.has(routeKey(route))).toBe(false);
  });

  it('keeps each function log for a month', () => {
    expect(countAll('AWS::Logs::LogGroup')).toBe(built.length);
    for (const t of routeTemplates) t.allResourcesProperties('AWS::Logs::LogGroup', { RetentionInDays: 30 });
  });

  it('makes one HTTP API route per built route, under /api', () => {
    template.resourceCountIs('AWS::ApiGatewayV2::Api', 1);
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', { ProtocolType: 'HTTP' });
    expect(countAll('AWS::ApiGatewayV2::Route')).toBe(built.length);
    const keys = Object.values(
      findAll('AWS::ApiGatewayV2::Route') as Record<string, { Properties: { RouteKey: string } }>,
    ).map((route) => route.Properties.RouteKey);
    expect(keys.sort()).toEqual(built.map((route) => `${route.method} /api${route.path}`).sort());
    expect(keys).toContain('GET /api/getTypeByGender');
    for (const t of routeTemplates) {
      t.allResourcesProperties('AWS::ApiGatewayV2::Integration', {
        IntegrationType: 'AWS_PROXY',
        PayloadFormatVersion: '2.0',
      });
    }
  });

  it('defines the single table with its keys, both GSIs and the TTL attribute', () => {
    template.resourceCountIs('AWS::DynamoDB::Table', 1);
    const index = (name: string, keys: { partitionKey: string; sortKey: string }) => ({
      IndexName: name,
      KeySchema: [
        { AttributeName: keys.partitionKey, KeyType: 'HASH' },
        { AttributeName: keys.sortKey, KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    });
    const attributes = [
      TABLE.partitionKey,
      TABLE.sortKey,
      ...Object.values(TABLE.indexes).flatMap((keys) => [keys.partitionKey, keys.sortKey]),
    ];
    template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: {
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'sk', KeyType: 'RANGE' },
        ],
        AttributeDefinitions: Match.arrayEquals(
          attributes.map((name) => ({ AttributeName: name, AttributeType: 'S' })),
        ),
        BillingMode: 'PAY_PER_REQUEST',
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
        DeletionProtectionEnabled: true,
        GlobalSecondaryIndexes: [index('gsi1', TABLE.indexes.gsi1), index('gsi2', TABLE.indexes.gsi2)],
      },
    });
  });

  it('keeps every bucket (media, private media, web, order journal, access logs) private, encrypted, TLS-only, retained and logged', () => {
    template.resourceCountIs('AWS::S3::Bucket', 5);
    template.allResources('AWS::S3::Bucket', { DeletionPolicy: 'Retain' });
    template.allResourcesProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
      },
    });
    const logged = Object.values(template.findResources('AWS::S3::Bucket')).filter(
      (b) => (b as { Properties: { LoggingConfiguration?: unknown } }).Properties.LoggingConfiguration,
    );
    expect(logged).toHaveLength(4);
    template.resourceCountIs('AWS::S3::BucketPolicy', 5);
    template.allResourcesProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Deny',
            Action: 's3:*',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
        ]),
      },
    });
  });

  it('grants each function exactly the table and bucket actions its row declares, storefront GETs only reads', () => {
    for (const route of built) {
      const actions = actionsOf(routeKey(route));
      if (readsOnly(route)) expect(actions).not.toContain('dynamodb:PutItem');
      // Exactly the table actions the code calls (test/iam checks every recorded call against them).
      expect(actions.filter((action) => action.startsWith('dynamodb:')).sort(), routeKey(route)).toEqual(
        tableActions(route.access).sort(),
      );
      const s3 = [...new Set(actions.filter((action) => action.startsWith('s3:')))].sort();
      const declared = [...(route.access.media ?? []), ...(route.access.privateMedia ?? [])];
      expect(s3, routeKey(route)).toEqual([...new Set(declared.map((word) => BUCKET_ACTIONS[word]))].sort());
      // Nothing the old coarse classes gave every write row: no batch writes nor deletes by default.
      if (!route.access.table.includes('batch-write'))
        expect(actions).not.toContain('dynamodb:BatchWriteItem');
    }
    const byKey = (key: string) => built.find((route) => routeKey(route) === key) as Route;
    expect(readsOnly(byKey('GET /api/type'))).toBe(true);
    expect(readsOnly(byKey('POST /api/member'))).toBe(false);
    expect(readsOnly(byKey('POST /api/secret'))).toBe(false);
    // Staff screens that only read and write the table sign no S3 links.
    expect(byKey('GET /api/audit-log').access.media).toBeUndefined();
    // The staff's product list reads (and renews the session): it may not write nor delete media.
    const list = actionsOf('GET /api/products');
    for (const action of [
      'dynamodb:PutItem',
      'dynamodb:DeleteItem',
      'dynamodb:BatchWriteItem',
      's3:DeleteObject',
    ])
      expect(list).not.toContain(action);
  });

  it('serves the app, /api and public /media through one CloudFront distribution with origin access control', () => {
    template.resourceCountIs('AWS::CloudFront::Distribution', 1);
    // The web bucket's and the media bucket's, and the on-demand page renderer's URL (the web
    // behaviour's failover origin: test/infra-pages.test.ts).
    template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 3);
    const [distribution] = Object.values(template.findResources('AWS::CloudFront::Distribution')) as {
      Properties: { DistributionConfig: Record<string, unknown> };
    }[];
    const config = distribution?.Properties.DistributionConfig as {
      DefaultRootObject: string;
      DefaultCacheBehavior: { ViewerProtocolPolicy: string; FunctionAssociations: unknown[] };
      CacheBehaviors: { PathPattern: string; ViewerProtocolPolicy: string; AllowedMethods: string[] }[];
    };
    expect(config.DefaultRootObject).toBe('index.html');
    expect(config.DefaultCacheBehavior.ViewerProtocolPolicy).toBe('redirect-to-https');
    // The SPA fallback (with the rendered pages) on the way in, the rendered pages' status on the way out.
    expect(
      (config.DefaultCacheBehavior.FunctionAssociations as { EventType: string }[]).map((f) => f.EventType),
    ).toEqual(['viewer-request', 'viewer-response']);
    const api = config.CacheBehaviors.find((b) => b.PathPattern === '/api/*');
    expect(api).toMatchObject({ ViewerProtocolPolicy: 'https-only' });
    expect(api?.AllowedMethods).toContain('DELETE');
    expect(config.CacheBehaviors.map((b) => b.PathPattern)).toContain('/media/*');
    // The SPA fallback rewrites file-less paths; the media function lets only public prefixes through.
    const code = Object.values(template.findResources('AWS::CloudFront::Function')).map(
      (f) => (f as { Properties: { FunctionCode: string } }).Properties.FunctionCode,
    );
    expect(code.some((c) => c.includes("'/index.html'") && c.includes("'/pages/pieces/'"))).toBe(true);
    expect(code.some((c) => c.includes("response.headers['x-amz-meta-status']"))).toBe(true);
    expect(code.some((c) => c.includes('collection_images/') && !c.includes('authenticity'))).toBe(true);
  });

  it('keeps /media answers as long as their objects say: a picture set’s variants a year', () => {
    const [distribution] = Object.values(template.findResources('AWS::CloudFront::Distribution')) as {
      Properties: {
        DistributionConfig: { CacheBehaviors: { PathPattern: string; CachePolicyId: string }[] };
      };
    }[];
    const mediaBehaviour = distribution?.Properties.DistributionConfig.CacheBehaviors.find(
      (b) => b.PathPattern === '/media/*',
    );
    // AWS's managed CachingOptimized: the origin's Cache-Control max-age is honoured up to its
    // maximum TTL of one year (the variants are stored with `max-age=31536000, immutable`); an
    // object without one stays a day. S3 hands the object's Cache-Control on to the browser.
    expect(mediaBehaviour?.CachePolicyId).toBe(CachePolicy.CACHING_OPTIMIZED.cachePolicyId);
  });

  it('sets the security headers: CSP with exactly Stripe for the checkout, HSTS for a year, no framing, nosniff', () => {
    const [policy] = Object.values(template.findResources('AWS::CloudFront::ResponseHeadersPolicy')) as {
      Properties: {
        ResponseHeadersPolicyConfig: { SecurityHeadersConfig: Record<string, Record<string, unknown>> };
      };
    }[];
    const headers = policy?.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig ?? {};
    const csp = JSON.stringify(headers.ContentSecurityPolicy?.ContentSecurityPolicy);
    expect(csp).toContain("default-src 'self'");
    // And the one inline script, by its hash: the rendered pages' start (shared/pages/start-app.ts).
    expect(csp).toContain(`script-src 'self' ${START_APP_SCRIPT_HASH} https://js.stripe.com`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(headers.StrictTransportSecurity).toMatchObject({
      AccessControlMaxAgeSec: 31536000,
      Override: true,
    });
    expect(headers.FrameOptions).toMatchObject({ FrameOption: 'DENY' });
    expect(headers.ContentTypeOptions).toMatchObject({ Override: true });
    expect(headers.ReferrerPolicy).toMatchObject({ ReferrerPolicy: 'strict-origin-when-cross-origin' });
  });

  it('deploys the web build with a year of cache for hashed assets and none for index.html', () => {
    const deployments = Object.values(template.findResources('Custom::CDKBucketDeployment')).map(
      (d) => (d as { Properties: { SystemMetadata?: Record<string, string> } }).Properties.SystemMetadata,
    );
    expect(deployments).toEqual(
      expect.arrayContaining([
        { 'cache-control': 'public, max-age=31536000, immutable' },
        { 'cache-control': 'no-cache' },
      ]),
    );
  });

  it("versions the media bucket and lets the shop's pages PUT to it (presigned uploads)", () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      VersioningConfiguration: { Status: 'Enabled' },
      CorsConfiguration: {
        CorsRules: [
          Match.objectLike({ AllowedMethods: ['PUT', 'GET'], AllowedOrigins: ['https://*.cloudfront.net'] }),
        ],
      },
    });
  });

  it('logs every API request and throttles the default stage', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('requestId') },
      DefaultRouteSettings: { ThrottlingBurstLimit: 200, ThrottlingRateLimit: 100 },
    });
  });

  it("alarms on API 5xx, Lambda throttles and each function's errors, to one topic", () => {
    const alarms = Object.values(template.findResources('AWS::CloudWatch::Alarm')).map(
      (a) => (a as { Properties: { MetricName: string; Namespace: string } }).Properties,
    );
    // Each scheduled job (mail sweep, reconciliation, overdue check, release sender, release draws), the picture
    // sets, the mail feedback and the reset-link job alarm on their errors and their dead letters; the reconciliation
    // also on any payment it had to settle (the webhooks are failing), the overdue check on any
    // paid order waiting too long; the passport signer (invoked synchronously, no dead letters)
    // on its errors, refusals included; the public pages' functions (on change and daily) on
    // their errors and on the changes or runs given up, and the edge's on-demand page renderer on
    // its errors (test/infra-pages.test.ts); the restore validation (issue 49) on its errors, its
    // dead letters and each failed restore test; the order journal (issue 49) on its errors and
    // the order changes given up; the restore's two steps run by hand (issue 49) on their errors.
    expect(alarms.map((a) => `${a.Namespace} ${a.MetricName}`).sort()).toEqual([
      'AWS/ApiGateway 5xx',
      ...Array(18).fill('AWS/Lambda Errors'),
      'AWS/Lambda Throttles',
      ...Array(14).fill('AWS/SQS ApproximateNumberOfMessagesVisible'),
      'OneOfOne OverdueOrders',
      'OneOfOne PaymentsFoundByReconciliation',
      'OneOfOne RestoreValidationFailed',
    ]);
    expect(countAll('AWS::CloudWatch::Alarm')).toBe(built.length);
    // The alarm topic, and the mail feedback's (SES bounces and complaints → the suppression list).
    template.resourceCountIs('AWS::SNS::Topic', 2);
  });

  it('sends SES bounces and complaints through a topic to the function that suppresses the address', () => {
    template.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
      EventDestination: Match.objectLike({
        Enabled: true,
        MatchingEventTypes: Match.arrayWith(['bounce', 'complaint']),
        SnsDestination: Match.anyValue(),
      }),
    });
    const [fnId] = Object.entries(template.findResources('AWS::Lambda::Function')).find(([, f]) =>
      String((f as { Properties: { Description?: string } }).Properties.Description).startsWith(
        'On a bounce or complaint from SES',
      ),
    ) as [string, unknown];
    template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'lambda',
      Endpoint: { 'Fn::GetAtt': [fnId, 'Arn'] },
    });
  });

  it.each([
    ['Scheduled: sends the mail of paid orders whose sender failed', 'rate(5 minutes)', false],
    [
      'Scheduled: completes, refunds or closes orders whose provider payment no webhook settled',
      'rate(1 minute)',
      true,
    ],
    ['Scheduled: counts paid orders waiting to ship longer than 7 business days', 'rate(1 day)', false],
    ['Scheduled: mails announced releases to the confirmed members, at a set rate', 'rate(1 minute)', true],
    [RELEASE_DRAWS, 'rate(1 minute)', true],
    [PASSPORT_JOB, 'rate(5 minutes)', false],
  ])(
    'runs "%s" on %s, asynchronously, with retries and a dead-letter queue that alarms',
    (description, rate, secrets) => {
      const [fnId, fn] = Object.entries(template.findResources('AWS::Lambda::Function')).find(
        ([, f]) => (f as { Properties: { Description?: string } }).Properties.Description === description,
      ) as [
        string,
        { Properties: { Runtime: string; Architectures: string[]; Environment: { Variables: object } } },
      ];
      expect(fn.Properties).toMatchObject({ Runtime: 'nodejs24.x', Architectures: ['arm64'] });
      expect('SHOP_SECRETS_ARN' in fn.Properties.Environment.Variables).toBe(secrets);
      const fnArn = { 'Fn::GetAtt': [fnId, 'Arn'] };
      const [, rule] = Object.entries(template.findResources('AWS::Events::Rule')).find(([, r]) =>
        JSON.stringify(r).includes(JSON.stringify(fnArn)),
      ) as [
        string,
        { Properties: { ScheduleExpression: string; Targets: { DeadLetterConfig: { Arn: unknown } }[] } },
      ];
      expect(rule.Properties.ScheduleExpression).toBe(rate);
      const queueArn = rule.Properties.Targets[0]?.DeadLetterConfig.Arn as { 'Fn::GetAtt': [string, string] };
      const queueId = queueArn['Fn::GetAtt'][0];
      expect(template.findResources('AWS::SQS::Queue')[queueId]?.Properties.SqsManagedSseEnabled).toBe(true);
      template.hasResourceProperties('AWS::Events::Rule', {
        ScheduleExpression: rate,
        Targets: [
          Match.objectLike({ DeadLetterConfig: { Arn: queueArn }, RetryPolicy: { MaximumRetryAttempts: 2 } }),
        ],
      });
      template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
        MaximumRetryAttempts: 2,
        DestinationConfig: { OnFailure: { Destination: queueArn } },
      });
      template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        Namespace: 'AWS/SQS',
        MetricName: 'ApproximateNumberOfMessagesVisible',
        Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [queueId, 'QueueName'] } }],
        Threshold: 1,
        AlarmActions: [Match.anyValue()],
      });
    },
  );

  it('gives the reconciliation one vCPU (1,769 MB) for the owners’ password hashes it settles side by side', () => {
    template.hasResourceProperties('AWS::Lambda::Function', {
      Description: 'Scheduled: completes, refunds or closes orders whose provider payment no webhook settled',
      MemorySize: 1769,
      Timeout: 50,
    });
  });

  it("gives the release draws drand's quicknet, pinned, and the public bucket's draws/ files only", () => {
    template.hasResourceProperties('AWS::Lambda::Function', {
      Description: RELEASE_DRAWS,
      Environment: { Variables: Match.objectLike({ ...DRAND_QUICKNET, MEDIA_BUCKET: Match.anyValue() }) },
    });
    const [fnId, fn] = Object.entries(template.findResources('AWS::Lambda::Function')).find(
      ([, f]) => (f as { Properties: { Description?: string } }).Properties.Description === RELEASE_DRAWS,
    ) as [string, { Properties: { Role: { 'Fn::GetAtt': [string, string] } } }];
    expect(fnId).toMatch(/^ReleaseDrawsFunction/);
    const roleRef = fn.Properties.Role['Fn::GetAtt'][0];
    const statements = Object.values(
      template.findResources('AWS::IAM::Policy') as Record<
        string,
        {
          Properties: {
            Roles: { Ref: string }[];
            PolicyDocument: { Statement: { Action: string | string[]; Resource: unknown }[] };
          };
        }
      >,
    )
      .filter((policy) => policy.Properties.Roles.some((role) => role.Ref === roleRef))
      .flatMap((policy) => policy.Properties.PolicyDocument.Statement);
    const objects = statements.filter((st) =>
      [st.Action].flat().some((a) => a.startsWith('s3:') && a !== 's3:ListBucket'),
    );
    expect(objects.flatMap((st) => [st.Action].flat()).sort()).toEqual(['s3:GetObject', 's3:PutObject']);
    for (const st of objects) expect(JSON.stringify(st.Resource)).toContain('/draws/*');
  });

  it('gives the passport job the signer, the sequencer, and the photographs only: authenticity/* read, passport/photos/* written', () => {
    const [fnId, fn] = Object.entries(template.findResources('AWS::Lambda::Function')).find(
      ([, f]) => (f as { Properties: { Description?: string } }).Properties.Description === PASSPORT_JOB,
    ) as [
      string,
      {
        Properties: {
          Role: { 'Fn::GetAtt': [string, string] };
          Environment: { Variables: Record<string, unknown> };
        };
      },
    ];
    expect(fnId).toMatch(/^PassportCertificatesFunction/);
    const env = fn.Properties.Environment.Variables;
    for (const name of [
      'PASSPORT_SIGNER_FUNCTION',
      'SEQUENCE_LOG_FUNCTION',
      'MEDIA_BUCKET',
      'PRIVATE_MEDIA_BUCKET',
    ])
      expect(env[name], name).toBeDefined();
    const roleRef = fn.Properties.Role['Fn::GetAtt'][0];
    const statements = Object.values(
      template.findResources('AWS::IAM::Policy') as Record<
        string,
        {
          Properties: {
            Roles: { Ref: string }[];
            PolicyDocument: { Statement: { Action: string | string[]; Resource: unknown }[] };
          };
        }
      >,
    )
      .filter((policy) => policy.Properties.Roles.some((role) => role.Ref === roleRef))
      .flatMap((policy) => policy.Properties.PolicyDocument.Statement);
    // Each resource an action is granted on (CDK may merge statements of one action).
    const resources = (action: string) =>
      statements
        .filter((st) => [st.Action].flat().includes(action))
        .flatMap((st) => [st.Resource].flat().map((resource) => JSON.stringify(resource)));
    expect(resources('s3:GetObject')).toEqual([expect.stringContaining('/authenticity/*')]);
    expect(resources('s3:PutObject')).toEqual([expect.stringContaining('/passport/photos/*')]);
    expect(resources('s3:DeleteObject')).toEqual([]);
    // The signer and the log's sequencer.
    expect(resources('lambda:InvokeFunction')).toHaveLength(2);
    expect(resources('kms:Sign')).toEqual([]);
  });

  it('alarms when the reconciliation settled a payment that no webhook had', () => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'OneOfOne',
      MetricName: 'PaymentsFoundByReconciliation',
      Dimensions: [{ Name: 'service', Value: 'payments-reconciliation' }],
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      AlarmActions: [Match.anyValue()],
    });
  });

  describe('the picture sets', () => {
    const functionsOfRoot = Object.entries(template.findResources('AWS::Lambda::Function')) as [
      string,
      { Properties: Record<string, unknown> & { Description?: string; Role: { 'Fn::GetAtt': [string] } } },
    ][];
    const [fnId, fn] = functionsOfRoot.find(([, f]) =>
      f.Properties.Description?.startsWith('On upload: makes the responsive picture set'),
    ) ?? ['', { Properties: {} as never }];
    const fnArn = { 'Fn::GetAtt': [fnId, 'Arn'] };
    const bucketId = (prefix: string) =>
      Object.keys(template.findResources('AWS::S3::Bucket')).find((id) => id.startsWith(prefix)) as string;
    const media = bucketId('MediaBucket');
    const privateMedia = bucketId('PrivateMediaBucket');

    it('are made by a function of their own: Node 24 on arm64, 2,048 MB, 60 s, traced, logged in JSON', () => {
      expect(fnId).not.toBe('');
      expect(fn.Properties).toMatchObject({
        Runtime: 'nodejs24.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
        MemorySize: 2048,
        Timeout: 60,
        TracingConfig: { Mode: 'Active' },
        LoggingConfig: { LogFormat: 'JSON', ApplicationLogLevel: 'INFO' },
        Environment: {
          Variables: {
            MEDIA_BUCKET: { Ref: media },
            PRIVATE_MEDIA_BUCKET: { Ref: privateMedia },
          },
        },
      });
      // Not an API route, and no table or secret: it only turns pictures into pictures.
      const variables = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(Object.keys(variables).sort()).toEqual(
        ['MEDIA_BUCKET', 'POWERTOOLS_SERVICE_NAME', 'PRIVATE_MEDIA_BUCKET'].sort(),
      );
    });

    it('start when a picture is stored: collection_images/ of the media bucket, authenticity/ of the private one', () => {
      const notifications = Object.values(template.findResources('Custom::S3BucketNotifications')) as {
        Properties: { BucketName: { Ref: string }; NotificationConfiguration: Record<string, unknown> };
      }[];
      const byBucket = Object.fromEntries(
        notifications.map((n) => [n.Properties.BucketName.Ref, n.Properties.NotificationConfiguration]),
      );
      const on = (prefix: string) => ({
        // Kept on for AWS Backup's continuous backups of the buckets (infra/constructs/table-backups.ts).
        EventBridgeConfiguration: {},
        LambdaFunctionConfigurations: [
          {
            Events: ['s3:ObjectCreated:*'],
            Filter: { Key: { FilterRules: [{ Name: 'prefix', Value: prefix }] } },
            LambdaFunctionArn: fnArn,
          },
        ],
      });
      const [journal] = Object.keys(template.findResources('AWS::S3::Bucket')).filter((id) =>
        id.startsWith('JournalBucket'),
      );
      expect(byBucket).toEqual({
        [media]: on('collection_images/'),
        [privateMedia]: on('authenticity/'),
        // The order journal: no function, only the notifications AWS Backup's continuous backup turns on.
        [journal as string]: { EventBridgeConfiguration: {} },
      });
      // Only these two buckets, and only from this account, may invoke it.
      const permissions = Object.values(template.findResources('AWS::Lambda::Permission')).filter(
        (p) =>
          JSON.stringify((p as { Properties: { FunctionName: unknown } }).Properties.FunctionName) ===
          JSON.stringify(fnArn),
      ) as { Properties: Record<string, unknown> }[];
      expect(permissions.map((p) => p.Properties)).toEqual(
        expect.arrayContaining(
          [media, privateMedia].map((bucket) =>
            expect.objectContaining({
              Action: 'lambda:InvokeFunction',
              Principal: 's3.amazonaws.com',
              SourceAccount: { Ref: 'AWS::AccountId' },
              SourceArn: { 'Fn::GetAtt': [bucket, 'Arn'] },
            }),
          ),
        ),
      );
      expect(permissions).toHaveLength(2);
    });

    it('are retried twice, then dead-lettered to an encrypted queue that alarms at its first message', () => {
      const [config] = Object.values(template.findResources('AWS::Lambda::EventInvokeConfig')).filter((c) =>
        JSON.stringify(c).includes(`"${fnId}"`),
      ) as {
        Properties: {
          MaximumRetryAttempts: number;
          DestinationConfig: { OnFailure: { Destination: unknown } };
        };
      }[];
      expect(config?.Properties.MaximumRetryAttempts).toBe(2);
      const queueArn = config?.Properties.DestinationConfig.OnFailure.Destination as {
        'Fn::GetAtt': [string, string];
      };
      const queueId = queueArn['Fn::GetAtt'][0];
      expect(template.findResources('AWS::SQS::Queue')[queueId]?.Properties.SqsManagedSseEnabled).toBe(true);
      template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        Namespace: 'AWS/SQS',
        MetricName: 'ApproximateNumberOfMessagesVisible',
        Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [queueId, 'QueueName'] } }],
        Threshold: 1,
        AlarmActions: [Match.anyValue()],
      });
      template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        Namespace: 'AWS/Lambda',
        MetricName: 'Errors',
        Dimensions: [{ Name: 'FunctionName', Value: { Ref: fnId } }],
        Threshold: 1,
        AlarmActions: [Match.anyValue()],
      });
    });

    it('may read, write and delete objects only under the two picture prefixes, and nothing of the table', () => {
      const roleId = fn.Properties.Role['Fn::GetAtt'][0];
      const statements = Object.values(template.findResources('AWS::IAM::Policy'))
        .filter((p) =>
          JSON.stringify((p as { Properties: { Roles: unknown } }).Properties.Roles).includes(roleId),
        )
        .flatMap(
          (p) =>
            (p as { Properties: { PolicyDocument: { Statement: Record<string, unknown>[] } } }).Properties
              .PolicyDocument.Statement,
        );
      const objects = (bucket: string, prefix: string) => ({
        'Fn::Join': ['', [{ 'Fn::GetAtt': [bucket, 'Arn'] }, `/${prefix}*`]],
      });
      expect(statements).toEqual(
        expect.arrayContaining([
          {
            Effect: 'Allow',
            Action: ['s3:DeleteObject', 's3:GetObject', 's3:PutObject'],
            Resource: [objects(media, 'collection_images/'), objects(privateMedia, 'authenticity/')],
          },
          // A HeadObject of an original deleted meanwhile answers 404 only to a caller that may list.
          {
            Effect: 'Allow',
            Action: 's3:ListBucket',
            Resource: [{ 'Fn::GetAtt': [media, 'Arn'] }, { 'Fn::GetAtt': [privateMedia, 'Arn'] }],
          },
        ]),
      );
      const actions = statements.flatMap((st) => st.Action as string | string[]).sort();
      expect(actions).toEqual(
        [
          's3:DeleteObject',
          's3:GetObject',
          's3:PutObject',
          's3:ListBucket',
          // Lambda's delivery of a failed event to the dead letters, and active tracing.
          'sqs:GetQueueAttributes',
          'sqs:GetQueueUrl',
          'sqs:SendMessage',
          'xray:PutTelemetryRecords',
          'xray:PutTraceSegments',
        ].sort(),
      );
    });
  });

  it('lets only the functions that reach the providers or count per-client limits read the shop secret', () => {
    for (const route of built) {
      const [, fn] = functionOf(routeKey(route));
      const env = (fn.Properties as unknown as { Environment: { Variables: Record<string, unknown> } })
        .Environment.Variables;
      const reads = actionsOf(routeKey(route)).includes('secretsmanager:GetSecretValue');
      expect(reads, routeKey(route)).toBe(route.access.secrets === true);
      expect('SHOP_SECRETS_ARN' in env, routeKey(route)).toBe(route.access.secrets === true);
    }
    // CloudFront proves itself to the API with the secret's generated value.
    const [distribution] = Object.values(template.findResources('AWS::CloudFront::Distribution'));
    expect(JSON.stringify(distribution)).toMatch(/x-origin-verify.*resolve:secretsmanager.*ORIGIN_VERIFY/);
  });

  it('creates every mail template in SES and lets only the mail senders send, with those templates', () => {
    const templates = Object.values(template.findResources('AWS::SES::Template')) as {
      Properties: { Template: { TemplateName: string; SubjectPart: string; TextPart: string } };
    }[];
    expect(templates.map((t) => t.Properties.Template.TemplateName).sort()).toEqual(
      Object.keys(MAIL_TEMPLATES)
        .map((name) => `boutique-dev-${name}`)
        .sort(),
    );
    // Signed with the deployment's shop name, which sendMail gives every template.
    for (const t of templates) expect(t.Properties.Template.TextPart).toContain('{{shop}}');
    const senders = built.filter((route) => route.access.mail);
    expect(senders.map((route) => route.handler)).toEqual(
      expect.arrayContaining([
        'checkout/webhooks/stripe',
        'authenticity/http/transfer',
        'authenticity/http/confirm-reset',
      ]),
    );
    for (const route of built) {
      const [, fn] = functionOf(routeKey(route));
      const env = (fn.Properties as unknown as { Environment: { Variables: Record<string, unknown> } })
        .Environment.Variables;
      expect(actionsOf(routeKey(route)).includes('ses:SendEmail'), routeKey(route)).toBe(
        route.access.mail === true,
      );
      expect(env.MAIL_TEMPLATE_PREFIX, routeKey(route)).toBe(route.access.mail ? 'boutique-dev' : undefined);
    }
  });

  it('lets only the opening checklist read the mail identity, and gives it the shop’s addresses and sister sites (issue 45)', () => {
    const readers = built.filter((route) => actionsOf(routeKey(route)).includes('ses:GetEmailIdentity'));
    expect(readers.map((route) => route.handler)).toEqual(['staff/admin/opening-checklist']);
    const [, fn] = functionOf('GET /api/opening');
    const env = (fn.Properties as unknown as { Environment: { Variables: Record<string, unknown> } })
      .Environment.Variables;
    expect(env).toMatchObject({
      MAIL_FROM: expect.any(String),
      ORDERS_EMAIL: expect.any(String),
      SISTER_SITES: '[]',
    });
    expect(actionsOf('GET /api/opening')).not.toContain('ses:SendEmail');
  });

  it('lets only /reset-pwd and the login link’s request start the reset-link job, which alone mails the links (issues 36, 44), and only the passport signing handlers call the signer (issue 37)', () => {
    const starters = built.filter((route) => invokes(routeKey(route), 'ResetLinkFunction'));
    expect(starters.map((route) => route.handler).sort()).toEqual([
      'authenticity/http/login-link',
      'authenticity/http/reset-password',
    ]);
    const signers = built.filter((route) => invokes(routeKey(route), 'PassportSignerFunction'));
    expect(signers.map((route) => route.handler).sort()).toEqual([...PASSPORT_SIGNING_HANDLERS].sort());
    for (const route of signers) {
      const [, fn] = functionOf(routeKey(route));
      const variables = (fn.Properties as unknown as { Environment: { Variables: Record<string, unknown> } })
        .Environment.Variables;
      expect(variables.PASSPORT_SIGNER_FUNCTION, route.handler).toBeDefined();
      expect(variables.RESET_LINK_FUNCTION, route.handler).toBeUndefined();
    }
    const [, resetRoute] = functionOf('POST /api/reset-pwd');
    const env = (resetRoute.Properties as unknown as { Environment: { Variables: Record<string, unknown> } })
      .Environment.Variables;
    expect(env.RESET_LINK_FUNCTION).toBeDefined();
    expect(actionsOf('POST /api/reset-pwd')).not.toContain('ses:SendEmail');
    expect(actionsOf('POST /api/authenticationcard/login-link')).not.toContain('ses:SendEmail');
  });

  it('lets exactly the functions that append to the passport log start its sequencer (issue 37)', () => {
    const starters = built.filter((route) => invokes(routeKey(route), 'PassportLogFunction'));
    expect(starters.map((route) => route.handler).sort()).toEqual([...SEQUENCER_STARTERS].sort());
    for (const route of starters) {
      const [, fn] = functionOf(routeKey(route));
      const env = (fn.Properties as unknown as { Environment: { Variables: Record<string, unknown> } })
        .Environment.Variables;
      expect(env.SEQUENCE_LOG_FUNCTION, route.handler).toBeDefined();
    }
  });

  it("keeps the passport's signing key and the log's Ed25519 key, and lets its signer alone kms:Sign with them (issues 37, 44)", () => {
    template.resourceCountIs('AWS::KMS::Key', 2);
    template.hasResource('AWS::KMS::Key', {
      Properties: { KeySpec: 'ECC_NIST_P256', KeyUsage: 'SIGN_VERIFY' },
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
    });
    template.hasResource('AWS::KMS::Key', {
      Properties: {
        KeySpec: 'ECC_NIST_EDWARDS25519',
        KeyUsage: 'SIGN_VERIFY',
        Tags: Match.arrayWith([{ Key: 'Purpose', Value: 'passport-signing' }]),
      },
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
    });
    template.hasResourceProperties('AWS::KMS::Alias', { AliasName: 'alias/boutique-dev-passport' });
    template.hasResourceProperties('AWS::KMS::Alias', { AliasName: 'alias/boutique-dev-passport-log' });
    const keyIdOf = (spec: string) =>
      Object.entries(template.findResources('AWS::KMS::Key')).find(
        ([, key]) => (key as { Properties: { KeySpec: string } }).Properties.KeySpec === spec,
      )?.[0];
    const keyId = keyIdOf('ECC_NIST_P256');
    const [signerId, signer] = Object.entries(
      template.findResources('AWS::Lambda::Function') as Record<string, FunctionResource>,
    ).find(([id]) => id.startsWith('PassportSignerFunction')) ?? [undefined, undefined];
    expect(signerId).toBeDefined();
    expect(
      (signer as unknown as { Properties: { Environment: { Variables: Record<string, unknown> } } })
        .Properties.Environment.Variables.PASSPORT_KEY_ID,
    ).toEqual({ Ref: keyId });
    expect(
      (signer as unknown as { Properties: { Environment: { Variables: Record<string, unknown> } } })
        .Properties.Environment.Variables.PASSPORT_LOG_KEY_ID,
    ).toEqual({ Ref: keyIdOf('ECC_NIST_EDWARDS25519') });
    // The deployment's key carries the tag the signer's grants are conditioned on.
    template.hasResourceProperties('AWS::KMS::Key', {
      Tags: Match.arrayWith([{ Key: 'Purpose', Value: 'passport-signing' }]),
    });
    // Every statement of every policy of the stack and its nested stacks that could let a role sign.
    interface Statement {
      Action: string | string[];
      Resource: unknown;
      Condition?: unknown;
    }
    const signing = [template, ...routeTemplates].flatMap((t) =>
      Object.values(t.findResources('AWS::IAM::Policy')).flatMap((policy) => {
        const { Roles, PolicyDocument } = (
          policy as { Properties: { Roles: { Ref: string }[]; PolicyDocument: { Statement: Statement[] } } }
        ).Properties;
        return PolicyDocument.Statement.filter((statement) =>
          [statement.Action].flat().some((action) => /^(\*|kms:\*|kms:Sign\*?)$/.test(action)),
        ).map((statement) => ({
          roles: Roles.map((role) => role.Ref),
          resource: statement.Resource,
          condition: statement.Condition,
        }));
      }),
    );
    // The signer alone, on the keys tagged for the passport alone.
    expect(signing).toEqual([
      {
        roles: [signer?.Properties.Role['Fn::GetAtt'][0]],
        resource: '*',
        condition: { StringEquals: { 'aws:ResourceTag/Purpose': 'passport-signing' } },
      },
    ]);
  });

  it("keeps every stack under CloudFormation's 500-resource limit, with room to grow", () => {
    const counts = [template, ...routeTemplates].map((t) => Object.keys(t.toJSON().Resources).length);
    for (const count of counts) expect(count).toBeLessThan(400);
    expect(routeTemplates.length).toBeGreaterThan(1);
  });

  it('outputs the shop and API URLs, table and bucket names, and where the provider keys go', () => {
    for (const name of ['ShopUrl', 'ApiUrl', 'TableName', 'MediaBucketName', 'ShopSecretsArn']) {
      template.hasOutput(name, {});
    }
  });
});

describe("the passport signer's callers (issue 37)", () => {
  it('may invoke the signer and read the public key, never kms:Sign', () => {
    const small = new Stack(new App({ context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [] } }), 'S');
    const signer = new PassportSigner(small, 'PassportSigner', {
      alarmTopic: new Topic(small, 'T'),
      stage: 'dev',
      table: new Table(small, 'Table', { partitionKey: { name: 'pk', type: AttributeType.STRING } }),
      mediaBucket: new Bucket(small, 'Media'),
      shopUrl: 'https://shop.example',
      shopEnvironment: { SHOP_NAME: 'Shop', SUPPORT_EMAIL: 'help@shop.example' },
    });
    const caller = new LambdaFunction(small, 'Caller', {
      runtime: Runtime.NODEJS_24_X,
      handler: 'index.handler',
      code: Code.fromInline('export const handler = () => 1;'),
    });
    signer.allowSigning(caller);
    const t = Template.fromStack(small);
    const keyId = Object.entries(t.findResources('AWS::KMS::Key')).find(
      ([, key]) => (key as { Properties: { KeySpec: string } }).Properties.KeySpec === 'ECC_NIST_P256',
    )?.[0] as string;
    const signerId = Object.keys(t.findResources('AWS::Lambda::Function')).find((id) =>
      id.startsWith('PassportSignerFunction'),
    ) as string;
    t.hasResourceProperties('AWS::Lambda::Function', {
      Role: { 'Fn::GetAtt': [Match.stringLikeRegexp('^CallerServiceRole'), 'Arn'] },
      Environment: {
        Variables: { PASSPORT_SIGNER_FUNCTION: { Ref: signerId }, PASSPORT_KEY_ID: { Ref: keyId } },
      },
    });
    const callerStatements = Object.values(t.findResources('AWS::IAM::Policy'))
      .map(
        (p) =>
          (p as { Properties: { Roles: { Ref: string }[]; PolicyDocument: { Statement: unknown[] } } })
            .Properties,
      )
      .filter((p) => p.Roles.some((role) => role.Ref.startsWith('CallerServiceRole')))
      .flatMap((p) => p.PolicyDocument.Statement);
    expect(callerStatements).toEqual([
      expect.objectContaining({
        Action: 'lambda:InvokeFunction',
        Resource: { 'Fn::GetAtt': [signerId, 'Arn'] },
      }),
      expect.objectContaining({ Action: 'kms:GetPublicKey', Resource: { 'Fn::GetAtt': [keyId, 'Arn'] } }),
    ]);
  });
});

describe('BoutiqueStack with a mail domain', () => {
  it("gives the identity the feedback's configuration set, and every mail grant the set too", () => {
    const withDomain = new App({ context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [] } });
    const shop = new BoutiqueStack(withDomain, 'MailDomainStack', { mailDomain: 'oneofone.example' });
    const top = Template.fromStack(shop);
    top.hasResourceProperties('AWS::SES::EmailIdentity', {
      ConfigurationSetAttributes: { ConfigurationSetName: Match.anyValue() },
    });
    // Each statement that allows ses:SendEmail names a configuration-set resource.
    const statements = [top, ...shop.routeStacks.map((nested) => Template.fromStack(nested))].flatMap((t) =>
      Object.values(t.findResources('AWS::IAM::Policy')).flatMap(
        (p) =>
          (p as { Properties: { PolicyDocument: { Statement: { Action: unknown; Resource: unknown }[] } } })
            .Properties.PolicyDocument.Statement,
      ),
    );
    const sends = statements.filter((s) => JSON.stringify(s.Action) === JSON.stringify('ses:SendEmail'));
    expect(sends.length).toBeGreaterThan(5);
    for (const s of sends) expect(JSON.stringify(s.Resource)).toContain('configuration-set/');
  });
});

describe('BoutiqueStack on release day: storefront reads from the edge, the payment path keeps its capacity', () => {
  interface Behaviour {
    PathPattern: string;
    CachePolicyId: unknown;
    OriginRequestPolicyId?: unknown;
    ResponseHeadersPolicyId?: unknown;
    AllowedMethods: string[];
    CachedMethods: string[];
    FunctionAssociations?: { EventType: string; FunctionARN: { 'Fn::GetAtt': [string, string] } }[];
  }
  interface PolicyConfig {
    MinTTL: number;
    DefaultTTL: number;
    MaxTTL: number;
    ParametersInCacheKeyAndForwardedToOrigin: {
      CookiesConfig: { CookieBehavior: string };
      HeadersConfig: { HeaderBehavior: string };
      QueryStringsConfig: { QueryStringBehavior: string; QueryStrings?: string[] };
      EnableAcceptEncodingGzip: boolean;
      EnableAcceptEncodingBrotli: boolean;
    };
  }
  const [distribution] = Object.values(template.findResources('AWS::CloudFront::Distribution')) as {
    Properties: {
      DistributionConfig: {
        DefaultCacheBehavior: Omit<Behaviour, 'PathPattern'>;
        CacheBehaviors: Behaviour[];
        CustomErrorResponses?: { ErrorCode: number; ErrorCachingMinTTL: number }[];
      };
    };
  }[];
  const config = distribution?.Properties.DistributionConfig;
  const behaviours = config?.CacheBehaviors ?? [];
  const cachePolicies = Object.fromEntries(
    Object.entries(template.findResources('AWS::CloudFront::CachePolicy')).map(([id, policy]) => [
      id,
      (policy as { Properties: { CachePolicyConfig: PolicyConfig } }).Properties.CachePolicyConfig,
    ]),
  );
  const [originPolicyId] = Object.keys(template.findResources('AWS::CloudFront::OriginRequestPolicy'));
  const securityHeadersId = Object.keys(
    template.findResources('AWS::CloudFront::ResponseHeadersPolicy'),
  ).find((id) => id.includes('SecurityHeaders'));
  const disabled = CachePolicy.CACHING_DISABLED.cachePolicyId;

  /** CloudFront's rule, written again here: the first behaviour whose pattern matches the path. */
  const glob = (pattern: string) => {
    const escaped = pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));
    return new RegExp(`^${escaped.join('.*')}$`);
  };
  const behaviourOf = (route: Route) => {
    const path = `/api${route.path.replace(/\{[^}]+\}/g, 'x')}`;
    return behaviours.find((b) => glob(b.PathPattern).test(path));
  };
  const policyOf = (b: Behaviour | undefined) =>
    cachePolicies[(b?.CachePolicyId as { Ref: string } | undefined)?.Ref ?? ''];
  const reads = built.filter((route) => route.edge);
  const others = built.filter((route) => !route.edge);

  it('caches 19 storefront reads, each under a behaviour keyed by its path and exactly its query, no cookie, no header, kept at most its bound', () => {
    expect(reads).toHaveLength(19);
    for (const route of reads) {
      const where = routeKey(route);
      const behaviour = behaviourOf(route);
      expect(behaviour?.PathPattern, where).toBe(`/api${route.path.replace('{id}', '*')}`);
      expect(behaviour?.CachedMethods, where).toEqual(['GET', 'HEAD']);
      const policy = policyOf(behaviour);
      expect(policy, where).toEqual({
        Name: expect.anything(),
        Comment: expect.any(String),
        MinTTL: 0,
        DefaultTTL: 0,
        MaxTTL: staleBoundOf(route.edge?.cache ?? 'availability'),
        ParametersInCacheKeyAndForwardedToOrigin: {
          CookiesConfig: { CookieBehavior: 'none' },
          HeadersConfig: { HeaderBehavior: 'none' },
          // The query in the key is the read's own: the viewer-request function removed the rest.
          QueryStringsConfig: { QueryStringBehavior: 'all' },
          EnableAcceptEncodingGzip: true,
          EnableAcceptEncodingBrotli: true,
        },
      });
    }
    // Spelled out for two: a piece's sale shows within 3 s, a collection's change within 60 s.
    const byPath = (path: string) => policyOf(behaviours.find((b) => b.PathPattern === path));
    expect(byPath('/api/is-sold')).toMatchObject({ MaxTTL: 3 });
    expect(byPath('/api/products/*')).toMatchObject({ MaxTTL: 3 });
    expect(byPath('/api/sizes-by-type')).toMatchObject({ MaxTTL: 60 });
  });

  it("cuts every read down to its key at the edge (its own query, no cookie, no API header); a write on a read's path passes", () => {
    const code = readKeyOnlyCode(apiBehaviours(routes));
    const functions = Object.entries(template.findResources('AWS::CloudFront::Function')) as [
      string,
      { Properties: { FunctionCode: string } },
    ][];
    const readKeyOnly = functions.find(([, f]) => f.Properties.FunctionCode === code);
    expect(readKeyOnly).toBeDefined();
    const shared: string[] = [];
    for (const route of reads) {
      const behaviour = behaviourOf(route) as Behaviour;
      expect(behaviour.FunctionAssociations, routeKey(route)).toEqual([
        { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [readKeyOnly?.[0], 'FunctionARN'] } },
      ]);
      const writes = others.filter((other) => other.path === route.path);
      if (writes.length === 0) {
        expect(behaviour.OriginRequestPolicyId, routeKey(route)).toBeUndefined();
        expect(behaviour.AllowedMethods.sort()).toEqual(['GET', 'HEAD']);
        continue;
      }
      shared.push(routeKey(route));
      for (const write of writes) expect(behaviour.AllowedMethods).toContain(write.method);
      expect(behaviour.OriginRequestPolicyId).toEqual({ Ref: originPolicyId });
    }
    expect(shared).toEqual(['GET /api/films']);

    // The function, run as CloudFront runs it, on every read.
    const context = vm.createContext({});
    vm.runInContext(code, context);
    const handler = context.handler as (event: unknown) => {
      method: string;
      querystring: Record<string, unknown>;
      cookies: Record<string, unknown>;
      headers: Record<string, unknown>;
    };
    const request = (method: string, uri: string, query: readonly string[]) => ({
      method,
      uri,
      querystring: Object.fromEntries(
        [...query, 'utm_source', 'cachebuster'].map((name) => [name, { value: `v-${name}` }]),
      ),
      cookies: { boutique_admin: { value: 's' } },
      headers: {
        origin: { value: 'https://shop' },
        'sec-fetch-site': { value: 'same-origin' },
        'x-boutique-admin': { value: '1' },
        'content-type': { value: 'application/json' },
        'user-agent': { value: 'x' },
        'accept-encoding': { value: 'br' },
      },
    });
    for (const route of reads) {
      const uri = `/api${route.path.replace(/\{[^}]+\}/g, 'p-1')}`;
      const query = route.edge?.query ?? [];
      for (const method of ['GET', 'HEAD']) {
        const out = handler({ request: request(method, uri, query) });
        expect(Object.keys(out.querystring).sort(), routeKey(route)).toEqual([...query].sort());
        expect(out.cookies).toEqual({});
        expect(out.headers).toEqual({ 'accept-encoding': { value: 'br' } });
      }
    }
    for (const method of ['POST', 'DELETE'])
      expect(handler({ request: request(method, '/api/films', []) })).toEqual(
        request(method, '/api/films', []),
      );
  });

  it('serves every admin, portal, checkout and webhook route from an uncached behaviour (or a write CloudFront never caches)', () => {
    for (const route of others) {
      const behaviour = behaviourOf(route) as Behaviour;
      if (behaviour.CachePolicyId === disabled) {
        expect(behaviour.OriginRequestPolicyId).toEqual({ Ref: originPolicyId });
        expect(behaviour.AllowedMethods).toContain(route.method);
        continue;
      }
      // Only the staff's writes on a cached read's very path: CloudFront caches GET and HEAD alone.
      expect(route.method, routeKey(route)).not.toBe('GET');
      expect(
        reads.some((read) => read.path === route.path),
        routeKey(route),
      ).toBe(true);
    }
    // /api/products/* would catch the staff's search: it has its own uncached behaviour, first.
    const patterns = behaviours.map((b) => b.PathPattern);
    expect(behaviourOf(others.find((r) => r.path === '/products/search') as Route)?.PathPattern).toBe(
      '/api/products/search',
    );
    expect(patterns.indexOf('/api/products/search')).toBeLessThan(patterns.indexOf('/api/products/*'));
    // The catch-all comes after every read, uncached.
    const catchAll = behaviours.find((b) => b.PathPattern === '/api/*') as Behaviour;
    expect(catchAll.CachePolicyId).toBe(disabled);
    expect(patterns.indexOf('/api/*')).toBe(patterns.filter((p) => p.startsWith('/api/')).length - 1);
    for (const key of [
      'POST /api/secret',
      'POST /api/webhooks/stripe',
      'GET /api/authenticationcard',
      'GET /api/orders',
    ])
      expect(behaviourOf(built.find((r) => routeKey(r) === key) as Route)?.CachePolicyId, key).toBe(disabled);
  });

  it("stays within CloudFront's default quotas: 25 of 25 cache behaviours, 2 of the account's 20 cache policies", () => {
    // The default behaviour, the 19 reads, the staff's search, /api/*, /media/*, and the
    // passport's files (/passport/*, /.well-known/passport-keys.json): the quota is reached.
    expect(1 + behaviours.length).toBe(25);
    expect(1 + behaviours.length).toBeLessThanOrEqual(25);
    // One per class, so several stages fit in one account.
    expect(Object.keys(cachePolicies)).toHaveLength(2);
  });

  it('keeps the security headers on every behaviour, and no 404 in the cache', () => {
    expect(config?.DefaultCacheBehavior.ResponseHeadersPolicyId).toEqual({ Ref: securityHeadersId });
    for (const b of behaviours) {
      // Stored files (media, the passport's) get the media headers: nosniff and a sandbox.
      if (['/media/*', '/passport/*', '/.well-known/passport-keys.json'].includes(b.PathPattern))
        expect(b.ResponseHeadersPolicyId).toBeDefined();
      else expect(b.ResponseHeadersPolicyId, b.PathPattern).toEqual({ Ref: securityHeadersId });
    }
    expect(config?.CustomErrorResponses).toEqual(
      [404, 500, 502, 503, 504].map((ErrorCode) => ({ ErrorCode, ErrorCachingMinTTL: 0 })),
    );
  });

  it('throttles each storefront read and each payment route on the stage, the payment path within its reservation', () => {
    const [stageId, stage] = Object.entries(template.findResources('AWS::ApiGatewayV2::Stage'))[0] as [
      string,
      {
        DependsOn?: string[];
        Properties: {
          RouteSettings: Record<string, { ThrottlingBurstLimit: number; ThrottlingRateLimit: number }>;
        };
      },
    ];
    const settings = stage.Properties.RouteSettings;
    for (const route of reads) {
      const throttle = READ_THROTTLES[route.edge?.cache ?? 'availability'];
      expect(settings[routeKey(route)], routeKey(route)).toEqual({
        ThrottlingBurstLimit: throttle.burst,
        ThrottlingRateLimit: throttle.rate,
      });
    }
    for (const entry of PAYMENT_PATH) {
      const setting = settings[entry.key.replace(' ', ' /api')];
      expect(setting, entry.key).toBeDefined();
      expect(setting?.ThrottlingBurstLimit).toBe(entry.reserved);
      expect((setting?.ThrottlingRateLimit ?? Infinity) * entry.seconds).toBeLessThanOrEqual(entry.reserved);
    }
    expect(settings['POST /api/checkout/hold']).toEqual({
      ThrottlingBurstLimit: 20,
      ThrottlingRateLimit: 20,
    });
    expect(settings['POST /api/secret']).toEqual({ ThrottlingBurstLimit: 10, ThrottlingRateLimit: 10 });
    expect(settings['POST /api/webhooks/stripe']).toEqual({
      ThrottlingBurstLimit: 10,
      ThrottlingRateLimit: 10,
    });
    // Every setting names a route that exists, and nothing else.
    const keys = new Set(built.map((route) => routeKey(route)));
    for (const key of Object.keys(settings)) expect(keys.has(key), key).toBe(true);
    expect(Object.keys(settings)).toHaveLength(reads.length + PAYMENT_PATH.length);
    // API Gateway refuses settings for routes it has not made yet: the stage waits for the nested stacks.
    const nested = Object.keys(template.findResources('AWS::CloudFormation::Stack'));
    expect(nested.length).toBe(routeTemplates.length);
    expect(stage.DependsOn ?? [], stageId).toEqual(expect.arrayContaining(nested));
  });

  it('reserves Lambda concurrency for the checkout starts and the webhooks only', () => {
    const reserved = Object.fromEntries(
      functions.map(([, fn]) => [
        fn.Properties.Description,
        (fn.Properties as unknown as { ReservedConcurrentExecutions?: number }).ReservedConcurrentExecutions,
      ]),
    );
    const expected = Object.fromEntries(
      PAYMENT_PATH.map((entry) => [entry.key.replace(' ', ' /api'), entry.reserved]),
    );
    expect(Object.fromEntries(Object.entries(reserved).filter(([, n]) => n !== undefined))).toEqual(expected);
    expect(Object.keys(expected).sort()).toEqual(
      [
        'GET /api/orders/{id}',
        'POST /api/checkout/hold',
        'POST /api/paypal/capture',
        'POST /api/paypal/orders',
        'POST /api/secret',
        'POST /api/webhooks/paypal',
        'POST /api/webhooks/stripe',
      ].sort(),
    );
    expect(reservedConcurrency()).toBe(80);
  });

  it('states the account concurrency it needs at deploy, and refuses a quota given too low', () => {
    template.hasOutput('MinimumAccountConcurrency', { Value: '180' });
    Annotations.fromStack(stack).hasWarning('*', Match.stringLikeRegexp('at least 180'));
    expect(() => checkAccountConcurrency('10')).toThrow(/at least 180\. Ask AWS for 1000/);
    expect(() => checkAccountConcurrency('many')).toThrow(/whole number/);
    expect(checkAccountConcurrency('1000')).toBe(1000);
    expect(checkAccountConcurrency(undefined)).toBeUndefined();
    const tooSmall = new App({
      context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [], accountConcurrency: 169 },
    });
    expect(() => new BoutiqueStack(tooSmall, 'SmallAccount')).toThrow(/accountConcurrency 169 is too low/);
  });
});

describe("the /api behaviours' plan (infra/edge/api-behaviours.ts)", () => {
  const row = (method: Route['method'], path: string, edge?: Route['edge']): Route => ({
    method,
    path,
    handler: 'x/http/y',
    contract: { response: z.object({}) },
    auth: edge ? 'public' : 'admin',
    access: { table: edge ? ['get'] : ['get', 'put'], why: {} },
    ...(edge ? { edge } : {}),
  });

  it("matches paths as CloudFront does: '*' any run of characters, '?' one, nothing else special", () => {
    expect(patternMatches('/api/products/*', '/api/products/p-1')).toBe(true);
    expect(patternMatches('/api/products/*', '/api/products')).toBe(false);
    expect(patternMatches('/api/type', '/api/types')).toBe(false);
    expect(patternMatches('/api/type', '/api/type')).toBe(true);
    expect(patternMatches('/api/a?c', '/api/abc')).toBe(true);
    expect(patternMatches('/api/a.c', '/api/abc')).toBe(false);
  });

  it('puts every route its wildcard would catch before a read, the exact reads before the wildcards, and /api/* last', () => {
    const read = row('GET', '/items/{id}', { cache: 'availability', query: [] });
    const plan = apiBehaviours([
      read,
      row('GET', '/items/export'),
      row('POST', '/items/{id}/notes'),
      row('GET', '/list', { cache: 'catalogue', query: ['b', 'a'] }),
      row('POST', '/list'),
      row('GET', '/orders'),
    ]);
    expect(
      plan.map((b) => `${b.kind} ${b.pattern}${b.kind === 'cached' && b.shared ? ' shared' : ''}`),
    ).toEqual([
      'pass /api/items/export',
      'pass /api/items/*/notes',
      'cached /api/list shared',
      'cached /api/items/*',
      'pass /api/*',
    ]);
    expect(plan.find((b) => b.pattern === '/api/list')).toMatchObject({ query: ['a', 'b'] });
  });

  it('refuses a table in which two reads share a pattern', () => {
    expect(() =>
      apiBehaviours([
        row('GET', '/items/{id}', { cache: 'availability', query: [] }),
        row('GET', '/items/{key}', { cache: 'catalogue', query: [] }),
      ]),
    ).toThrow(/share a CloudFront path pattern/);
  });
});

describe("the table's backups and their restore test (issue 49, infra/constructs/table-backups.ts)", () => {
  it('keeps hourly recovery points two days and daily ones 35 days, in a retained vault, of the table', () => {
    template.resourceCountIs('AWS::Backup::BackupVault', 1);
    expect(Object.values(template.findResources('AWS::Backup::BackupVault'))[0]).toMatchObject({
      DeletionPolicy: 'Retain',
    });
    template.hasResourceProperties('AWS::Backup::BackupPlan', {
      BackupPlan: {
        BackupPlanRule: Match.arrayWith([
          Match.objectLike({
            RuleName: 'Hourly',
            ScheduleExpression: 'cron(0 * * * ? *)',
            Lifecycle: { DeleteAfterDays: 2 },
          }),
          Match.objectLike({
            RuleName: 'Daily',
            ScheduleExpression: 'cron(0 3 * * ? *)',
            Lifecycle: { DeleteAfterDays: 35 },
          }),
        ]),
      },
    });
    const [tableId] = Object.keys(template.findResources('AWS::DynamoDB::Table'));
    template.hasResourceProperties('AWS::Backup::BackupSelection', {
      BackupSelection: Match.objectLike({
        Resources: [{ 'Fn::GetAtt': [tableId, 'Arn'] }],
      }),
    });
  });

  it('restores the latest snapshot of the vault weekly into a scratch table kept four hours for the validation', () => {
    const [tableId] = Object.keys(template.findResources('AWS::DynamoDB::Table'));
    const [vaultId] = Object.keys(template.findResources('AWS::Backup::BackupVault'));
    const [planId] = Object.keys(template.findResources('AWS::Backup::RestoreTestingPlan'));
    template.hasResourceProperties('AWS::Backup::RestoreTestingPlan', {
      RestoreTestingPlanName: 'boutique_dev_table',
      ScheduleExpression: 'cron(0 5 ? * SUN *)',
      RecoveryPointSelection: {
        Algorithm: 'LATEST_WITHIN_WINDOW',
        IncludeVaults: [{ 'Fn::GetAtt': [vaultId, 'BackupVaultArn'] }],
        RecoveryPointTypes: ['SNAPSHOT'],
        SelectionWindowDays: 7,
      },
    });
    // The plan by its name, so made after it.
    template.hasResource('AWS::Backup::RestoreTestingSelection', {
      DependsOn: [planId],
      Properties: {
        RestoreTestingPlanName: 'boutique_dev_table',
        ProtectedResourceType: 'DynamoDB',
        ProtectedResourceArns: [{ 'Fn::GetAtt': [tableId, 'Arn'] }],
        ValidationWindowHours: 4,
      },
    });
  });

  const validation = () =>
    Object.entries(template.findResources('AWS::Lambda::Function')).find(([, f]) =>
      String((f as { Properties: { Description?: string } }).Properties.Description).startsWith(
        'Validates each table restored by AWS Backup',
      ),
    ) as [string, { Properties: { Role: { 'Fn::GetAtt': [string, string] } } }];

  it("invokes the validation on the plan's finished restore jobs, with retries and a dead-letter queue", () => {
    const [fnId] = validation();
    const [planId] = Object.keys(template.findResources('AWS::Backup::RestoreTestingPlan'));
    template.hasResourceProperties('AWS::Events::Rule', {
      EventPattern: {
        source: ['aws.backup'],
        'detail-type': ['Restore Job State Change'],
        detail: {
          status: ['COMPLETED', 'FAILED', 'ABORTED'],
          restoreTestingPlanArn: [{ 'Fn::GetAtt': [planId, 'RestoreTestingPlanArn'] }],
        },
      },
      Targets: [
        Match.objectLike({ Arn: { 'Fn::GetAtt': [fnId, 'Arn'] }, DeadLetterConfig: Match.anyValue() }),
      ],
    });
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'RestoreValidationFailed',
      Namespace: 'OneOfOne',
      Threshold: 1,
      AlarmActions: Match.anyValue(),
    });
  });

  it('lets the validation read any table but never the live one, the checkpoint only, and report to AWS Backup', () => {
    const [, fn] = validation();
    const roleId = fn.Properties.Role['Fn::GetAtt'][0];
    const [tableId] = Object.keys(template.findResources('AWS::DynamoDB::Table'));
    const policies = Object.values(template.findResources('AWS::IAM::Policy')).filter((p) =>
      (p as PolicyResource).Properties.Roles.some((r) => r.Ref === roleId),
    ) as { Properties: { PolicyDocument: { Statement: Record<string, unknown>[] } } }[];
    const statements = policies.flatMap((p) => p.Properties.PolicyDocument.Statement);
    const actions = statements
      .filter((s) => s.Effect === 'Allow')
      .flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action]))
      .filter((a) => !String(a).startsWith('xray:'))
      .sort();
    expect(actions).toEqual([
      'backup:PutRestoreValidationResult',
      'dynamodb:DescribeContinuousBackups',
      'dynamodb:DescribeTable',
      'dynamodb:DescribeTimeToLive',
      'dynamodb:Scan',
      's3:GetObject',
      // The on-failure destination (its dead-letter queue), as CDK grants it.
      'sqs:GetQueueAttributes',
      'sqs:GetQueueUrl',
      'sqs:SendMessage',
    ]);
    expect(statements).toContainEqual(
      expect.objectContaining({
        Effect: 'Deny',
        Action: 'dynamodb:*',
        Resource: expect.arrayContaining([{ 'Fn::GetAtt': [tableId, 'Arn'] }]),
      }),
    );
    const s3 = statements.find((s) => s.Action === 's3:GetObject');
    expect(JSON.stringify(s3?.Resource)).toContain('/passport/log/checkpoint');
  });
});

describe('the order journal (issue 49, infra/constructs/order-journal.ts)', () => {
  type Resource = { Properties: Record<string, unknown>; DeletionPolicy?: string };
  const resources = (type: string) =>
    Object.entries(template.findResources(type) as Record<string, Resource>);
  const only = (type: string, prefix: string) => {
    const found = resources(type).filter(([id]) => id.startsWith(prefix));
    expect(found.map(([id]) => id)).toHaveLength(1);
    return found[0] as [string, Resource];
  };
  const [bucketId, bucket] = only('AWS::S3::Bucket', 'JournalBucket');
  const [fnId, fn] = only('AWS::Lambda::Function', 'OrderJournalJournalOrders');
  const [tableId] = Object.keys(template.findResources('AWS::DynamoDB::Table'));

  it('keeps the journal in a versioned, private, retained bucket whose former versions live 35 days', () => {
    expect(bucket.DeletionPolicy).toBe('Retain');
    expect(bucket.Properties).toMatchObject({
      VersioningConfiguration: { Status: 'Enabled' },
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, RestrictPublicBuckets: true },
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
      },
      LifecycleConfiguration: {
        Rules: [expect.objectContaining({ NoncurrentVersionExpiration: { NoncurrentDays: 35 } })],
      },
    });
    expect(fn.Properties.Environment).toEqual({
      Variables: expect.objectContaining({ JOURNAL_BUCKET: { Ref: bucketId } }),
    });
  });

  it('feeds journal-orders only the order items of the stream, reporting partial failures, bisecting, to a queue that alarms', () => {
    const [, mapping] = resources('AWS::Lambda::EventSourceMapping').find(
      ([, m]) => (m.Properties.FunctionName as { Ref: string }).Ref === fnId,
    ) as [string, Resource];
    expect(mapping.Properties).toMatchObject({
      EventSourceArn: { 'Fn::GetAtt': [tableId, 'StreamArn'] },
      ParallelizationFactor: 1,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: expect.any(Number),
    });
    const filters = (mapping.Properties.FilterCriteria as { Filters: { Pattern: string }[] }).Filters.map(
      (f) => JSON.parse(f.Pattern),
    );
    expect(filters).toEqual([
      {
        eventName: ['INSERT', 'MODIFY'],
        dynamodb: { Keys: { pk: { S: [{ prefix: 'ORDER#' }] }, sk: { S: ['#ORDER'] } } },
      },
    ]);
    const queue = (
      mapping.Properties.DestinationConfig as {
        OnFailure: { Destination: { 'Fn::GetAtt': [string, string] } };
      }
    ).OnFailure.Destination['Fn::GetAtt'][0];
    expect(queue).toMatch(/^OrderJournalJournalFailures/);
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [queue, 'QueueName'] } }],
      Threshold: 1,
      AlarmActions: [Match.anyValue()],
    });
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/Lambda',
      MetricName: 'Errors',
      Dimensions: [{ Name: 'FunctionName', Value: { Ref: fnId } }],
    });
  });

  it('lets journal-orders put the bucket’s orders/* only: no table item, no other object', () => {
    const roleId = (fn.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    const statements = resources('AWS::IAM::Policy')
      .filter(([, p]) => (p.Properties.Roles as { Ref: string }[]).some((r) => r.Ref === roleId))
      .flatMap(
        ([, p]) => (p.Properties.PolicyDocument as { Statement: Record<string, unknown>[] }).Statement,
      );
    const actions = statements
      .flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action]))
      .filter((a) => !String(a).startsWith('xray:'))
      .sort();
    expect(actions).toEqual([
      // The stream's reads are the event source mapping's (with this role); no table item is read.
      'dynamodb:DescribeStream',
      'dynamodb:GetRecords',
      'dynamodb:GetShardIterator',
      'dynamodb:ListStreams',
      's3:PutObject',
      // The on-failure destination, as CDK grants it.
      'sqs:GetQueueAttributes',
      'sqs:GetQueueUrl',
      'sqs:SendMessage',
    ]);
    const put = statements.find((s) => s.Action === 's3:PutObject');
    expect(put?.Resource).toEqual({ 'Fn::Join': ['', [{ 'Fn::GetAtt': [bucketId, 'Arn'] }, '/orders/*']] });
  });
});

describe('the restore’s steps run by hand (issue 49, docs/restore.md; infra/constructs/manual-job.ts)', () => {
  type Statement = { Effect?: string; Action: string | string[]; Resource: unknown };
  type Resource = { Properties: Record<string, unknown> };
  const resources = (type: string) =>
    Object.entries(template.findResources(type) as Record<string, Resource>);
  const only = (type: string, prefix: string) => {
    const found = resources(type).filter(([id]) => id.startsWith(prefix));
    expect(found.map(([id]) => id)).toHaveLength(1);
    return found[0] as [string, Resource];
  };
  const statementsOf = (fn: Resource): Statement[] => {
    const roleId = (fn.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    return resources('AWS::IAM::Policy')
      .filter(([, p]) => (p.Properties.Roles as { Ref: string }[]).some((r) => r.Ref === roleId))
      .flatMap(([, p]) => (p.Properties.PolicyDocument as { Statement: Statement[] }).Statement);
  };
  /** Each resource an action is granted on, as JSON (CDK may merge statements of one action). */
  const grantedOn = (statements: Statement[], action: string) =>
    statements
      .filter((st) => [st.Action].flat().includes(action))
      .flatMap((st) => [st.Resource].flat().map((resource) => JSON.stringify(resource)));
  const actionsIn = (statements: Statement[], prefix: string) =>
    [...new Set(statements.flatMap((st) => [st.Action].flat()).filter((a) => a.startsWith(prefix)))].sort();
  const [tableId] = Object.keys(template.findResources('AWS::DynamoDB::Table'));
  const [journalId] = only('AWS::S3::Bucket', 'JournalBucket');
  const [mediaId] = only('AWS::S3::Bucket', 'MediaBucket');
  const [sequencerId] = only('AWS::Lambda::Function', 'PassportLogFunction');
  const steps = [
    { prefix: 'PaymentRecoveryFunction', output: 'PaymentRecoveryFunctionName', timeout: 15 * 60 },
    { prefix: 'PassportLogRestoreFunction', output: 'PassportLogRestoreFunctionName', timeout: 5 * 60 },
  ] as const;

  it('makes each a function only a person invokes: no schedule, no event source, no route, no service allowed to invoke it, not retried', () => {
    for (const step of steps) {
      const [fnId, fn] = only('AWS::Lambda::Function', step.prefix);
      expect(fn.Properties.Timeout, step.prefix).toBe(step.timeout);
      const mentions = (resource: Resource) => JSON.stringify(resource).includes(`"${fnId}"`);
      // No EventBridge rule targets it, no stream or queue feeds it, no service may call it.
      expect(
        resources('AWS::Events::Rule').filter(([, r]) => mentions(r)),
        step.prefix,
      ).toEqual([]);
      expect(resources('AWS::Lambda::EventSourceMapping').filter(([, r]) => mentions(r))).toEqual([]);
      expect(
        resources('AWS::Lambda::Permission').filter(([, r]) => mentions(r)),
        step.prefix,
      ).toEqual([]);
      expect(resources('AWS::Lambda::Url').filter(([, r]) => mentions(r))).toEqual([]);
      // No route's function (nested stacks) and no other function of the stack invokes it.
      const routePolicies = Object.values(findAll('AWS::IAM::Policy'));
      expect(JSON.stringify(routePolicies)).not.toContain(step.prefix);
      const invokers = resources('AWS::IAM::Policy').filter(([, p]) => mentions(p));
      expect(invokers, step.prefix).toEqual([]);
      // Invoked asynchronously by mistake, a run is not retried; a failed run alarms.
      template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
        FunctionName: { Ref: fnId },
        MaximumRetryAttempts: 0,
      });
      template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        Namespace: 'AWS/Lambda',
        MetricName: 'Errors',
        Dimensions: [{ Name: 'FunctionName', Value: { Ref: fnId } }],
      });
      // docs/restore.md names it by this output.
      template.hasOutput(step.output, { Value: { Ref: fnId } });
    }
  });

  it('lets the restore’s reconciliation complete sales as the reconciliation does and read the journal’s orders/* only', () => {
    const [, fn] = only('AWS::Lambda::Function', 'PaymentRecoveryFunction');
    expect(fn.Properties.MemorySize).toBe(1769);
    const env = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(env.JOURNAL_BUCKET).toEqual({ Ref: journalId });
    for (const name of [
      'TABLE_NAME',
      'SHOP_SECRETS_ARN',
      'PAYPAL_ENVIRONMENT',
      'SEQUENCE_LOG_FUNCTION',
      'SHOP_URL',
    ])
      expect(env[name], name).toBeDefined();
    expect(env.MEDIA_BUCKET).toBeUndefined();
    const statements = statementsOf(fn);
    expect(statements.every((st) => st.Effect === 'Allow')).toBe(true);
    // Exactly its jobAccess row's table actions, on the table and its indexes.
    expect(actionsIn(statements, 'dynamodb:')).toEqual(
      tableActions(jobAccess['checkout/jobs/recover-payments']).sort(),
    );
    for (const action of actionsIn(statements, 'dynamodb:'))
      expect(grantedOn(statements, action).join(' ')).toContain(`"${tableId}"`);
    expect(actionsIn(statements, 's3:')).toEqual(['s3:GetObject', 's3:ListBucket']);
    expect(grantedOn(statements, 's3:GetObject')).toEqual([
      JSON.stringify({ 'Fn::Join': ['', [{ 'Fn::GetAtt': [journalId, 'Arn'] }, '/orders/*']] }),
    ]);
    expect(grantedOn(statements, 's3:ListBucket')).toEqual([
      JSON.stringify({ 'Fn::GetAtt': [journalId, 'Arn'] }),
    ]);
    expect(actionsIn(statements, 'ses:')).toEqual(['ses:SendEmail']);
    expect(actionsIn(statements, 'secretsmanager:')).toEqual(['secretsmanager:GetSecretValue']);
    // It starts the passport log's sequencer (a sale appends an entry), and nothing else.
    expect(grantedOn(statements, 'lambda:InvokeFunction')).toEqual([
      JSON.stringify({ 'Fn::GetAtt': [sequencerId, 'Arn'] }),
    ]);
    expect(actionsIn(statements, 'kms:')).toEqual([]);
  });

  it('lets the passport log’s restore write the log’s table items and read passport/log/* of the public bucket only', () => {
    const [, fn] = only('AWS::Lambda::Function', 'PassportLogRestoreFunction');
    const env = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(env.MEDIA_BUCKET).toEqual({ Ref: mediaId });
    for (const name of ['TABLE_NAME', 'SHOP_URL']) expect(env[name], name).toBeDefined();
    expect(env.SHOP_SECRETS_ARN).toBeUndefined();
    expect(env.JOURNAL_BUCKET).toBeUndefined();
    const statements = statementsOf(fn);
    expect(actionsIn(statements, 'dynamodb:')).toEqual(
      tableActions(jobAccess['passport/restore-log']).sort(),
    );
    for (const action of actionsIn(statements, 'dynamodb:'))
      expect(grantedOn(statements, action).join(' ')).toContain(`"${tableId}"`);
    expect(actionsIn(statements, 's3:')).toEqual(['s3:GetObject', 's3:ListBucket']);
    expect(grantedOn(statements, 's3:GetObject')).toEqual([
      JSON.stringify({ 'Fn::Join': ['', [{ 'Fn::GetAtt': [mediaId, 'Arn'] }, '/passport/log/*']] }),
    ]);
    expect(grantedOn(statements, 's3:ListBucket')).toEqual([
      JSON.stringify({ 'Fn::GetAtt': [mediaId, 'Arn'] }),
    ]);
    // No mail, no keys, no signature, no other function started.
    for (const prefix of ['ses:', 'secretsmanager:', 'kms:', 'lambda:'])
      expect(actionsIn(statements, prefix), prefix).toEqual([]);
  });
});

describe('the media buckets’ continuous backups (issue 49, infra/constructs/table-backups.ts)', () => {
  const bucketIds = () =>
    ['MediaBucket', 'PrivateMediaBucket'].map(
      (id) =>
        Object.keys(template.findResources('AWS::S3::Bucket')).find((logicalId) =>
          logicalId.startsWith(id),
        ) as string,
    );

  it('keeps both media buckets versioned, their noncurrent versions expiring', () => {
    for (const id of bucketIds()) {
      expect(id).toBeDefined();
      const bucket = template.findResources('AWS::S3::Bucket')[id] as {
        Properties: { VersioningConfiguration?: unknown; LifecycleConfiguration?: { Rules: unknown[] } };
      };
      expect(bucket.Properties.VersioningConfiguration).toEqual({ Status: 'Enabled' });
      expect(bucket.Properties.LifecycleConfiguration?.Rules).toContainEqual(
        expect.objectContaining({ Status: 'Enabled', NoncurrentVersionExpiration: { NoncurrentDays: 90 } }),
      );
    }
  });

  it('backs them up continuously for 35 days in the table’s vault, in a plan of their own', () => {
    const [vaultId] = Object.keys(template.findResources('AWS::Backup::BackupVault'));
    const plans = template.findResources('AWS::Backup::BackupPlan');
    const [planId, plan] = Object.entries(plans).find(([, p]) =>
      JSON.stringify(p).includes('"Continuous"'),
    ) as [string, { Properties: { BackupPlan: { BackupPlanRule: Record<string, unknown>[] } } }];
    expect(plan.Properties.BackupPlan.BackupPlanRule).toEqual([
      expect.objectContaining({
        RuleName: 'Continuous',
        EnableContinuousBackup: true,
        Lifecycle: { DeleteAfterDays: 35 },
        TargetBackupVault: { 'Fn::GetAtt': [vaultId, 'BackupVaultName'] },
      }),
    ]);
    const [media, privateMedia] = bucketIds();
    const selections = Object.values(template.findResources('AWS::Backup::BackupSelection')) as {
      Properties: { BackupPlanId: unknown; BackupSelection: { Resources: unknown[]; IamRoleArn: unknown } };
    }[];
    const ofPlan = selections.filter((s) => JSON.stringify(s.Properties.BackupPlanId).includes(planId));
    const [journal] = Object.keys(template.findResources('AWS::S3::Bucket')).filter((id) =>
      id.startsWith('JournalBucket'),
    );
    expect(ofPlan.map((s) => s.Properties.BackupSelection.Resources)).toEqual([
      [{ 'Fn::GetAtt': [media, 'Arn'] }],
      [{ 'Fn::GetAtt': [privateMedia, 'Arn'] }],
      [{ 'Fn::GetAtt': [journal, 'Arn'] }],
    ]);
    // Only the table is in the table's plan (hourly snapshots of a bucket would be full backups).
    const tablePlan = selections.filter((s) => !JSON.stringify(s.Properties.BackupPlanId).includes(planId));
    expect(tablePlan.map((s) => s.Properties.BackupSelection.Resources)).toHaveLength(1);
    expect(tablePlan[0]?.Properties.BackupSelection.Resources).toHaveLength(1);
    // One role for the three: AWS Backup's two S3 policies, nothing else.
    const roleIds = new Set(
      ofPlan.map(
        (s) =>
          (s.Properties.BackupSelection.IamRoleArn as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0],
      ),
    );
    expect(roleIds.size).toBe(1);
    const [roleId] = [...roleIds] as [string];
    const role = template.findResources('AWS::IAM::Role')[roleId] as {
      Properties: { ManagedPolicyArns: unknown[]; AssumeRolePolicyDocument: unknown };
    };
    expect(JSON.stringify(role.Properties.ManagedPolicyArns)).toMatch(
      /:iam::aws:policy\/AWSBackupServiceRolePolicyForS3Backup".*:iam::aws:policy\/AWSBackupServiceRolePolicyForS3Restore"/,
    );
    expect(role.Properties.ManagedPolicyArns).toHaveLength(2);
    expect(JSON.stringify(role.Properties.AssumeRolePolicyDocument)).toContain('backup.amazonaws.com');
  });

  it('keeps the buckets’ EventBridge notifications on, which the managed notification resource would otherwise turn off', () => {
    for (const id of bucketIds()) {
      const notifications = Object.values(template.findResources('Custom::S3BucketNotifications')).find(
        (n) =>
          JSON.stringify((n as { Properties: { BucketName: unknown } }).Properties.BucketName) ===
          JSON.stringify({ Ref: id }),
      ) as { Properties: { NotificationConfiguration: Record<string, unknown> } } | undefined;
      expect(notifications?.Properties.NotificationConfiguration).toMatchObject({
        EventBridgeConfiguration: {},
        // The picture sets' own notifications are kept beside it.
        LambdaFunctionConfigurations: expect.any(Array),
      });
    }
  });

  it('refuses at synth a bucket added without versioning or without a noncurrent-version expiry', () => {
    const app = new App({ context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [] } });
    const scope = new Stack(app, 'Backups');
    const table = new Table(scope, 'Table', { partitionKey: { name: 'pk', type: AttributeType.STRING } });
    const backups = new TableBackups(scope, 'Backups', {
      table,
      mediaBucket: new Bucket(scope, 'Media'),
      alarmTopic: new Topic(scope, 'Alarms'),
      restoreTestingPlanName: 'test_plan',
    });
    backups.addBucket(new Bucket(scope, 'Journal'));
    expect(() => app.synth()).toThrow(/needs versioning[\s\S]*noncurrentVersionExpiration/);
    const fixed = new App({ context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [] } });
    const fine = new Stack(fixed, 'Backups');
    new TableBackups(fine, 'Backups', {
      table: new Table(fine, 'Table', { partitionKey: { name: 'pk', type: AttributeType.STRING } }),
      mediaBucket: new Bucket(fine, 'Media'),
      alarmTopic: new Topic(fine, 'Alarms'),
      restoreTestingPlanName: 'test_plan',
      buckets: [
        new Bucket(fine, 'Journal', {
          versioned: true,
          lifecycleRules: [{ noncurrentVersionExpiration: Duration.days(30) }],
        }),
      ],
    });
    expect(() => fixed.synth()).not.toThrow();
  });
});

describe('the stack pointed at a restored table (docs/restore.md, infra/restored-table.ts)', () => {
  const restoredName = 'boutique-dev-restored-20261130';
  const streamArn = `arn:aws:dynamodb:us-east-1:111122223333:table/${restoredName}/stream/2026-11-30T18:00:00.000`;

  it('refuses half a pointer: the table without its stream, a stream of another table', () => {
    expect(restoredTableFromContext(() => undefined)).toBeUndefined();
    const given = (values: Record<string, unknown>) => (name: string) => values[name];
    expect(() => restoredTableFromContext(given({ restoredTable: restoredName }))).toThrow(
      /restoredTableStream/,
    );
    expect(() => restoredTableFromContext(given({ restoredTableStream: streamArn }))).toThrow(
      /restoredTable:/,
    );
    expect(() =>
      restoredTableFromContext(given({ restoredTable: 'boutique-other', restoredTableStream: streamArn })),
    ).toThrow(/stream of boutique-dev-restored-20261130, not of restoredTable boutique-other/);
    expect(
      restoredTableFromContext(given({ restoredTable: restoredName, restoredTableStream: streamArn })),
    ).toEqual({ tableName: restoredName, streamArn });
  });

  it('gives every function, grant, the stream’s consumer and the backups the restored table; the defined one stays, retained', () => {
    const restoredApp = new App({
      context: {
        ...cdkJson.context,
        'aws:cdk:bundling-stacks': [],
        restoredTable: restoredName,
        restoredTableStream: streamArn,
      },
    });
    const restoredStack = new BoutiqueStack(restoredApp, 'BoutiqueStack');
    const templates = [restoredStack, ...restoredStack.routeStacks].map((s) => Template.fromStack(s));
    const root = templates[0] as Template;
    const functions = templates.flatMap((t) => Object.values(t.findResources('AWS::Lambda::Function'))) as {
      Properties: { Environment?: { Variables?: Record<string, unknown> } };
    }[];
    const tableNames = functions
      .map((f) => f.Properties.Environment?.Variables?.TABLE_NAME)
      .filter((name) => name !== undefined);
    // The route functions (nested stacks) and the jobs (root) alike.
    expect(tableNames.length).toBeGreaterThan(100);
    expect(new Set(tableNames)).toEqual(new Set([restoredName]));
    // Grants name the restored table and its indexes, never the defined one.
    const policies = templates.flatMap((t) => Object.values(t.findResources('AWS::IAM::Policy')));
    const [definedId] = Object.keys(root.findResources('AWS::DynamoDB::Table'));
    const text = JSON.stringify(policies);
    expect(text).toContain(`table/${restoredName}/index/*`);
    expect(text).not.toContain(`"${definedId}"`);
    // The page rendering reads the restored table's stream.
    root.hasResourceProperties('AWS::Lambda::EventSourceMapping', { EventSourceArn: streamArn });
    // Its backups and restore test are of the restored table.
    const restoredArn = JSON.stringify(
      restoredStack.resolve(
        restoredStack.formatArn({ service: 'dynamodb', resource: 'table', resourceName: restoredName }),
      ),
    );
    const selections = JSON.stringify(root.findResources('AWS::Backup::BackupSelection'));
    expect(selections).toContain(restoredArn.slice(1, -1));
    expect(JSON.stringify(root.findResources('AWS::Backup::RestoreTestingSelection'))).toContain(
      restoredArn.slice(1, -1),
    );
    // The defined table is still there, retained and protected, until removed by hand.
    const defined = root.findResources('AWS::DynamoDB::Table')[definedId as string] as {
      DeletionPolicy: string;
      Properties: { DeletionProtectionEnabled: boolean };
    };
    expect(defined.DeletionPolicy).toBe('Retain');
    expect(defined.Properties.DeletionProtectionEnabled).toBe(true);
    root.hasOutput('TableName', { Value: restoredName });
  });
});
