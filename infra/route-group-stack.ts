import { NestedStack, type NestedStackProps } from 'aws-cdk-lib';
import { type HttpApi, HttpMethod, HttpRoute, HttpRouteKey } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { TableBase } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Topic } from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import { type Route, routeKey, routeName, writesTable } from '../functions/routes.ts';
import { nativeModulesOf } from './build-functions.ts';
import { reservedConcurrencyOf } from './capacity.ts';
import { functionErrorAlarm } from './constructs/alarms.ts';
import { ApiFunction } from './constructs/api-function.ts';
import {
  grantBucket,
  grantSecretValue,
  grantTable,
  PRIVATE_MEDIA_OBJECTS,
} from './constructs/data-access.ts';

/** Whether a route only reads the table, as its row declares. */
export function readsOnly(route: Route): boolean {
  return !writesTable(route.access);
}

export interface RouteGroupProps extends NestedStackProps {
  routes: readonly Route[];
  api: HttpApi;
  table: TableBase;
  mediaBucket: Bucket;
  /** Authenticity photos, apart from everything CloudFront serves. */
  privateMediaBucket: Bucket;
  /** The shop's address: the same-origin check of state-changing calls compares with it. */
  shopUrl: string;
  /** Each function's error alarm notifies this topic. */
  alarmTopic: Topic;
  /** Provider keys and the CloudFront origin check, for the functions that need them. */
  secrets: ISecret;
  /** 'production' in prod, 'sandbox' elsewhere. */
  paypalEnvironment: 'sandbox' | 'production';
  /** Card payments above this many cents ask for 3-D Secure (THREE_D_SECURE_ABOVE_CENTS). */
  threeDSecureAboveCents: number;
  /** The sender of the shop's mail, and the SES identity allowed to send it. */
  mailFrom: string;
  /** The shop's name and support address (SHOP_NAME, SUPPORT_EMAIL), for every function. */
  shopEnvironment: Record<'SHOP_NAME' | 'SUPPORT_EMAIL', string>;
  /** Staff's orders address, for the functions that send mail (a sale's notice: ORDERS_EMAIL). */
  ordersEmail: string;
  mailIdentityArn: string;
  /** The sender's bare address (its own SES identity, when the domain has none). */
  mailFromAddress: string;
  /** The sister sites /home links (SISTER_SITES, JSON), for the opening checklist. */
  sisterSites: string;
  /** The shop's SES templates: their name prefix and ARNs. */
  mailTemplatePrefix: string;
  mailTemplateArns: string[];
}

/**
 * A share of the route table: one Lambda function (with its log group, role and policy), one
 * integration and one route per row. The rows are spread over several nested stacks because
 * each function costs about 7 CloudFormation resources and a stack may hold 500.
 */
export class RouteGroupStack extends NestedStack {
  readonly functions = new Map<string, ApiFunction>();

  constructor(scope: Construct, id: string, props: RouteGroupProps) {
    super(scope, id, props);
    const { api, table, mediaBucket, privateMediaBucket } = props;
    for (const route of props.routes) {
      const name = routeName(route);
      const fn = new ApiFunction(this, name, {
        module: route.handler,
        description: routeKey(route),
        secrets: route.access.secrets === true,
        // Checkout's functions that hold the provider keys are the ones that talk to providers.
        providerSdks: route.access.secrets === true && route.handler.startsWith('checkout/'),
        nativeModules: nativeModulesOf(route.handler),
        // The payment path keeps its own capacity whatever the storefront does (infra/capacity.ts).
        reservedConcurrentExecutions: reservedConcurrencyOf(route),
        environment: {
          TABLE_NAME: table.tableName,
          MEDIA_BUCKET: mediaBucket.bucketName,
          PRIVATE_MEDIA_BUCKET: privateMediaBucket.bucketName,
          SHOP_URL: props.shopUrl,
          ...props.shopEnvironment,
          // Behind CloudFront the viewer's address arrives in CloudFront-Viewer-Address.
          TRUST_VIEWER_ADDRESS_HEADER: 'true',
        },
      });
      // Exactly what the row declares (functions/routes.ts), nothing inferred from file names, as
      // the actions the code calls (infra/constructs/data-access.ts; checked by test/iam).
      const { access } = route;
      grantTable(fn, table, access);
      // Admins upload through presigned URLs these functions sign; the portal and the admin's
      // picture lists sign short-lived links to authenticity photos (private-media: get).
      grantBucket(fn, mediaBucket, access.media);
      grantBucket(fn, privateMediaBucket, access.privateMedia, PRIVATE_MEDIA_OBJECTS);
      if (access.mail) {
        fn.addEnvironment('MAIL_FROM', props.mailFrom);
        fn.addEnvironment('ORDERS_EMAIL', props.ordersEmail);
        fn.addEnvironment('MAIL_TEMPLATE_PREFIX', props.mailTemplatePrefix);
        // A templated send is authorised on the sending identity and on the template.
        fn.addToRolePolicy(
          new PolicyStatement({
            actions: ['ses:SendEmail'],
            resources: [props.mailIdentityArn, ...props.mailTemplateArns],
          }),
        );
      }
      if (access.mailIdentity) {
        // The opening checklist: the deployment's addresses and sister sites, and whether SES may
        // send from the sender (its domain's identity, else the address's own).
        fn.addEnvironment('MAIL_FROM', props.mailFrom);
        fn.addEnvironment('ORDERS_EMAIL', props.ordersEmail);
        fn.addEnvironment('SISTER_SITES', props.sisterSites);
        fn.addToRolePolicy(
          new PolicyStatement({
            actions: ['ses:GetEmailIdentity'],
            resources: [
              props.mailIdentityArn,
              this.formatArn({
                service: 'ses',
                resource: 'identity',
                resourceName: props.mailFromAddress,
              }),
            ],
          }),
        );
      }
      if (access.secrets) {
        fn.addEnvironment('SHOP_SECRETS_ARN', props.secrets.secretArn);
        fn.addEnvironment('PAYPAL_ENVIRONMENT', props.paypalEnvironment);
        fn.addEnvironment('THREE_D_SECURE_ABOVE_CENTS', String(props.threeDSecureAboveCents));
        grantSecretValue(fn, props.secrets);
      }
      functionErrorAlarm(this, `${name}Errors`, fn, props.alarmTopic);
      new HttpRoute(this, `${name}Route`, {
        httpApi: api,
        routeKey: HttpRouteKey.with(`/api${route.path}`, HttpMethod[route.method]),
        integration: new HttpLambdaIntegration(`${name}Integration`, fn),
      });
      this.functions.set(route.handler, fn);
    }
  }
}

/**
 * The nested stack a row lives in, by its handler's capability and audience: stable as rows
 * are added, so a function never moves between stacks (which would replace it).
 */
export function routeGroupOf(route: Route): string {
  const [capability = '', audience = '', area = ''] = route.handler.split('/');
  if (capability === 'authenticity') return 'PortalRoutes';
  if (audience === 'admin') {
    if (capability === 'size-finder' || area === 'sizes' || area === 'size-guides') return 'AdminSizesRoutes';
    if (capability === 'catalog') return 'AdminCatalogRoutes';
    return 'AdminOpsRoutes';
  }
  if (capability === 'catalog' || capability === 'size-finder' || route.path === '/member')
    return 'StorefrontRoutes';
  if (capability === 'staff') return 'AdminOpsRoutes';
  return 'CheckoutRoutes';
}

export function routeGroups(rows: readonly Route[]): Map<string, Route[]> {
  const groups = new Map<string, Route[]>();
  for (const route of rows) {
    const name = routeGroupOf(route);
    groups.set(name, [...(groups.get(name) ?? []), route]);
  }
  return groups;
}
