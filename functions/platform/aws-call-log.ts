import { appendFileSync } from 'node:fs';
import { DEFAULT_TEMPLATE_PREFIX } from '#platform/mail-templates.ts';
import { currentScope } from '#platform/request-scope.ts';

/**
 * Records every AWS call the functions make, for test/iam: each call is checked against its
 * function's synthesized IAM policy after the suites ran. Off unless AWS_CALL_LOG names a file
 * (the local stack's test runs set it); in AWS the middleware only reads one variable and
 * calls on. A record that cannot be written is dropped: logging never breaks a call.
 */
export interface AwsCallRecord {
  /** The Lambda function (its route name on the local stack), or null outside any function. */
  fn: string | null;
  /** The SDK client's service: dynamodb, s3, sesv2, secretsmanager, lambda, kms. */
  service: string;
  /** The command's name without `Command`: GetItem, TransactWriteItems, PutObject … */
  operation: string;
  /** The input fields that decide the IAM actions, resources and condition keys. */
  input: Record<string, unknown>;
  /** A presigned URL was made: the holder of the URL does `operation` with this function's rights. */
  presigned?: true;
  /** The error the call ended with, by name (e.g. NotFound). */
  error?: string;
  /** Outside any function only: the process, so the check can tell test code from a lost scope. */
  pid?: number;
  /**
   * The setting each name in `input` came from (`{ "boutique": "TABLE_NAME" }`), so the check
   * names the resource as the deployed function would, from its own environment.
   */
  settings?: Record<string, string>;
}

type Input = Record<string, unknown>;
const KEPT = [
  'TableName',
  // Lambda's Invoke: which function, and how (never the event, which may hold an e-mail).
  'FunctionName',
  'InvocationType',
  'IndexName',
  'Select',
  'Bucket',
  'Key',
  'Prefix',
  'Delimiter',
  'VersionId',
  'CopySource',
  'ACL',
  'Tagging',
  'FromEmailAddress',
  'FromEmailAddressIdentityArn',
  // SES GetEmailIdentity: which identity (a domain, or the sender's address).
  'EmailIdentity',
  'ConfigurationSetName',
  'SecretId',
  'VersionStage',
  // KMS: which key, and how it signs (never the message).
  'KeyId',
  'MessageType',
  'SigningAlgorithm',
] as const;

/** The fields of a call's input that IAM looks at; never item contents or mail data. */
export function decisiveInput(input: Input): Input {
  const kept: Input = {};
  // Strings only: a DynamoDB Key is an item's key (maybe an address), an S3 Key a path.
  for (const name of KEPT) if (typeof input[name] === 'string') kept[name] = input[name];
  const items = input.TransactItems;
  if (Array.isArray(items)) {
    kept.TransactItems = items.map((item: Input) => {
      const [kind = '?'] = Object.keys(item ?? {});
      return { kind, table: (item[kind] as Input | undefined)?.TableName };
    });
  }
  const requests = input.RequestItems;
  if (requests && typeof requests === 'object') {
    kept.RequestItems = Object.fromEntries(
      Object.entries(requests as Record<string, unknown>).map(([table, value]) => [
        table,
        // BatchWriteItem: the kind of each request; BatchGetItem: the number of keys.
        Array.isArray(value)
          ? [...new Set(value.map((request: Input) => Object.keys(request ?? {})[0]))]
          : { keys: ((value as Input)?.Keys as unknown[] | undefined)?.length ?? 0 },
      ]),
    );
  }
  // KMS CreateKey: its tags are the request's tags IAM conditions read (aws:RequestTag, aws:TagKeys).
  const tags = input.Tags;
  if (Array.isArray(tags))
    kept.Tags = tags.map((tag: Input) => ({ TagKey: tag?.TagKey, TagValue: tag?.TagValue }));
  const objects = (input.Delete as Input | undefined)?.Objects;
  if (Array.isArray(objects)) kept.DeleteKeys = objects.map((o: Input) => o.Key);
  const template = (input.Content as Input | undefined)?.Template as Input | undefined;
  if (template) {
    if (template.TemplateName !== undefined) kept.TemplateName = template.TemplateName;
    if (template.TemplateArn !== undefined) kept.TemplateArn = template.TemplateArn;
  }
  return kept;
}

/** The settings that name the resources a function touches (its environment in AWS). */
const SETTINGS = [
  'TABLE_NAME',
  'MEDIA_BUCKET',
  'PRIVATE_MEDIA_BUCKET',
  'WEB_BUCKET',
  'MAIL_FROM',
  'SHOP_SECRETS_ARN',
  'RESET_LINK_FUNCTION',
  'PASSPORT_SIGNER_FUNCTION',
  'PASSPORT_KEY_ID',
  'PASSPORT_LOG_KEY_ID',
  'SEQUENCE_LOG_FUNCTION',
] as const;

/** Which of the call's names came from which setting; a template name from MAIL_TEMPLATE_PREFIX. */
function settingsOf(input: Input): Record<string, string> | undefined {
  const names = [
    input.TableName,
    input.Bucket,
    input.FromEmailAddress,
    input.SecretId,
    input.FunctionName,
    input.KeyId,
  ];
  for (const item of (input.TransactItems ?? []) as Input[]) names.push(item.table);
  names.push(...Object.keys((input.RequestItems ?? {}) as Input));
  const settings: Record<string, string> = {};
  for (const name of names) {
    if (typeof name !== 'string') continue;
    const setting = SETTINGS.find((s) => process.env[s] === name);
    if (setting) settings[name] = setting;
  }
  const template = input.TemplateName;
  const prefix = process.env.MAIL_TEMPLATE_PREFIX ?? DEFAULT_TEMPLATE_PREFIX;
  if (typeof template === 'string' && template.startsWith(`${prefix}-`))
    settings[template] = `MAIL_TEMPLATE_PREFIX=${prefix}`;
  return Object.keys(settings).length > 0 ? settings : undefined;
}

function functionName(): string | null {
  return currentScope()?.functionName ?? process.env.AWS_LAMBDA_FUNCTION_NAME ?? null;
}

function write(path: string, record: AwsCallRecord): void {
  try {
    appendFileSync(path, `${JSON.stringify(record)}\n`);
  } catch {
    // The recording is a test aid: a full disk or a bad path must not fail the call.
  }
}

interface Context {
  clientName?: string;
  commandName?: string;
}

function record(path: string, context: Context, input: unknown, extra: Partial<AwsCallRecord>): void {
  try {
    const fn = functionName();
    const kept = decisiveInput((input ?? {}) as Input);
    const settings = settingsOf(kept);
    write(path, {
      fn,
      service: (context.clientName ?? 'unknown').replace(/Client$/, '').toLowerCase(),
      operation: (context.commandName ?? 'unknown').replace(/Command$/, ''),
      input: kept,
      ...extra,
      ...(settings ? { settings } : {}),
      ...(fn ? {} : { pid: process.pid }),
    });
  } catch {
    // As above: never let the recording break the call.
  }
}

type Next = (args: { input: unknown }) => Promise<{ output?: unknown }>;

const recordingMiddleware =
  (next: Next, context: Context) =>
  async (args: { input: unknown }): Promise<{ output?: unknown }> => {
    const path = process.env.AWS_CALL_LOG;
    if (!path) return next(args);
    let result: { output?: unknown };
    try {
      result = await next(args);
    } catch (error) {
      record(path, context, args.input, { error: (error as { name?: string })?.name ?? 'Error' });
      throw error;
    }
    // getSignedUrl runs the client's middleware and stops before sending: its output holds the URL.
    const presigned = (result?.output as { presigned?: unknown } | undefined)?.presigned !== undefined;
    record(path, context, args.input, presigned ? { presigned: true } : {});
    return result;
  };

interface WithMiddleware {
  middlewareStack: {
    add(middleware: never, options: { step: 'initialize'; name: string; override?: boolean }): void;
  };
}

/** Installs the recording middleware on an SDK client (every client the functions create). */
export function recordAwsCalls<C extends WithMiddleware>(client: C): C {
  client.middlewareStack.add(recordingMiddleware as never, {
    step: 'initialize',
    name: 'recordAwsCall',
    override: true,
  });
  return client;
}
