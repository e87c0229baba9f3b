import {
  CreateTableCommand,
  DescribeTableCommand,
  type DynamoDBClient,
  ResourceNotFoundException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { CreateKeyCommand, DescribeKeyCommand, type KMSClient, ListKeysCommand } from '@aws-sdk/client-kms';
import {
  AlreadyExistsException,
  CreateEmailIdentityCommand,
  CreateEmailTemplateCommand,
  type SESv2Client,
  UpdateEmailTemplateCommand,
} from '@aws-sdk/client-sesv2';
import {
  LOG_KEY_SPEC,
  PASSPORT_KEY_DESCRIPTION,
  PASSPORT_KEY_TAG,
  PASSPORT_LOG_KEY_DESCRIPTION,
} from '#passport/adapters/kms-signer.ts';
import {
  MAIL_TEMPLATES,
  type MailTemplate,
  templateContent,
  templateName,
} from '#platform/mail-templates.ts';
import { TABLE } from '#table/table.ts';

/**
 * The table's stream, as the CDK stack turns it on (infra/stack.ts): every change with the item
 * before and after, read by the page renderer's function (infra/local/table-stream.ts here).
 */
export const TABLE_STREAM = { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' } as const;

/**
 * The single table's keys, indexes and billing as the CDK stack defines it (infra/stack.ts): what
 * a table made for the shop is created with, and what an import of its export creates (the
 * restore drill's ImportTable TableCreationParameters take these fields as they are).
 */
export function tableKeysAndIndexes(tableName: string) {
  const { indexes } = TABLE;
  const keyNames = [
    TABLE.partitionKey,
    TABLE.sortKey,
    ...Object.values(indexes).flatMap((i) => [i.partitionKey, i.sortKey]),
  ];
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST' as const,
    AttributeDefinitions: keyNames.map((name) => ({ AttributeName: name, AttributeType: 'S' as const })),
    KeySchema: [
      { AttributeName: TABLE.partitionKey, KeyType: 'HASH' as const },
      { AttributeName: TABLE.sortKey, KeyType: 'RANGE' as const },
    ],
    GlobalSecondaryIndexes: Object.entries(indexes).map(([IndexName, index]) => ({
      IndexName,
      KeySchema: [
        { AttributeName: index.partitionKey, KeyType: 'HASH' as const },
        { AttributeName: index.sortKey, KeyType: 'RANGE' as const },
      ],
      Projection: { ProjectionType: 'ALL' as const },
    })),
  };
}

/**
 * Creates the single table as the CDK stack defines it, if it does not exist yet; a table kept
 * from an earlier start without its stream (.local/data) gets it.
 */
export async function ensureTable(
  client: DynamoDBClient,
  tableName: string,
): Promise<'created' | 'existing'> {
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    if (!Table?.StreamSpecification?.StreamEnabled)
      await client.send(new UpdateTableCommand({ TableName: tableName, StreamSpecification: TABLE_STREAM }));
    return 'existing';
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  await client.send(
    new CreateTableCommand({ ...tableKeysAndIndexes(tableName), StreamSpecification: TABLE_STREAM }),
  );
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: TABLE.ttlAttribute, Enabled: true },
    }),
  );
  return 'created';
}

/** The table's stream (its latest), as DescribeTable names it. */
export async function tableStreamArn(client: DynamoDBClient, tableName: string): Promise<string> {
  const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
  if (!Table?.LatestStreamArn) throw new Error(`the table ${tableName} has no stream`);
  return Table.LatestStreamArn;
}

/** Creates (or updates) the shop's mail templates in the SES stand-in, as the CDK stack does in SES. */
export async function ensureMailTemplates(client: SESv2Client, prefix?: string): Promise<void> {
  for (const template of Object.keys(MAIL_TEMPLATES) as MailTemplate[]) {
    const { subject, text, html } = templateContent(template);
    const TemplateName = templateName(template, prefix);
    const TemplateContent = { Subject: subject, Text: text, Html: html };
    try {
      await client.send(new CreateEmailTemplateCommand({ TemplateName, TemplateContent }));
    } catch (error) {
      if (!(error instanceof AlreadyExistsException)) throw error;
      await client.send(new UpdateEmailTemplateCommand({ TemplateName, TemplateContent }));
    }
  }
}

/**
 * The shop's mail identity (its sender's domain) in the SES stand-in, as the CDK stack makes it
 * in SES, then verified as SES verifies it once its DNS records are published: the local mail
 * store takes every mail (infra/local/ses-identities.ts).
 */
export async function ensureMailIdentity(client: SESv2Client, sesUrl: string, domain: string): Promise<void> {
  try {
    await client.send(new CreateEmailIdentityCommand({ EmailIdentity: domain }));
  } catch (error) {
    if (!(error instanceof AlreadyExistsException)) throw error;
  }
  const verified = await fetch(`${sesUrl}/__control/identities/${encodeURIComponent(domain)}/verification`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ verified: true }),
  });
  if (!verified.ok) throw new Error(`the SES stand-in did not verify ${domain}: ${await verified.text()}`);
}

/**
 * The passport's signing key in the local KMS: the oldest enabled ECC_NIST_P256 SIGN_VERIFY key
 * of that description, or a new one at the first start (CDK creates it in AWS); with `log`, the
 * log's ECC_NIST_EDWARDS25519 checkpoint key, the same way.
 */
export async function ensurePassportKey(
  client: KMSClient,
  log = false,
): Promise<{ keyId: string; created: boolean }> {
  const spec = log ? LOG_KEY_SPEC : 'ECC_NIST_P256';
  const description = log ? PASSPORT_LOG_KEY_DESCRIPTION : PASSPORT_KEY_DESCRIPTION;
  const found: { keyId: string; created: number }[] = [];
  let marker: string | undefined;
  do {
    const page = await client.send(new ListKeysCommand(marker ? { Marker: marker } : {}));
    for (const { KeyId } of page.Keys ?? []) {
      const { KeyMetadata: key } = await client.send(new DescribeKeyCommand({ KeyId }));
      if (
        key?.KeyId &&
        key.Enabled &&
        key.KeySpec === spec &&
        key.KeyUsage === 'SIGN_VERIFY' &&
        key.Description === description
      )
        found.push({ keyId: key.KeyId, created: key.CreationDate?.getTime() ?? 0 });
    }
    marker = page.Truncated ? page.NextMarker : undefined;
  } while (marker);
  const oldest = found.sort((a, b) => a.created - b.created)[0];
  if (oldest) return { keyId: oldest.keyId, created: false };
  const { KeyMetadata } = await client.send(
    new CreateKeyCommand({
      KeySpec: spec,
      KeyUsage: 'SIGN_VERIFY',
      Description: description,
      // As CDK tags the deployment's key: the signer's IAM policy is conditioned on it.
      Tags: [{ TagKey: PASSPORT_KEY_TAG.key, TagValue: PASSPORT_KEY_TAG.value }],
    }),
  );
  if (!KeyMetadata?.KeyId) throw new Error('the local KMS created no key');
  return { keyId: KeyMetadata.KeyId, created: true };
}
