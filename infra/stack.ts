import { CfnOutput, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import type { Distribution } from 'aws-cdk-lib/aws-cloudfront';
import { AttributeType, BillingMode, ProjectionType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { BlockPublicAccess, Bucket, BucketEncryption } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { TABLE } from '../functions/data/table.ts';
import { builtRoutes } from './build-functions.ts';
import type { ApiFunction } from './constructs/api-function.ts';
import { WebDeployment } from './constructs/web-deployment.ts';
import { WebDistribution } from './constructs/web-distribution.ts';
import { RouteGroupStack, routeGroups } from './route-group-stack.ts';

export { readsOnly } from './route-group-stack.ts';

/**
 * The shop's backend: one DynamoDB table, the media and web buckets, and an HTTP API with one
 * Lambda function and one route per built row of the route table (pending rows get neither).
 * CloudFront serves the app, /api and public /media on one domain.
 */
export class BoutiqueStack extends Stack {
  readonly table: Table;
  readonly mediaBucket: Bucket;
  readonly webBucket: Bucket;
  readonly api: HttpApi;
  readonly functions: ReadonlyMap<string, ApiFunction>;
  readonly routeStacks: RouteGroupStack[] = [];
  readonly distribution: Distribution;

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

    const web = new WebDistribution(this, 'Web', { webBucket, mediaBucket, api });
    new WebDeployment(this, 'WebDeployment', { bucket: webBucket, distribution: web.distribution });
    const shopUrl = `https://${web.distribution.distributionDomainName}`;

    const functions = new Map<string, ApiFunction>();
    for (const [name, rows] of routeGroups(builtRoutes())) {
      const group = new RouteGroupStack(this, name, { routes: rows, api, table, mediaBucket, shopUrl });
      for (const [handler, fn] of group.functions) functions.set(handler, fn);
      this.routeStacks.push(group);
    }

    this.table = table;
    this.mediaBucket = mediaBucket;
    this.webBucket = webBucket;
    this.api = api;
    this.functions = functions;

    this.distribution = web.distribution;
    new CfnOutput(this, 'ShopUrl', { value: shopUrl, description: 'The shop (CloudFront)' });
    new CfnOutput(this, 'ApiUrl', { value: api.url ?? api.apiEndpoint, description: 'HTTP API base URL' });
    new CfnOutput(this, 'TableName', { value: table.tableName });
    new CfnOutput(this, 'MediaBucketName', { value: mediaBucket.bucketName });
    new CfnOutput(this, 'WebBucketName', { value: webBucket.bucketName });
  }
}
