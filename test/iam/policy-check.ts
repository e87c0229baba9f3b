import { existsSync, readFileSync } from 'node:fs';
import { runSimulation } from '@cloud-copilot/iam-simulate';
import type { AwsCallRecord } from '#platform/aws-call-log.ts';
import { DEFAULT_TEMPLATE_PREFIX, MAIL_TEMPLATES, type MailTemplate } from '#platform/mail-templates.ts';
import { PASSPORT_KEY_TAG } from '../../functions/passport/adapters/kms-signer.ts';
import { type Access, accessWords, jobAccess, routeKey, routeName, routes } from '../../functions/routes.ts';
import { BUCKET_ACTIONS, TABLE_ACTIONS } from '../../infra/constructs/data-access.ts';
import type { CloudAssembly, DeployedFunction, PolicyDocument } from '../../infra/local/cloud-assembly.ts';
import { decisionFor } from './decisions.ts';

/**
 * Checks the AWS calls the functions made during a test run (functions/platform/aws-call-log.ts)
 * against each function's synthesized IAM policy (cdk.out), with @cloud-copilot/iam-simulate:
 * every recorded call becomes the IAM request(s) AWS would authorise, on the resources as they
 * are named in AWS, and is simulated against the role's policies (and the bucket's policy).
 * Also reports, per function and per grant, the granted actions no recorded call used.
 */

/** The local stack's own names, written at the head of a recording by test/setup/local-stack.ts. */
export interface LocalNames {
  tableName: string;
  mediaBucket: string;
  privateMediaBucket: string;
  /** The rendered pages' web bucket (infra/local/stack.ts, WEB_BUCKET: one name on every local stack). */
  webBucket?: string;
  /** The order journal's bucket (infra/local/order-journal.ts, JOURNAL_BUCKET: one name on every local stack). */
  journalBucket?: string;
  mailFrom?: string;
  mailTemplatePrefix?: string;
  /** The process that runs the source functions (the gateway's); absent in the bundles' run. */
  gatewayPid?: number;
}

export const DEFAULT_LOCAL_NAMES: LocalNames = {
  tableName: 'boutique',
  mediaBucket: 'boutique-media',
  privateMediaBucket: 'boutique-private-media',
  webBucket: 'boutique-web',
  journalBucket: 'boutique-journal',
  mailFrom: 'One of One Luxury <orders@oneofone.example>',
  mailTemplatePrefix: DEFAULT_TEMPLATE_PREFIX,
};

export interface Recording {
  file: string;
  local: LocalNames;
  calls: AwsCallRecord[];
  /** How many calls came before the `stack` line: the local stack's own setup (the demo admin). */
  setupCalls?: number;
}

/** Reads a recording: JSON lines, calls and the `{ "stack": … }` line naming the local stack. */
export function readRecording(file: string): Recording {
  const local = { ...DEFAULT_LOCAL_NAMES };
  const calls: AwsCallRecord[] = [];
  let setupCalls: number | undefined;
  if (!existsSync(file)) return { file, local, calls };
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      continue; // a line cut by a killed process
    }
    if (parsed && typeof parsed === 'object' && 'stack' in parsed) {
      Object.assign(local, parsed.stack);
      setupCalls ??= calls.length;
    } else calls.push(parsed as AwsCallRecord);
  }
  return { file, local, calls, setupCalls: setupCalls ?? 0 };
}

/** One request IAM authorises for a call; a call may make several (a transaction, a templated mail). */
export interface IamRequest {
  action: string;
  resource: string;
  context: Record<string, string | string[]>;
  /** Set when the request is not the call's own but one AWS consults for it (e.g. 404 vs 403). */
  implied?: string;
}

/**
 * What a function is granted: its row's declaration (functions/routes.ts: a route's access or a
 * job's, jobAccess), or for the picture sets' function, which has its own grant
 * (infra/constructs/picture-sets.ts), `pictureSets`.
 */
export type FunctionAccess = Access & { pictureSets?: true };

/** A function of the assembly with what the checker needs. */
export interface FunctionModel {
  name: string;
  fn: DeployedFunction;
  /** The route key, or the job's description. */
  route: string;
  access: FunctionAccess;
  policies: { name: string; policy: PolicyDocument }[];
}

/**
 * Functions that serve no route: their handler module and the access their construct grants
 * (infra/constructs/scheduled-job.ts, infra/constructs/picture-sets.ts).
 */
const JOBS: { logicalIdPrefix: string; module: string; access: FunctionAccess }[] = [
  ...(
    [
      ['MailSweepFunction', 'checkout/jobs/mail-sweep'],
      ['PaymentReconciliationFunction', 'checkout/jobs/reconcile-payments'],
      ['OverdueOrdersFunction', 'checkout/jobs/overdue-orders'],
      ['ReleaseSenderFunction', 'members/jobs/send-releases'],
      ['MailFeedbackFunction', 'members/events/ses-feedback'],
      ['ResetLinkFunction', 'authenticity/jobs/reset-link'],
      // Its KMS grant is its construct's (infra/constructs/passport-signer.ts), not a word.
      ['PassportSignerFunction', 'passport/jobs/passport-signer'],
      ['PassportLogFunction', 'passport/jobs/sequence-log'],
      ['PassportCertificatesFunction', 'passport/jobs/issue-missing-certificates'],
      ['ReleaseDrawsFunction', 'draws/jobs/run-draws'],
      // The public pages (issue 47): their web-bucket grant (pages/*) is their construct's.
      ['PageRenderingRenderOnChange', 'pages/jobs/render-on-change'],
      ['PageRenderingRenderAllFunction', 'pages/jobs/render-all'],
      // The edge's on-demand renderer (its URL the web behaviour's failover origin).
      ['MissingPagesRenderMissing', 'pages/http/render-missing'],
      // The order journal (issue 49): its journal-bucket grant (orders/*) is its construct's.
      ['OrderJournalJournalOrders', 'checkout/jobs/journal-orders'],
      // AWS Backup's restore test (issue 49): its reads of the restored table (any but the live
      // one) and its PutRestoreValidationResult are its construct's (infra/constructs/table-backups.ts).
      ['TableBackupsValidation', 'backups/jobs/validate-restore'],
      // Run by hand after a restore (issue 49, docs/restore.md): the restore's reconciliation (its
      // journal-bucket reads are its grant in infra/stack.ts) and the passport log's restore.
      ['PaymentRecoveryFunction', 'checkout/jobs/recover-payments'],
      ['PassportLogRestoreFunction', 'passport/restore-log'],
    ] as const
  ).map(([logicalIdPrefix, module]) => ({ logicalIdPrefix, module, access: jobAccess[module] })),
  {
    logicalIdPrefix: 'PictureSetsFunction',
    module: 'media/jobs/make-picture-sets',
    access: { table: [], why: {}, pictureSets: true },
  },
];

/** The managed policies CDK attaches, as AWS defines them. */
const MANAGED_POLICIES: Record<string, PolicyDocument> = {
  'arn:aws:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole': {
    Version: '2012-10-17',
    Statement: [
      {
        Effect: 'Allow',
        Action: ['logs:CreateLogGroup', 'logs:CreateLogStream', 'logs:PutLogEvents'],
        Resource: '*',
      },
    ],
  },
};

/** What the deployed stack calls things, read from cdk.out. */
export interface StackModel {
  region: string;
  account: string;
  table: string;
  mediaBucket: string;
  privateMediaBucket: string;
  webBucket: string;
  journalBucket: string;
  templates: Map<MailTemplate, string>;
  mailFrom: string | undefined;
  /** The SES identities the stack creates (none without a mail domain). */
  identities: string[];
  secretArns: string[];
  /** The KMS keys the stack creates (the passport's signing key), by ARN. */
  keyArns: string[];
  /** Their key policies, by ARN: KMS authorises a call on a key with the key's policy too. */
  keyPolicies: Map<string, PolicyDocument>;
  /** Their tags, by ARN (`aws:ResourceTag/<key>` when a call names the key). */
  keyTags: Map<string, Record<string, string>>;
  bucketPolicies: Map<string, PolicyDocument>;
  functions: FunctionModel[];
  /** A function by any name it goes by: route name, logical id, module path, physical name. */
  byName(name: string): FunctionModel | undefined;
}

const normalise = (name: string) => name.replace(/[^a-z0-9]/gi, '').toLowerCase();
const moduleName = (module: string) => routeName({ handler: module } as Parameters<typeof routeName>[0]);

export function stackModel(assembly: CloudAssembly): StackModel {
  const one = (type: string, prefix: string) => {
    const found = assembly.resourcesOfType(type).filter((r) => r.logicalId.startsWith(prefix));
    if (found.length !== 1) throw new Error(`cdk.out: expected one ${type} named ${prefix}…`);
    return assembly.physicalName((found[0] as { logicalId: string }).logicalId);
  };
  const templates = new Map<MailTemplate, string>();
  for (const { properties } of assembly.resourcesOfType('AWS::SES::Template')) {
    const name = String((properties.Template as { TemplateName?: string })?.TemplateName ?? '');
    const template = (Object.keys(MAIL_TEMPLATES) as MailTemplate[]).find((t) => name.endsWith(`-${t}`));
    if (template) templates.set(template, name);
  }
  const keys = assembly.resourcesOfType('AWS::KMS::Key').map((r) => ({
    arn: `arn:aws:kms:${assembly.region}:${assembly.account}:key/${assembly.physicalName(r.logicalId)}`,
    policy: r.properties.KeyPolicy as PolicyDocument,
    tags: Object.fromEntries(
      ((r.properties.Tags ?? []) as { Key: string; Value: string }[]).map((tag) => [tag.Key, tag.Value]),
    ),
  }));
  const bucketPolicies = new Map<string, PolicyDocument>();
  for (const { properties } of assembly.resourcesOfType('AWS::S3::BucketPolicy'))
    bucketPolicies.set(String(properties.Bucket), properties.PolicyDocument as PolicyDocument);

  // By name (the logical id is the route name and a hash), else by route key (the description).
  const byRouteName = new Map(routes.map((route) => [routeName(route), route]));
  const byRouteKey = new Map(routes.map((route) => [routeKey(route), route]));
  const functions: FunctionModel[] = [];
  const aliases = new Map<string, FunctionModel>();
  for (const fn of assembly.functions) {
    const name = fn.logicalId.replace(/[0-9A-F]{8}$/, '');
    const route = byRouteName.get(name) ?? byRouteKey.get(fn.description);
    const job = JOBS.find((j) => fn.logicalId.startsWith(j.logicalIdPrefix));
    // CDK's own functions (the web build's bucket deployment) run none of the shop's code.
    if (!route && !job) {
      if (fn.logicalId.startsWith('CustomCDK')) continue;
      throw new Error(`cdk.out: ${fn.logicalId} serves no route and is no known job`);
    }
    const model: FunctionModel = {
      name,
      fn,
      route: fn.description,
      access: route ? route.access : (job?.access as FunctionAccess),
      policies: [
        ...fn.policies.map((p) => ({ name: p.name, policy: p.document })),
        ...fn.managedPolicyArns.map((arn) => {
          const policy = MANAGED_POLICIES[arn];
          if (!policy) throw new Error(`${fn.logicalId}: unknown managed policy ${arn}`);
          return { name: arn, policy };
        }),
      ],
    };
    functions.push(model);
    const names = [name, fn.logicalId, `${assembly.stackName}-${fn.logicalId}`];
    if (route) names.push(routeName(route), route.handler);
    if (job) names.push(moduleName(job.module), job.module);
    for (const alias of names) aliases.set(normalise(alias), model);
  }
  const byName = (name: string) => {
    const direct = aliases.get(normalise(name));
    if (direct) return direct;
    // A physical function name: `<stack>-<logical id>-<suffix>`.
    return functions.find((f) => name.includes(f.fn.logicalId));
  };
  const mailFrom = assembly.functions.find((f) => f.environment.MAIL_FROM)?.environment.MAIL_FROM;
  return {
    region: assembly.region,
    account: assembly.account,
    table: one('AWS::DynamoDB::Table', 'Table'),
    mediaBucket: one('AWS::S3::Bucket', 'MediaBucket'),
    privateMediaBucket: one('AWS::S3::Bucket', 'PrivateMediaBucket'),
    webBucket: one('AWS::S3::Bucket', 'WebBucket'),
    journalBucket: one('AWS::S3::Bucket', 'JournalBucket'),
    templates,
    mailFrom,
    identities: assembly
      .resourcesOfType('AWS::SES::EmailIdentity')
      .map((r) => String(r.properties.EmailIdentity)),
    secretArns: assembly
      .resourcesOfType('AWS::SecretsManager::Secret')
      .map((r) => assembly.physicalName(r.logicalId)),
    keyArns: keys.map(({ arn }) => arn),
    keyPolicies: new Map(keys.map(({ arn, policy }) => [arn, policy])),
    keyTags: new Map(keys.map(({ arn, tags }) => [arn, tags])),
    bucketPolicies,
    functions,
    byName,
  };
}

/** `One of One <orders@example.com>` → { address: orders@example.com, display: One of One }. */
function parseAddress(from: string): { address: string; display?: string } {
  const match = /^\s*(.*?)\s*<([^>]+)>\s*$/.exec(from);
  if (!match) return { address: from.trim() };
  const display = (match[1] as string).replace(/^"|"$/g, '');
  return { address: match[2] as string, ...(display ? { display } : {}) };
}

/**
 * The names a call used, as the deployed function would use them: a name that came from one of
 * the function's settings (the recording says which) is that setting in the function's template
 * environment (or, for a function not given it, the stack's); other names are translated from
 * the local stack's (the recording's `stack` line) or kept.
 */
function translator(
  model: StackModel,
  local: LocalNames,
  fn: FunctionModel | undefined,
  call: AwsCallRecord,
) {
  const deployedSetting = (setting: string): string | undefined => {
    const own = fn?.fn.environment[setting];
    if (own) return own;
    const stackWide: Record<string, string | undefined> = {
      TABLE_NAME: model.table,
      MEDIA_BUCKET: model.mediaBucket,
      PRIVATE_MEDIA_BUCKET: model.privateMediaBucket,
      WEB_BUCKET: model.webBucket,
      JOURNAL_BUCKET: model.journalBucket,
      MAIL_FROM: model.mailFrom,
      SHOP_SECRETS_ARN: model.secretArns[0],
    };
    return stackWide[setting];
  };
  const fromSetting = (name: string) => {
    const setting = call.settings?.[name];
    return setting && !setting.includes('=') ? deployedSetting(setting) : undefined;
  };
  const table = (name: string) => fromSetting(name) ?? (name === local.tableName ? model.table : name);
  const bucket = (name: string) =>
    fromSetting(name) ??
    (name === local.mediaBucket
      ? model.mediaBucket
      : name === local.privateMediaBucket
        ? model.privateMediaBucket
        : name === (local.webBucket ?? DEFAULT_LOCAL_NAMES.webBucket)
          ? model.webBucket
          : name === (local.journalBucket ?? DEFAULT_LOCAL_NAMES.journalBucket)
            ? model.journalBucket
            : name);
  const template = (name: string) => {
    if ([...model.templates.values()].includes(name)) return name;
    const setting = call.settings?.[name];
    const prefix = setting?.startsWith('MAIL_TEMPLATE_PREFIX=')
      ? setting.slice('MAIL_TEMPLATE_PREFIX='.length)
      : (local.mailTemplatePrefix ?? DEFAULT_TEMPLATE_PREFIX);
    if (!name.startsWith(`${prefix}-`)) return name;
    const template = name.slice(prefix.length + 1);
    const deployedPrefix = fn?.fn.environment.MAIL_TEMPLATE_PREFIX;
    if (deployedPrefix) return `${deployedPrefix}-${template}`;
    return model.templates.get(template as MailTemplate) ?? name;
  };
  const from = (value: string) =>
    fromSetting(value) ??
    (local.mailFrom && value === local.mailFrom
      ? (fn?.fn.environment.MAIL_FROM ?? model.mailFrom ?? value)
      : value);
  const secret = (value: string) => fromSetting(value) ?? value;
  return { table, bucket, template, from, secret };
}

const arnOf = (model: StackModel) => ({
  table: (table: string, index?: string) =>
    `arn:aws:dynamodb:${model.region}:${model.account}:table/${table}${index ? `/index/${index}` : ''}`,
  bucket: (bucket: string) => `arn:aws:s3:::${bucket}`,
  object: (bucket: string, key: string) => `arn:aws:s3:::${bucket}/${key}`,
  ses: (type: string, name: string) => `arn:aws:ses:${model.region}:${model.account}:${type}/${name}`,
  secret: (id: string) =>
    id.startsWith('arn:')
      ? id
      : (model.secretArns.find((arn) => arn.includes(`:secret:${id}`)) ??
        `arn:aws:secretsmanager:${model.region}:${model.account}:secret:${id}`),
});

const TRANSACT_ACTIONS: Record<string, string> = {
  Put: 'dynamodb:PutItem',
  Update: 'dynamodb:UpdateItem',
  Delete: 'dynamodb:DeleteItem',
  ConditionCheck: 'dynamodb:ConditionCheckItem',
  Get: 'dynamodb:GetItem',
};
const DYNAMODB_ACTIONS: Record<string, string> = {
  GetItem: 'dynamodb:GetItem',
  PutItem: 'dynamodb:PutItem',
  UpdateItem: 'dynamodb:UpdateItem',
  DeleteItem: 'dynamodb:DeleteItem',
  Query: 'dynamodb:Query',
  Scan: 'dynamodb:Scan',
  DescribeTable: 'dynamodb:DescribeTable',
  // The restore validation's reads of a restored table's settings (functions/backups).
  DescribeTimeToLive: 'dynamodb:DescribeTimeToLive',
  DescribeContinuousBackups: 'dynamodb:DescribeContinuousBackups',
};
/** The KMS operations on one key the functions call (the passport's signing key). */
const KMS_KEY_ACTIONS = new Set(['Sign', 'GetPublicKey', 'DescribeKey']);
/** A missing object answers 404 (NotFound) only to a caller that may list the bucket; else 403. */
const MISSING_OBJECT = new Set(['NotFound', 'NoSuchKey']);

/**
 * The IAM requests AWS authorises for one recorded call, on the deployed stack's resources, or
 * undefined when the call is of a kind this checker does not know (which the check reports).
 */
export function iamRequests(
  call: AwsCallRecord,
  model: StackModel,
  local: LocalNames = DEFAULT_LOCAL_NAMES,
): IamRequest[] | undefined {
  const fn = call.fn ? model.byName(call.fn) : undefined;
  const names = translator(model, local, fn, call);
  const arn = arnOf(model);
  const input = call.input as Record<string, unknown>;
  const text = (name: string) => (typeof input[name] === 'string' ? (input[name] as string) : undefined);
  const secure = { 'aws:SecureTransport': 'true' };

  if (call.service === 'dynamodb') {
    const op = call.operation;
    if (op === 'TransactWriteItems' || op === 'TransactGetItems') {
      const items = (input.TransactItems ?? []) as { kind: string; table: string }[];
      if (items.some((i) => !TRANSACT_ACTIONS[i.kind])) return undefined;
      return items.map((i) => ({
        action: TRANSACT_ACTIONS[i.kind] as string,
        resource: arn.table(names.table(i.table)),
        context: secure,
      }));
    }
    if (op === 'BatchGetItem' || op === 'BatchWriteItem') {
      return Object.keys((input.RequestItems ?? {}) as object).map((table) => ({
        action: `dynamodb:${op}`,
        resource: arn.table(names.table(table)),
        context: secure,
      }));
    }
    const action = DYNAMODB_ACTIONS[op];
    const table = text('TableName');
    if (!action || !table) return undefined;
    const index = op === 'Query' || op === 'Scan' ? text('IndexName') : undefined;
    return [{ action, resource: arn.table(names.table(table), index), context: secure }];
  }

  if (call.service === 's3') {
    const rawBucket = text('Bucket');
    if (!rawBucket) return undefined;
    const bucket = names.bucket(rawBucket);
    const key = text('Key');
    const context: Record<string, string> = {
      ...secure,
      's3:authType': call.presigned ? 'REST-QUERY-STRING' : 'REST-HEADER',
      's3:signatureversion': 'AWS4-HMAC-SHA256',
    };
    const versioned = text('VersionId') !== undefined;
    switch (call.operation) {
      case 'GetObject':
      case 'HeadObject': {
        if (!key) return undefined;
        const requests: IamRequest[] = [
          {
            action: versioned ? 's3:GetObjectVersion' : 's3:GetObject',
            resource: arn.object(bucket, key),
            context,
          },
        ];
        if (call.error && MISSING_OBJECT.has(call.error))
          requests.push({
            action: 's3:ListBucket',
            resource: arn.bucket(bucket),
            context: { ...context, 's3:prefix': key },
            implied: `${call.operation} of a missing key answers ${call.error} (404) only with s3:ListBucket; else 403`,
          });
        return requests;
      }
      case 'PutObject': {
        if (!key) return undefined;
        const requests: IamRequest[] = [
          { action: 's3:PutObject', resource: arn.object(bucket, key), context },
        ];
        if (text('ACL'))
          requests.push({ action: 's3:PutObjectAcl', resource: arn.object(bucket, key), context });
        if (text('Tagging'))
          requests.push({ action: 's3:PutObjectTagging', resource: arn.object(bucket, key), context });
        return requests;
      }
      case 'DeleteObject':
        if (!key) return undefined;
        return [
          {
            action: versioned ? 's3:DeleteObjectVersion' : 's3:DeleteObject',
            resource: arn.object(bucket, key),
            context,
          },
        ];
      case 'DeleteObjects':
        return ((input.DeleteKeys ?? []) as string[]).map((k) => ({
          action: 's3:DeleteObject',
          resource: arn.object(bucket, k),
          context,
        }));
      case 'ListObjects':
      case 'ListObjectsV2': {
        const prefix = text('Prefix');
        const delimiter = text('Delimiter');
        return [
          {
            action: 's3:ListBucket',
            resource: arn.bucket(bucket),
            context: {
              ...context,
              ...(prefix !== undefined ? { 's3:prefix': prefix } : {}),
              ...(delimiter !== undefined ? { 's3:delimiter': delimiter } : {}),
            },
          },
        ];
      }
      case 'CopyObject': {
        const source = text('CopySource');
        if (!key || !source) return undefined;
        const [sourceBucket = '', ...sourceKey] = decodeURIComponent(source.replace(/^\//, '')).split('/');
        return [
          {
            action: 's3:GetObject',
            resource: arn.object(names.bucket(sourceBucket), sourceKey.join('/').replace(/\?.*$/, '')),
            context,
          },
          { action: 's3:PutObject', resource: arn.object(bucket, key), context },
        ];
      }
      default:
        return undefined;
    }
  }

  if (call.service === 'sesv2' && call.operation === 'SendEmail') {
    const from = text('FromEmailAddress');
    if (!from) return undefined;
    const { address, display } = parseAddress(names.from(from));
    const domain = address.split('@')[1] ?? address;
    const identityArn =
      text('FromEmailAddressIdentityArn') ??
      arn.ses('identity', model.identities.includes(address) ? address : domain);
    const context: Record<string, string> = {
      'ses:FromAddress': address,
      'ses:ApiVersion': '2',
      ...(display ? { 'ses:FromDisplayName': display } : {}),
    };
    // A templated send is authorised on the sending identity and, apart, on the template.
    const requests: IamRequest[] = [{ action: 'ses:SendEmail', resource: identityArn, context }];
    const template =
      text('TemplateArn') ??
      (text('TemplateName') && arn.ses('template', names.template(text('TemplateName') as string)));
    if (template) requests.push({ action: 'ses:SendEmail', resource: template, context });
    const configurationSet = text('ConfigurationSetName');
    if (configurationSet)
      requests.push({
        action: 'ses:SendEmail',
        resource: arn.ses('configuration-set', configurationSet),
        context,
      });
    return requests;
  }

  // The opening checklist reads the sender's identity: the local sender's domain or address
  // stands for the deployed function's (its MAIL_FROM).
  if (call.service === 'sesv2' && call.operation === 'GetEmailIdentity') {
    const identity = text('EmailIdentity');
    if (!identity) return undefined;
    const localFrom = local.mailFrom ? parseAddress(local.mailFrom).address : undefined;
    const deployedFrom = fn?.fn.environment.MAIL_FROM ?? model.mailFrom;
    const deployed = deployedFrom ? parseAddress(deployedFrom).address : undefined;
    const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1);
    const name =
      localFrom && deployed && identity === localFrom
        ? deployed
        : localFrom && deployed && identity === domainOf(localFrom)
          ? domainOf(deployed)
          : identity;
    return [{ action: 'ses:GetEmailIdentity', resource: arn.ses('identity', name), context: secure }];
  }

  if (call.service === 'lambda' && call.operation === 'Invoke') {
    const name = text('FunctionName');
    if (!name) return undefined;
    // The caller names the function from its environment (RESET_LINK_FUNCTION): the deployed
    // caller's environment holds the deployed function's name.
    const setting = call.settings?.[name];
    const deployed = (setting && fn?.fn.environment[setting]) || name;
    return [
      {
        action: 'lambda:InvokeFunction',
        resource: `arn:aws:lambda:${model.region}:${model.account}:function:${deployed}`,
        context: secure,
      },
    ];
  }

  if (call.service === 'kms' && KMS_KEY_ACTIONS.has(call.operation)) {
    const id = text('KeyId');
    if (!id) return undefined;
    // The key is named by PASSPORT_KEY_ID: the deployed function's holds the deployed key's id
    // (a function not given it would be naming the stack's key).
    const setting = call.settings?.[id];
    const deployed =
      (setting &&
        (fn?.fn.environment[setting] ?? (setting === 'PASSPORT_KEY_ID' ? model.keyArns[0] : undefined))) ||
      id;
    const resource = deployed.startsWith('arn:')
      ? deployed
      : `arn:aws:kms:${model.region}:${model.account}:key/${deployed}`;
    return [
      {
        action: `kms:${call.operation}`,
        resource,
        context: { ...secure, ...keyTagContext(model, resource) },
      },
    ];
  }

  // A rotation's new key (docs/passport.md, Keys): KMS authorises CreateKey with its Tags, and
  // the tagging itself, on the request's tags.
  if (call.service === 'kms' && call.operation === 'CreateKey') {
    const tags = (Array.isArray(input.Tags) ? input.Tags : []) as { TagKey: string; TagValue: string }[];
    const context = {
      ...secure,
      ...Object.fromEntries(tags.map((tag) => [`aws:RequestTag/${tag.TagKey}`, tag.TagValue])),
      ...(tags.length ? { 'aws:TagKeys': tags.map((tag) => tag.TagKey) } : {}),
    };
    // CreateKey names no key (IAM takes only `*`); the tagging is of the key it makes.
    const made = `arn:aws:kms:${model.region}:${model.account}:key/${NEW_KEY}`;
    return [
      { action: 'kms:CreateKey', resource: '*', context },
      ...(tags.length ? [{ action: 'kms:TagResource', resource: made, context }] : []),
    ];
  }

  // The restore validation's report to AWS Backup: the action has no resource-level scoping
  // (the Service Authorization Reference lists no resource type for it), so IAM sees *.
  if (call.service === 'backup' && call.operation === 'PutRestoreValidationResult')
    return [{ action: 'backup:PutRestoreValidationResult', resource: '*', context: secure }];

  if (call.service === 'secretsmanager' && call.operation === 'GetSecretValue') {
    const id = text('SecretId');
    if (!id) return undefined;
    const secret = arn.secret(names.secret(id));
    return [
      {
        action: 'secretsmanager:GetSecretValue',
        resource: secret,
        context: { ...secure, 'secretsmanager:SecretId': secret },
      },
    ];
  }
  return undefined;
}

export type Outcome = 'Allowed' | 'ExplicitlyDenied' | 'ImplicitlyDenied' | 'Error';

/** Simulates one request against a function's policies (and, for S3, the bucket's policy). */
/** The id IAM sees for the key a CreateKey makes, when its tagging is authorised (it has none yet). */
export const NEW_KEY = '00000000-0000-0000-0000-000000000000';

/** The key policy KMS gives a key created without one: the account's IAM policies decide. */
const defaultKeyPolicy = (account: string): PolicyDocument => ({
  Version: '2012-10-17',
  Statement: [
    {
      Sid: 'Enable IAM User Permissions',
      Effect: 'Allow',
      Principal: { AWS: `arn:aws:iam::${account}:root` },
      Action: 'kms:*',
      Resource: '*',
    },
  ],
});

export async function simulate(
  model: StackModel,
  fn: FunctionModel,
  request: IamRequest,
): Promise<{ outcome: Outcome; detail?: string }> {
  const bucket = request.resource.startsWith('arn:aws:s3:::')
    ? request.resource.slice('arn:aws:s3:::'.length).split('/')[0]
    : undefined;
  // KMS authorises a call on a key with the key's policy as well as the caller's; a key the
  // stack does not make (a rotation's) has the policy KMS gives one made without a policy.
  const resourcePolicy = bucket
    ? model.bucketPolicies.get(bucket)
    : /^arn:aws:kms:[^:]*:[^:]*:key\/[^*]+$/.test(request.resource)
      ? (model.keyPolicies.get(request.resource) ?? defaultKeyPolicy(model.account))
      : undefined;
  const result = await runSimulation(
    {
      request: {
        principal: `arn:aws:sts::${model.account}:assumed-role/${fn.fn.roleName}/${fn.name}`,
        action: request.action,
        resource: { resource: request.resource, accountId: model.account },
        contextVariables: request.context,
      },
      identityPolicies: fn.policies,
      serviceControlPolicies: [],
      resourceControlPolicies: [],
      ...(resourcePolicy ? { resourcePolicy } : {}),
    },
    {},
  );
  if (result.resultType === 'error') return { outcome: 'Error', detail: JSON.stringify(result.errors) };
  return { outcome: result.overallResult };
}

// --- Glob matching of IAM action and resource patterns --------------------------------------

const globCache = new Map<string, RegExp>();
function glob(pattern: string, flags = ''): RegExp {
  const key = `${flags}:${pattern}`;
  let re = globCache.get(key);
  if (!re) {
    const body = pattern
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/\?/g, '.');
    re = new RegExp(`^${body}$`, flags);
    globCache.set(key, re);
  }
  return re;
}
const list = (value: unknown): string[] =>
  Array.isArray(value) ? value.map(String) : value ? [String(value)] : [];

/** One action pattern of one Allow statement of a function's policies. */
export interface Grant {
  /** The capability the statement serves: `DynamoDB table (read)`, `S3 media` … */
  group: string;
  action: string;
  resources: string[];
  used: boolean;
}

function groupOf(action: string, access: FunctionAccess): string {
  const service = action.split(':')[0];
  switch (service) {
    case 'dynamodb':
      return 'DynamoDB table';
    case 's3':
      return access.pictureSets ? 'S3 picture-sets' : 'S3 media';
    case 'ses':
      return 'SES mail';
    case 'secretsmanager':
      return 'Secrets Manager';
    case 'xray':
      return 'X-Ray tracing';
    case 'logs':
      return 'CloudWatch Logs';
    case 'sqs':
      return 'SQS dead letters (asynchronous functions)';
    case 'lambda':
      return 'Lambda (starts a job)';
    case 'kms':
      return 'KMS (the passport key)';
    case 'ssm':
      return 'SSM parameter (the shop’s origin)';
    case 'backup':
      return 'AWS Backup (the restore validation’s result)';
    default:
      return service ?? action;
  }
}

function grantsOf(fn: FunctionModel): Grant[] {
  const grants: Grant[] = [];
  for (const { policy } of fn.policies) {
    for (const statement of policy.Statement) {
      if (statement.Effect !== 'Allow') continue;
      for (const action of list(statement.Action))
        grants.push({
          group: groupOf(action, fn.access),
          action,
          resources: list(statement.Resource),
          used: false,
        });
    }
  }
  return grants;
}

function markUsed(grants: Grant[], request: IamRequest): void {
  for (const grant of grants) {
    if (!glob(grant.action, 'i').test(request.action)) continue;
    if (grant.resources.some((r) => glob(r).test(request.resource))) grant.used = true;
  }
}

// --- The report ----------------------------------------------------------------------------

export interface Verdict {
  fn: string;
  route: string;
  service: string;
  operation: string;
  presigned?: true;
  request: IamRequest;
  outcome: Outcome;
  detail?: string;
  /** How many recorded calls made this same request. */
  count: number;
}

export interface FunctionUsage {
  name: string;
  route: string;
  access: string;
  calls: number;
  usedActions: string[];
  grantedUnused: string[];
}

export interface GroupUsage {
  group: string;
  functions: number;
  granted: string[];
  used: string[];
  unused: { action: string; decision: string }[];
}

export interface Report {
  files: string[];
  calls: number;
  services: Record<string, number>;
  /** Calls made outside any function: test code calling function modules directly. */
  unattributed: number;
  /** Calls outside any function in the gateway's process: a function's call that lost its scope. */
  unattributedInGateway: number;
  unknownFunctions: Record<string, number>;
  unmapped: { fn: string; service: string; operation: string; count: number }[];
  requests: number;
  denied: Verdict[];
  errors: Verdict[];
  functionsTotal: number;
  functionsWithCalls: number;
  functions: FunctionUsage[];
  groups: GroupUsage[];
  /**
   * Per function, each action its declaration holds that no recorded call used, with the row's
   * reason (`why`); one without a reason fails the check (hold it with a reason, or remove it).
   */
  heldUnused: HeldUnused[];
}

export interface HeldUnused {
  fn: string;
  route: string;
  /** The declaration's word: `table:delete`, `media:list`, `mail`. */
  word: string;
  reason?: string;
}

const describeAccess = (access: FunctionAccess) =>
  access.pictureSets ? 'picture sets' : accessWords(access).join(' ');

const TABLE_WORD = new Map(Object.entries(TABLE_ACTIONS).map(([word, action]) => [action, word]));
const BUCKET_WORD = new Map(Object.entries(BUCKET_ACTIONS).map(([word, action]) => [action, word]));

/** The declaration word (functions/routes.ts) an allowed request uses: `table:put`, `media:list`, `mail`. */
export function wordOf(request: IamRequest, model: StackModel): string | undefined {
  const [service] = request.action.split(':');
  if (service === 'dynamodb') {
    const word = TABLE_WORD.get(request.action);
    return word && `table:${word}`;
  }
  if (service === 's3') {
    const bucket = request.resource.slice('arn:aws:s3:::'.length).split('/')[0];
    const kind =
      bucket === model.mediaBucket
        ? 'media'
        : bucket === model.privateMediaBucket
          ? 'private-media'
          : undefined;
    const word = BUCKET_WORD.get(request.action);
    return kind && word && `${kind}:${word}`;
  }
  if (service === 'ses') return request.action === 'ses:GetEmailIdentity' ? 'mail-identity' : 'mail';
  if (service === 'secretsmanager') return 'secrets';
  return undefined;
}

/**
 * The tags IAM sees on a key a call names: the stack's keys carry their template's tags; a key
 * the stack does not make was made at run time by a rotation, which IAM allows only the signer,
 * and only with the passport's tag (its CreateKey calls are evaluated too), so it carries that.
 */
export function keyTagContext(model: StackModel, keyArn: string): Record<string, string> {
  const tags =
    model.keyTags.get(keyArn) ??
    (model.keyArns.includes(keyArn) ? {} : { [PASSPORT_KEY_TAG.key]: PASSPORT_KEY_TAG.value });
  return Object.fromEntries(Object.entries(tags).map(([key, value]) => [`aws:ResourceTag/${key}`, value]));
}

/**
 * Who may sign with each of the stack's KMS keys: every function's policies simulated for
 * kms:Sign on the key, with the key's tags (docs/passport.md: only the passport signer may).
 */
export async function keySigners(model: StackModel): Promise<{ key: string; signers: string[] }[]> {
  const keys: { key: string; signers: string[] }[] = [];
  for (const key of model.keyArns) {
    const signers: string[] = [];
    for (const fn of model.functions) {
      const request: IamRequest = {
        action: 'kms:Sign',
        resource: key,
        context: { 'aws:SecureTransport': 'true', ...keyTagContext(model, key) },
      };
      const { outcome, detail } = await simulate(model, fn, request);
      if (outcome === 'Error') throw new Error(`${fn.name}: kms:Sign could not be simulated: ${detail}`);
      if (outcome === 'Allowed') signers.push(fn.name);
    }
    keys.push({ key, signers });
  }
  return keys;
}

/** Evaluates recordings against the assembly: the whole check's data. */
export async function evaluateRecordings(recordings: Recording[], model: StackModel): Promise<Report> {
  const report: Report = {
    files: recordings.map((r) => r.file),
    calls: 0,
    services: {},
    unattributed: 0,
    unattributedInGateway: 0,
    unknownFunctions: {},
    unmapped: [],
    requests: 0,
    denied: [],
    errors: [],
    functionsTotal: model.functions.length,
    functionsWithCalls: 0,
    functions: [],
    groups: [],
    heldUnused: [],
  };
  const verdicts = new Map<string, Verdict>();
  const unmapped = new Map<string, { fn: string; service: string; operation: string; count: number }>();
  const callsBy = new Map<FunctionModel, number>();
  const grantsBy = new Map<FunctionModel, Grant[]>(model.functions.map((f) => [f, grantsOf(f)]));
  const usedBy = new Map<FunctionModel, Set<string>>(model.functions.map((f) => [f, new Set()]));
  const wordsUsedBy = new Map<FunctionModel, Set<string>>(model.functions.map((f) => [f, new Set()]));

  for (const { calls, local, setupCalls = 0 } of recordings) {
    for (const [index, call] of calls.entries()) {
      report.calls += 1;
      report.services[call.service] = (report.services[call.service] ?? 0) + 1;
      if (!call.fn) {
        report.unattributed += 1;
        // Before the stack line: the local stack's setup (seeding the demo admin), not a function.
        const inGateway = local.gatewayPid !== undefined && call.pid === local.gatewayPid;
        if (inGateway && index >= setupCalls) report.unattributedInGateway += 1;
        continue;
      }
      const fn = model.byName(call.fn);
      if (!fn) {
        report.unknownFunctions[call.fn] = (report.unknownFunctions[call.fn] ?? 0) + 1;
        continue;
      }
      callsBy.set(fn, (callsBy.get(fn) ?? 0) + 1);
      const requests = iamRequests(call, model, local);
      if (!requests) {
        const key = `${fn.name} ${call.service}:${call.operation}`;
        const entry = unmapped.get(key) ?? {
          fn: fn.name,
          service: call.service,
          operation: call.operation,
          count: 0,
        };
        entry.count += 1;
        unmapped.set(key, entry);
        continue;
      }
      for (const request of requests) {
        const key = JSON.stringify([fn.name, request.action, request.resource, request.context]);
        const known = verdicts.get(key);
        if (known) {
          known.count += 1;
          continue;
        }
        const word = wordOf(request, model);
        const { outcome, detail } = await simulate(model, fn, request);
        verdicts.set(key, {
          fn: fn.name,
          route: fn.route,
          service: call.service,
          operation: call.operation,
          ...(call.presigned ? { presigned: true as const } : {}),
          request,
          outcome,
          ...(detail ? { detail } : {}),
          count: 1,
        });
        if (outcome === 'Allowed') {
          markUsed(grantsBy.get(fn) as Grant[], request);
          usedBy.get(fn)?.add(request.action);
          if (word) wordsUsedBy.get(fn)?.add(word);
        }
      }
    }
  }
  report.requests = verdicts.size;
  report.unmapped = [...unmapped.values()];
  for (const verdict of verdicts.values()) {
    if (verdict.outcome === 'Error') report.errors.push(verdict);
    else if (verdict.outcome !== 'Allowed') report.denied.push(verdict);
  }
  report.functionsWithCalls = callsBy.size;

  const groups = new Map<
    string,
    { functions: Set<FunctionModel>; granted: Set<string>; used: Set<string> }
  >();
  for (const fn of model.functions) {
    const grants = grantsBy.get(fn) as Grant[];
    report.functions.push({
      name: fn.name,
      route: fn.route,
      access: describeAccess(fn.access),
      calls: callsBy.get(fn) ?? 0,
      usedActions: [...(usedBy.get(fn) ?? [])].sort(),
      grantedUnused: [...new Set(grants.filter((g) => !g.used).map((g) => g.action))].sort(),
    });
    for (const grant of grants) {
      const group = groups.get(grant.group) ?? { functions: new Set(), granted: new Set(), used: new Set() };
      group.functions.add(fn);
      group.granted.add(grant.action);
      if (grant.used) group.used.add(grant.action);
      groups.set(grant.group, group);
    }
  }
  for (const fn of model.functions) {
    if (fn.access.pictureSets) continue; // its own grant, decided per group (decisions.ts)
    const used = wordsUsedBy.get(fn) as Set<string>;
    for (const word of accessWords(fn.access)) {
      if (used.has(word)) continue;
      // Only the deployed bundles read the secret: decided once for every function (decisions.ts).
      const reason =
        fn.access.why[word] ??
        (word === 'secrets' ? decisionFor('Secrets Manager', 'secretsmanager:GetSecretValue') : undefined);
      report.heldUnused.push({ fn: fn.name, route: fn.route, word, ...(reason ? { reason } : {}) });
    }
  }
  report.groups = [...groups.entries()]
    .map(([group, g]) => ({
      group,
      functions: g.functions.size,
      granted: [...g.granted].sort(),
      used: [...g.used].sort(),
      unused: [...g.granted]
        .filter((a) => !g.used.has(a))
        .sort()
        .map((action) => ({ action, decision: decisionFor(group, action) ?? 'UNDECIDED' })),
    }))
    .sort((a, b) => a.group.localeCompare(b.group));
  return report;
}

const describeVerdict = (v: Verdict) =>
  `${v.fn} (${v.route}): ${v.service} ${v.operation}${v.presigned ? ' (presigned)' : ''} → ` +
  `${v.request.action} on ${v.request.resource}: ${v.outcome}${v.request.implied ? ` [${v.request.implied}]` : ''}` +
  `${v.detail ? ` ${v.detail}` : ''} (×${v.count})`;

export function describeProblems(report: Report): string[] {
  return [
    ...report.denied.map(describeVerdict),
    ...report.errors.map(describeVerdict),
    ...report.unmapped.map(
      (u) => `${u.fn}: ${u.service} ${u.operation} is not mapped to IAM requests in test/iam (×${u.count})`,
    ),
    ...Object.entries(report.unknownFunctions).map(
      ([name, n]) => `calls recorded for "${name}", which is no function of cdk.out (×${n})`,
    ),
    ...report.heldUnused
      .filter((h) => !h.reason)
      .map(
        (h) =>
          `${h.fn} (${h.route}) holds ${h.word}, which no recorded call uses: remove it from its row in functions/routes.ts or name why`,
      ),
    ...(report.unattributedInGateway
      ? [
          `${report.unattributedInGateway} calls in the gateway's process were made outside any function's scope`,
        ]
      : []),
  ];
}

export function renderMarkdown(report: Report): string {
  const lines = [
    '# AWS calls against the synthesized IAM policies',
    '',
    `Recordings: ${report.files.map((f) => `\`${f}\``).join(', ')}`,
    '',
    `- calls recorded: ${report.calls} (${Object.entries(report.services)
      .map(([s, n]) => `${s} ${n}`)
      .join(', ')})`,
    `- calls outside any function (test code calling modules directly, not evaluated): ${report.unattributed}` +
      ` (in the gateway's process: ${report.unattributedInGateway})`,
    `- functions that made calls: ${report.functionsWithCalls} of ${report.functionsTotal}`,
    `- distinct IAM requests simulated: ${report.requests}`,
    `- denied: ${report.denied.length}; simulation errors: ${report.errors.length}; unmapped: ${report.unmapped.length}; unknown functions: ${Object.keys(report.unknownFunctions).length}`,
    '',
  ];
  const problems = describeProblems(report);
  if (problems.length) lines.push('## Problems', '', ...problems.map((p) => `- ${p}`), '');
  lines.push(
    '## Per grant: granted vs used',
    '',
    '| grant | functions | granted | used by a test | granted, never used |',
    '| --- | --- | --- | --- | --- |',
  );
  for (const g of report.groups)
    lines.push(
      `| ${g.group} | ${g.functions} | ${g.granted.join(', ')} | ${g.used.join(', ') || '—'} | ${
        g.unused.map((u) => `${u.action} (${u.decision})`).join('; ') || '—'
      } |`,
    );
  lines.push(
    '',
    '## Per function',
    '',
    '| function | route | access | calls | actions used | granted, never used |',
    '| --- | --- | --- | --- | --- | --- |',
  );
  for (const f of [...report.functions].sort((a, b) => a.name.localeCompare(b.name)))
    lines.push(
      `| ${f.name} | ${f.route} | ${f.access} | ${f.calls} | ${f.usedActions.join(', ') || '—'} | ${
        f.grantedUnused.join(', ') || '—'
      } |`,
    );
  return `${lines.join('\n')}\n`;
}
