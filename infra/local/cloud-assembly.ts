import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Reads what `cdk synth` wrote to cdk.out — the templates CloudFormation will get and the
 * bundles CDK will upload — and resolves the templates' references the way CloudFormation
 * would, with generated names standing in for the ones AWS picks at deploy time. Used to run
 * the deployed bundles on the local stack and to evaluate their IAM policies.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

interface Resource {
  Type: string;
  Properties?: Record<string, Json>;
  Metadata?: Record<string, Json>;
}

interface Template {
  Parameters?: Record<string, Json>;
  Resources: Record<string, Resource>;
  Outputs?: Record<string, { Value: Json }>;
}

export interface AssemblyOptions {
  region?: string;
  account?: string;
}

/** An IAM policy document as CloudFormation would pass it to IAM, every reference resolved. */
export interface PolicyDocument {
  Version?: string;
  Statement: Array<Record<string, unknown>>;
}

export interface DeployedFunction {
  /** The function's logical id in its template. */
  logicalId: string;
  /** Its construct path, e.g. Boutique-dev/StorefrontRoutes/CatalogHttpGetType/Resource. */
  cdkPath: string;
  /** The template's Description: the route key (`GET /api/...`) for API functions. */
  description: string;
  /** As Lambda gets it: `index.handler`. */
  handler: string;
  runtime: string;
  memorySize: number;
  timeoutSeconds: number;
  /** The folder CDK zips and uploads (absolute). */
  assetDir: string;
  /** The function's environment, every reference resolved. */
  environment: Record<string, string>;
  /** Its execution role's name and every policy attached to it (inline and managed). */
  roleName: string;
  policies: { name: string; document: PolicyDocument }[];
  managedPolicyArns: string[];
}

export interface CloudAssembly {
  dir: string;
  stackName: string;
  region: string;
  account: string;
  functions: DeployedFunction[];
  /** The physical name the assembly gives a root-stack resource (table, bucket …) by logical id. */
  physicalName(logicalId: string): string;
  /** Every resource of every template, by type, resolved (for tests of the templates themselves). */
  resourcesOfType(type: string): { logicalId: string; properties: Record<string, unknown> }[];
}

interface Scope {
  stackName: string;
  template: Template;
  parameters: Record<string, unknown>;
  children: Map<string, Scope>;
}

/** Reads cdk.out's root stack (the one without a `.nested.` template) and its nested stacks. */
export function readCloudAssembly(dir: string, options: AssemblyOptions = {}): CloudAssembly {
  const region = options.region ?? 'us-east-1';
  const account = options.account ?? '111122223333';
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as {
    artifacts: Record<string, { type: string; properties?: { templateFile?: string } }>;
  };
  const rootEntry = Object.entries(manifest.artifacts).find(
    ([, a]) => a.type === 'aws:cloudformation:stack' && a.properties?.templateFile,
  );
  if (!rootEntry) throw new Error(`no stack in ${dir}/manifest.json: run npm run synth`);
  const [stackName, artifact] = rootEntry;
  const readTemplate = (file: string) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as Template;

  const physical = (scope: Scope, logicalId: string): string => {
    const resource = scope.template.Resources[logicalId];
    const props = resource?.Properties ?? {};
    const given = (name: string) =>
      props[name] === undefined ? undefined : String(value(scope, props[name]));
    // CloudFormation makes `<stack>-<logical id>-<random>`; a fixed suffix keeps runs repeatable.
    const generated = `${scope.stackName}-${logicalId}-0A1B2C3D`;
    switch (resource?.Type) {
      case 'AWS::DynamoDB::Table':
        return given('TableName') ?? generated;
      case 'AWS::S3::Bucket':
        return given('BucketName') ?? generated.toLowerCase();
      case 'AWS::SecretsManager::Secret':
        return `arn:aws:secretsmanager:${region}:${account}:secret:${given('Name') ?? generated}-AbCdEf`;
      case 'AWS::SES::Template':
        return String(value(scope, (props.Template as Record<string, Json>)?.TemplateName ?? generated));
      case 'AWS::SES::EmailIdentity':
        return given('EmailIdentity') ?? generated;
      case 'AWS::KMS::Key':
        // A key's id is a UUID KMS picks; a fixed one (from the logical id) keeps runs repeatable.
        return `${createHash('sha256')
          .update(`${scope.stackName}/${logicalId}`)
          .digest('hex')
          .replace(/^(.{8})(.{4})(.{4})(.{4})(.{12}).*$/, '$1-$2-$3-$4-$5')}`;
      case 'AWS::SNS::Topic':
        return `arn:aws:sns:${region}:${account}:${given('TopicName') ?? generated}`;
      case 'AWS::SQS::Queue':
        return `https://sqs.${region}.amazonaws.com/${account}/${given('QueueName') ?? generated}`;
      default:
        return given('FunctionName') ?? given('RoleName') ?? generated;
    }
  };

  const attribute = (scope: Scope, logicalId: string, name: string): unknown => {
    const resource = scope.template.Resources[logicalId];
    if (!resource) throw new Error(`${scope.stackName}: no resource ${logicalId}`);
    const id = physical(scope, logicalId);
    const arn = (service: string, rest: string) => `arn:aws:${service}:${region}:${account}:${rest}`;
    if (resource.Type === 'AWS::CloudFormation::Stack' && name.startsWith('Outputs.')) {
      const child = scope.children.get(logicalId);
      const output = child?.template.Outputs?.[name.slice('Outputs.'.length)];
      if (!child || !output) throw new Error(`${scope.stackName}: no output ${name} of ${logicalId}`);
      return value(child, output.Value);
    }
    switch (`${resource.Type}.${name}`) {
      case 'AWS::DynamoDB::Table.Arn':
        return arn('dynamodb', `table/${id}`);
      case 'AWS::DynamoDB::Table.StreamArn':
        return arn('dynamodb', `table/${id}/stream/2026-01-01T00:00:00.000`);
      case 'AWS::S3::Bucket.Arn':
        return `arn:aws:s3:::${id}`;
      case 'AWS::S3::Bucket.DomainName':
        return `${id}.s3.amazonaws.com`;
      case 'AWS::S3::Bucket.RegionalDomainName':
        return `${id}.s3.${region}.amazonaws.com`;
      case 'AWS::IAM::Role.Arn':
        return `arn:aws:iam::${account}:role/${id}`;
      case 'AWS::KMS::Key.Arn':
        return arn('kms', `key/${id}`);
      case 'AWS::Lambda::Function.Arn':
        return arn('lambda', `function:${id}`);
      case 'AWS::SQS::Queue.Arn':
        return arn('sqs', id.split('/').at(-1) as string);
      case 'AWS::SNS::Topic.TopicArn':
        return id;
      case 'AWS::CloudFront::Distribution.DomainName':
        return 'd111111abcdef8.cloudfront.net';
      case 'AWS::ApiGatewayV2::Api.ApiEndpoint':
        return `https://${id.toLowerCase()}.execute-api.${region}.amazonaws.com`;
      default:
        return `${id}.${name}`;
    }
  };

  const ref = (scope: Scope, name: string): unknown => {
    const pseudo: Record<string, string> = {
      'AWS::Region': region,
      'AWS::AccountId': account,
      'AWS::Partition': 'aws',
      'AWS::URLSuffix': 'amazonaws.com',
      'AWS::StackName': scope.stackName,
      'AWS::NoValue': '',
    };
    if (name in pseudo) return pseudo[name];
    if (name in scope.parameters) return scope.parameters[name];
    if (scope.template.Resources[name]) return physical(scope, name);
    throw new Error(`${scope.stackName}: cannot resolve Ref ${name}`);
  };

  const value = (scope: Scope, node: Json | undefined): unknown => {
    if (Array.isArray(node)) return node.map((n) => value(scope, n));
    if (node === null || typeof node !== 'object') return node;
    const keys = Object.keys(node);
    if (keys.length === 1) {
      const [fn] = keys as [string];
      const arg = node[fn] as Json;
      switch (fn) {
        case 'Ref':
          return ref(scope, String(arg));
        case 'Fn::GetAtt': {
          const [id, ...attr] = Array.isArray(arg) ? arg.map(String) : String(arg).split('.');
          return attribute(scope, id as string, attr.join('.'));
        }
        case 'Fn::Join': {
          const [separator, parts] = arg as [string, Json[]];
          return (value(scope, parts) as unknown[]).join(separator);
        }
        case 'Fn::Sub': {
          const [text, vars] = Array.isArray(arg)
            ? (arg as [string, Record<string, Json>])
            : [String(arg), {}];
          return text.replace(/\$\{([^}!][^}]*)\}/g, (_, name: string) => {
            if (name in vars) return String(value(scope, vars[name]));
            const [id, ...attr] = name.split('.');
            return String(attr.length ? attribute(scope, id as string, attr.join('.')) : ref(scope, name));
          });
        }
        case 'Fn::Select': {
          const [index, list] = arg as [Json, Json];
          return (value(scope, list) as unknown[])[Number(value(scope, index))];
        }
        case 'Fn::Split': {
          const [separator, text] = arg as [string, Json];
          return String(value(scope, text)).split(separator);
        }
        case 'Fn::GetAZs':
          return [`${region}a`, `${region}b`];
      }
    }
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, value(scope, v)]));
  };

  const load = (file: string, name: string, parameters: Record<string, unknown>): Scope => {
    const scope: Scope = { stackName: name, template: readTemplate(file), parameters, children: new Map() };
    for (const [id, resource] of Object.entries(scope.template.Resources)) {
      if (resource.Type !== 'AWS::CloudFormation::Stack') continue;
      const nestedFile = resource.Metadata?.['aws:asset:path'];
      if (typeof nestedFile !== 'string' || !existsSync(join(dir, nestedFile))) continue;
      const params = value(scope, resource.Properties?.Parameters ?? {}) as Record<string, unknown>;
      scope.children.set(id, load(nestedFile, `${name}-${id}`, params));
    }
    return scope;
  };
  const root = load(artifact.properties?.templateFile as string, stackName, {});
  const scopes: Scope[] = [];
  const walk = (s: Scope) => {
    scopes.push(s);
    for (const c of s.children.values()) walk(c);
  };
  walk(root);

  const functions: DeployedFunction[] = [];
  for (const scope of scopes) {
    const resources = Object.entries(scope.template.Resources);
    for (const [logicalId, resource] of resources) {
      if (resource.Type !== 'AWS::Lambda::Function') continue;
      const props = resource.Properties ?? {};
      const assetPath = resource.Metadata?.['aws:asset:path'];
      // Functions CDK ships itself (bucket deployment, log retention) are not the shop's.
      if (typeof assetPath !== 'string' || !props.Handler) continue;
      const roleRef = (props.Role as { 'Fn::GetAtt'?: [string, string] })['Fn::GetAtt']?.[0];
      if (!roleRef) throw new Error(`${logicalId}: its role is not in its template`);
      const policies = resources
        .filter(
          ([, r]) =>
            r.Type === 'AWS::IAM::Policy' &&
            ((r.Properties?.Roles as Json[]) ?? []).some(
              (role) => (role as { Ref?: string }).Ref === roleRef,
            ),
        )
        .map(([id, r]) => ({
          name: id,
          document: value(scope, r.Properties?.PolicyDocument as Json) as PolicyDocument,
        }));
      const role = scope.template.Resources[roleRef]?.Properties ?? {};
      const inline = (
        (value(scope, role.Policies ?? []) as { PolicyName: string; PolicyDocument: PolicyDocument }[]) ?? []
      ).map((p) => ({ name: p.PolicyName, document: p.PolicyDocument }));
      const variables = (props.Environment as { Variables?: Json } | undefined)?.Variables ?? {};
      functions.push({
        logicalId,
        cdkPath: String(resource.Metadata?.['aws:cdk:path'] ?? logicalId),
        description: String(value(scope, props.Description ?? '')),
        handler: String(props.Handler),
        runtime: String(props.Runtime),
        memorySize: Number(props.MemorySize ?? 128),
        timeoutSeconds: Number(props.Timeout ?? 3),
        assetDir: join(dir, assetPath),
        environment: Object.fromEntries(
          Object.entries(value(scope, variables) as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
        ),
        roleName: physical(scope, roleRef),
        policies: [...policies, ...inline],
        managedPolicyArns: (value(scope, role.ManagedPolicyArns ?? []) as string[]).map(String),
      });
    }
  }

  return {
    dir,
    stackName,
    region,
    account,
    functions,
    physicalName: (logicalId) => physical(root, logicalId),
    resourcesOfType: (type) =>
      scopes.flatMap((scope) =>
        Object.entries(scope.template.Resources)
          .filter(([, r]) => r.Type === type)
          .map(([logicalId, r]) => ({
            logicalId,
            properties: value(scope, (r.Properties ?? {}) as Json) as Record<string, unknown>,
          })),
      ),
  };
}
