import { readFileSync } from 'node:fs';
import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { KINDS_ON_PAGES } from '../functions/pages/rules/affected-pages.ts';
import { BATCH_SIZE, BATCHING_WINDOW_SECONDS, RETRY_ATTEMPTS } from '../functions/pages/stream-batching.ts';
import { BoutiqueStack } from '../infra/stack.ts';

/**
 * The public pages' functions in the synthesized stack (issue 47, infra/constructs/page-rendering.ts):
 * the table's stream into render-on-change, the daily full re-render, and what they may touch.
 */
const cdkJson = JSON.parse(readFileSync(new URL('../cdk.json', import.meta.url), 'utf8')) as {
  context: Record<string, unknown>;
};
const app = new App({ context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [] } });
const stack = new BoutiqueStack(app, 'BoutiqueStack');
const template = Template.fromStack(stack);

type Resource = { Properties: Record<string, unknown> };
const resources = (type: string) => Object.entries(template.findResources(type) as Record<string, Resource>);
const idOf = (type: string, prefix: string) => {
  const found = resources(type).filter(([id]) => id.startsWith(prefix));
  expect(found.map(([id]) => id)).toHaveLength(1);
  return (found[0] as [string, Resource])[0];
};
const webBucket = idOf('AWS::S3::Bucket', 'WebBucket');
const tableId = idOf('AWS::DynamoDB::Table', 'Table');

/** Every statement of the policies of a function's role. */
function statementsOf(functionId: string): { Action: string | string[]; Resource: unknown }[] {
  const fn = template.findResources('AWS::Lambda::Function')[functionId] as {
    Properties: { Role: { 'Fn::GetAtt': [string, string] } };
  };
  const role = fn.Properties.Role['Fn::GetAtt'][0];
  return resources('AWS::IAM::Policy')
    .filter(([, p]) => (p.Properties.Roles as { Ref: string }[]).some((r) => r.Ref === role))
    .flatMap(([, p]) => (p.Properties.PolicyDocument as { Statement: never[] }).Statement);
}
const actions = (statement: { Action: string | string[] }) =>
  Array.isArray(statement.Action) ? statement.Action : [statement.Action];

/** The S3 grants of a function: each action with the object keys it reaches. */
function s3Grants(functionId: string): { actions: string[]; resources: string }[] {
  return statementsOf(functionId)
    .filter((s) => actions(s).some((a) => a.startsWith('s3:')))
    .map((s) => ({ actions: actions(s).sort(), resources: JSON.stringify(s.Resource) }));
}

const PAGE_KEYS = ['/pages/*', '/sitemap.xml', '/robots.txt'];

const BUILD_KEYS = ['/index.html', '/assets/*.css'];

/** Writes to the pages only; reads of the build the pages are rendered into only. */
function expectPageGrantOnly(functionId: string) {
  const grants = s3Grants(functionId);
  expect(grants.map((g) => g.actions)).toEqual([['s3:DeleteObject', 's3:PutObject'], ['s3:GetObject']]);
  const [writes, reads] = grants;
  const keysOf = (grant?: { resources: string }) => grant?.resources.match(/"\/[^"]*"/g)?.sort();
  expect(writes?.resources).toContain(webBucket);
  expect(reads?.resources).toContain(webBucket);
  // Nothing else of the web bucket, and no other bucket.
  expect(keysOf(writes)).toEqual(PAGE_KEYS.map((k) => `"${k}"`).sort());
  expect(keysOf(reads)).toEqual(BUILD_KEYS.map((k) => `"${k}"`).sort());
  const reached = `${writes?.resources}${reads?.resources}`;
  expect(resources('AWS::S3::Bucket').filter(([id]) => id !== webBucket && reached.includes(id))).toEqual([]);
}

describe('the public pages rendered on change and daily', () => {
  it('turns on the table stream with the item before and after', () => {
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' },
    });
  });

  const onChange = idOf('AWS::Lambda::Function', 'PageRenderingRenderOnChange');

  it('feeds render-on-change from the stream, batched, reporting partial failures, bisecting, to a queue that alarms', () => {
    const [, mapping] = resources('AWS::Lambda::EventSourceMapping').find(
      ([, m]) => (m.Properties.FunctionName as { Ref: string }).Ref === onChange,
    ) as [string, Resource];
    expect(mapping.Properties).toMatchObject({
      EventSourceArn: { 'Fn::GetAtt': [tableId, 'StreamArn'] },
      StartingPosition: 'LATEST',
      BatchSize: BATCH_SIZE,
      MaximumBatchingWindowInSeconds: BATCHING_WINDOW_SECONDS,
      ParallelizationFactor: 1,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: RETRY_ATTEMPTS,
    });
    expect(BATCHING_WINDOW_SECONDS).toBeLessThan(60);
    // Only the kinds a page shows reach the function, by their new or their old image.
    const filters = (mapping.Properties.FilterCriteria as { Filters: { Pattern: string }[] }).Filters.map(
      (f) => JSON.parse(f.Pattern),
    );
    expect(filters).toEqual([
      { dynamodb: { NewImage: { kind: { S: [...KINDS_ON_PAGES] } } } },
      { dynamodb: { OldImage: { kind: { S: [...KINDS_ON_PAGES] } } } },
    ]);
    const queueArn = (mapping.Properties.DestinationConfig as { OnFailure: { Destination: unknown } })
      .OnFailure.Destination as { 'Fn::GetAtt': [string, string] };
    const queue = queueArn['Fn::GetAtt'][0];
    expect(queue).toMatch(/^PageRenderingOnChangeFailures/);
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
      Dimensions: [{ Name: 'FunctionName', Value: { Ref: onChange } }],
    });
  });

  it('lets render-on-change read the table and its stream, and write only the pages of the web bucket', () => {
    const all = statementsOf(onChange).flatMap(actions);
    expect(all.filter((a) => a.startsWith('dynamodb:')).sort()).toEqual([
      'dynamodb:DescribeStream',
      'dynamodb:GetItem',
      'dynamodb:GetRecords',
      'dynamodb:GetShardIterator',
      'dynamodb:ListStreams',
      'dynamodb:Query',
    ]);
    expectPageGrantOnly(onChange);
  });

  it('renders every page again daily, with a dead-letter queue, writing only the pages', () => {
    const renderAll = idOf('AWS::Lambda::Function', 'PageRenderingRenderAllFunction');
    const [, rule] = resources('AWS::Events::Rule').find(([, r]) =>
      JSON.stringify(r).includes(JSON.stringify({ 'Fn::GetAtt': [renderAll, 'Arn'] })),
    ) as [string, Resource];
    expect(rule.Properties.ScheduleExpression).toBe('rate(1 day)');
    expect(
      statementsOf(renderAll)
        .flatMap(actions)
        .filter((a) => a.startsWith('dynamodb:')),
    ).toEqual(['dynamodb:GetItem', 'dynamodb:Query']);
    expectPageGrantOnly(renderAll);
  });
});

describe('a page the web bucket does not hold yet, rendered when the edge asks', () => {
  const missing = idOf('AWS::Lambda::Function', 'MissingPagesRenderMissing');
  const distribution = idOf('AWS::CloudFront::Distribution', 'WebDistribution');
  const config = () =>
    (template.findResources('AWS::CloudFront::Distribution')[distribution] as Resource).Properties
      .DistributionConfig as {
      DefaultCacheBehavior: { TargetOriginId: string; AllowedMethods: string[] };
      OriginGroups: {
        Quantity: number;
        Items: {
          Id: string;
          FailoverCriteria: { StatusCodes: { Items: number[] } };
          Members: { Items: { OriginId: string }[] };
        }[];
      };
      Origins: { Id: string; DomainName: unknown; OriginAccessControlId?: unknown }[];
    };

  it('serves the web behaviour from an origin group: the bucket, and on its 403/404 the renderer’s URL', () => {
    const { DefaultCacheBehavior, OriginGroups, Origins } = config();
    const group = OriginGroups.Items.find((g) => g.Id === DefaultCacheBehavior.TargetOriginId);
    expect(group?.FailoverCriteria.StatusCodes.Items.sort()).toEqual([403, 404]);
    // Origin groups fail over GET and HEAD only: the behaviour allows no more.
    expect(DefaultCacheBehavior.AllowedMethods.sort()).toEqual(['GET', 'HEAD']);
    const [primary, fallback] = (group?.Members.Items ?? []).map((m) =>
      Origins.find((o) => o.Id === m.OriginId),
    );
    expect(JSON.stringify(primary?.DomainName)).toContain(webBucket);
    const url = idOf('AWS::Lambda::Url', 'MissingPagesRenderMissingFunctionUrl');
    expect(fallback?.DomainName).toEqual({
      'Fn::Select': [2, { 'Fn::Split': ['/', { 'Fn::GetAtt': [url, 'FunctionUrl'] }] }],
    });
    // Signed by CloudFront (origin access control for Lambda), and the URL takes nothing unsigned.
    const oac = (fallback?.OriginAccessControlId as { 'Fn::GetAtt'?: [string, string] } | undefined)?.[
      'Fn::GetAtt'
    ]?.[0];
    const access = template.findResources('AWS::CloudFront::OriginAccessControl')[oac ?? ''] as Resource;
    expect(access?.Properties.OriginAccessControlConfig).toMatchObject({
      OriginAccessControlOriginType: 'lambda',
      SigningBehavior: 'always',
      SigningProtocol: 'sigv4',
    });
    template.hasResourceProperties('AWS::Lambda::Url', {
      AuthType: 'AWS_IAM',
      TargetFunctionArn: { 'Fn::GetAtt': [missing, 'Arn'] },
    });
    // Only this distribution may call it, and only through its URL.
    const permissions = resources('AWS::Lambda::Permission').filter(([, p]) =>
      [missing, url].some((id) => JSON.stringify(p.Properties.FunctionName).includes(`"${id}"`)),
    );
    expect(permissions.map(([, p]) => p.Properties.Action).sort()).toEqual([
      'lambda:InvokeFunction',
      'lambda:InvokeFunctionUrl',
    ]);
    for (const [, p] of permissions) {
      expect(p.Properties.Principal).toBe('cloudfront.amazonaws.com');
      expect(JSON.stringify(p.Properties.SourceArn)).toContain(`"Ref":"${distribution}"`);
      if (p.Properties.Action === 'lambda:InvokeFunction')
        expect(p.Properties.InvokedViaFunctionUrl).toBe(true);
    }
  });

  it('lets the renderer read the table as the page functions do, read the build and write only pages/*', () => {
    const all = statementsOf(missing).flatMap(actions);
    expect(all.filter((a) => a.startsWith('dynamodb:')).sort()).toEqual([
      'dynamodb:GetItem',
      'dynamodb:Query',
    ]);
    const grants = s3Grants(missing);
    expect(grants.map((g) => g.actions)).toEqual([['s3:PutObject'], ['s3:GetObject']]);
    const keysOf = (grant?: { resources: string }) => grant?.resources.match(/"\/[^"]*"/g)?.sort();
    const [writes, reads] = grants;
    expect(writes?.resources).toContain(webBucket);
    expect(keysOf(writes)).toEqual(['"/pages/*"']);
    expect(keysOf(reads)).toEqual(BUILD_KEYS.map((k) => `"${k}"`).sort());
    const reached = `${writes?.resources}${reads?.resources}`;
    expect(resources('AWS::S3::Bucket').filter(([id]) => id !== webBucket && reached.includes(id))).toEqual(
      [],
    );
    // Nothing else but its logs' and traces' grants: the shop's origin, from its parameter.
    expect(all.filter((a) => !/^(dynamodb|s3|xray):/.test(a))).toEqual(['ssm:GetParameter']);
  });

  it('gets the shop’s origin, which its pages name, from a parameter written from the distribution', () => {
    const fn = template.findResources('AWS::Lambda::Function')[missing] as {
      Properties: { Environment: { Variables: Record<string, unknown> } };
    };
    const variables = fn.Properties.Environment.Variables;
    expect(variables.SHOP_ORIGIN).toBeUndefined();
    const name = variables.SHOP_ORIGIN_PARAMETER;
    expect(name).toBe('/BoutiqueStack/shop-origin');
    template.hasResourceProperties('AWS::SSM::Parameter', {
      Name: name,
      Type: 'String',
      Value: { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [distribution, 'DomainName'] }]] },
    });
    const parameterGrant = statementsOf(missing).find((s) => actions(s).includes('ssm:GetParameter'));
    expect(JSON.stringify(parameterGrant?.Resource)).toContain(':parameter/BoutiqueStack/shop-origin');
    expect(variables.WEB_BUCKET).toEqual({ Ref: webBucket });
  });
});
