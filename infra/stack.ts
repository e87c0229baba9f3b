import { CfnOutput, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { HttpApi, HttpMethod } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { AttributeType, BillingMode, ProjectionType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { BlockPublicAccess, Bucket, BucketEncryption } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { TABLE } from '../functions/data/table.ts';
import { type Route, routeKey, routeName } from '../functions/routes.ts';
import { builtRoutes } from './build-functions.ts';
import { ApiFunction } from './constructs/api-function.ts';

/** Handler areas whose functions send mail through SES. */
const SENDS_MAIL = new Set(['webhooks', 'orders', 'authenticity']);

/** Handler areas of the storefront (spec 000 §7): their public GETs only read the table. */
const STOREFRONT_AREAS = new Set(['catalog', 'size-finder', 'members']);

/**
 * Whether a route only reads the table. Public GETs outside the storefront (checkout secret,
 * portal login, password reset) write holds, sessions and tokens, so they are not read-only.
 */
export function readsOnly(route: Route): boolean {
  const area = route.handler.split('/')[0] ?? '';
  return route.auth === 'public' && route.method === 'GET' && STOREFRONT_AREAS.has(area);
}

/**
 * The shop's backend: one DynamoDB table, the media and web buckets, and an HTTP API with one
 * Lambda function and one route per built row of the route table (pending rows get neither).
 * CloudFront, WAF and alarms come later.
 */
export class BoutiqueStack extends Stack {
  readonly table: Table;
  readonly mediaBucket: Bucket;
  readonly webBucket: Bucket;
  readonly api: HttpApi;
  readonly functions: ReadonlyMap<string, ApiFunction>;

  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);

    const table = new Table(this, 'Table', {
      partitionKey: { name: TABLE.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: TABLE.ttlAttribute,
      removalPolicy: RemovalPolicy.RETAIN,
      deletionProtection: true,
    });
    for (const [indexName, keys] of Object.entries(TABLE.indexes)) {
      table.addGlobalSecondaryIndex({
        indexName,
        partitionKey: { name: keys.partitionKey, type: AttributeType.STRING },
        sortKey: { name: keys.sortKey, type: AttributeType.STRING },
        projectionType: ProjectionType.ALL,
      });
    }

    const privateBucket = (bucketId: string) =>
      new Bucket(this, bucketId, {
        blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
        enforceSSL: true,
        encryption: BucketEncryption.S3_MANAGED,
        removalPolicy: RemovalPolicy.RETAIN,
      });
    const mediaBucket = privateBucket('MediaBucket');
    const webBucket = privateBucket('WebBucket');

    const api = new HttpApi(this, 'Api', {
      description: 'One-of-one boutique API: one route and one Lambda function per endpoint, under /api',
    });

    const functions = new Map<string, ApiFunction>();
    for (const route of builtRoutes()) {
      const name = routeName(route);
      const fn = new ApiFunction(this, name, {
        module: route.handler,
        description: routeKey(route),
        environment: { TABLE_NAME: table.tableName, MEDIA_BUCKET: mediaBucket.bucketName },
      });
      if (readsOnly(route)) table.grantReadData(fn);
      else table.grantReadWriteData(fn);
      // Admins upload and delete media through presigned URLs signed by these functions.
      if (route.auth === 'admin') mediaBucket.grantReadWrite(fn);
      // The portal signs short-lived links to the owner's authenticity photos, and reads nothing else.
      if (route.handler.startsWith('authenticity/')) mediaBucket.grantRead(fn, 'authenticity/*');
      // Confirming a payment sends the order and portal mail.
      if (SENDS_MAIL.has(route.handler.split('/')[0] ?? '')) {
        fn.addToRolePolicy(new PolicyStatement({ actions: ['ses:SendEmail'], resources: ['*'] }));
      }

      api.addRoutes({
        path: `/api${route.path}`,
        methods: [HttpMethod[route.method]],
        integration: new HttpLambdaIntegration(`${name}Integration`, fn),
      });
      functions.set(route.handler, fn);
    }

    this.table = table;
    this.mediaBucket = mediaBucket;
    this.webBucket = webBucket;
    this.api = api;
    this.functions = functions;

    new CfnOutput(this, 'ApiUrl', { value: api.url ?? api.apiEndpoint, description: 'HTTP API base URL' });
    new CfnOutput(this, 'TableName', { value: table.tableName });
    new CfnOutput(this, 'MediaBucketName', { value: mediaBucket.bucketName });
    new CfnOutput(this, 'WebBucketName', { value: webBucket.bucketName });
  }
}
