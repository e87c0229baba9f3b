import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AwsCallRecord, decisiveInput, recordAwsCalls } from '#platform/aws-call-log.ts';
import { runInScope } from '#platform/request-scope.ts';

const dir = mkdtempSync(join(tmpdir(), 'aws-call-log-'));
const file = join(dir, 'calls.jsonl');
let server: Server;
let endpoint = '';
const credentials = { accessKeyId: 'x', secretAccessKey: 'y' };

beforeAll(async () => {
  // Answers every DynamoDB request with an empty success.
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' }).end('{}'));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  endpoint = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
beforeEach(() => {
  rmSync(file, { force: true });
  vi.stubEnv('AWS_CALL_LOG', file);
  vi.stubEnv('TABLE_NAME', 'boutique');
  vi.stubEnv('PRIVATE_MEDIA_BUCKET', 'private');
  vi.stubEnv('MAIL_TEMPLATE_PREFIX', undefined);
  vi.stubEnv('AWS_LAMBDA_FUNCTION_NAME', undefined);
});
afterEach(() => vi.unstubAllEnvs());
afterAll(() => {
  server.close();
  rmSync(dir, { recursive: true, force: true });
});

const recorded = (): AwsCallRecord[] =>
  readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));

describe('the AWS call recording', () => {
  it('records each call with its function, service, operation and the inputs IAM decides on', async () => {
    const ddb = DynamoDBDocumentClient.from(
      recordAwsCalls(new DynamoDBClient({ endpoint, region: 'us-east-1', credentials })),
    );
    await runInScope(
      () =>
        ddb.send(
          new TransactWriteCommand({
            TransactItems: [
              { Put: { TableName: 'boutique', Item: { pk: 'a@example.com', sk: 'x', secret: 's' } } },
              {
                ConditionCheck: {
                  TableName: 'boutique',
                  Key: { pk: 'p', sk: 'q' },
                  ConditionExpression: 'x',
                },
              },
            ],
          }),
        ),
      'CatalogAdminProductsCreateProduct',
    );
    expect(recorded()).toEqual([
      {
        fn: 'CatalogAdminProductsCreateProduct',
        service: 'dynamodb',
        operation: 'TransactWriteItems',
        input: {
          TransactItems: [
            { kind: 'Put', table: 'boutique' },
            { kind: 'ConditionCheck', table: 'boutique' },
          ],
        },
        settings: { boutique: 'TABLE_NAME' },
      },
    ]);
    // Item contents, keys and values are never written.
    expect(readFileSync(file, 'utf8')).not.toMatch(/example\.com|secret/);
  });

  it('records a presigned URL as the call it allows, signed by the function', async () => {
    const s3 = recordAwsCalls(new S3Client({ region: 'us-east-1', credentials }));
    // A deployed bundle: one function per process, named by Lambda's environment.
    vi.stubEnv('AWS_LAMBDA_FUNCTION_NAME', 'AuthenticityHttpCard');
    await getSignedUrl(s3, new GetObjectCommand({ Bucket: 'private', Key: 'authenticity/a.jpg' }));
    expect(recorded()).toEqual([
      {
        fn: 'AuthenticityHttpCard',
        service: 's3',
        operation: 'GetObject',
        input: { Bucket: 'private', Key: 'authenticity/a.jpg' },
        presigned: true,
        settings: { private: 'PRIVATE_MEDIA_BUCKET' },
      },
    ]);
  });

  it('notes the settings a mail’s sender and template came from, never its recipients or data', async () => {
    vi.stubEnv('MAIL_FROM', 'Shop <orders@shop.example>');
    const ses = recordAwsCalls(new SESv2Client({ endpoint, region: 'us-east-1', credentials }));
    await runInScope(
      () =>
        ses.send(
          new SendEmailCommand({
            FromEmailAddress: 'Shop <orders@shop.example>',
            Destination: { ToAddresses: ['buyer@example.com'] },
            Content: {
              Template: { TemplateName: 'boutique-order-confirmation', TemplateData: '{"total":"9"}' },
            },
          }),
        ),
      'CheckoutWebhooksStripe',
    );
    expect(recorded()).toEqual([
      {
        fn: 'CheckoutWebhooksStripe',
        service: 'sesv2',
        operation: 'SendEmail',
        input: {
          FromEmailAddress: 'Shop <orders@shop.example>',
          TemplateName: 'boutique-order-confirmation',
        },
        settings: {
          'Shop <orders@shop.example>': 'MAIL_FROM',
          'boutique-order-confirmation': 'MAIL_TEMPLATE_PREFIX=boutique',
        },
      },
    ]);
  });

  it('does nothing without AWS_CALL_LOG, and a file it cannot write never fails the call', async () => {
    vi.stubEnv('AWS_CALL_LOG', undefined);
    const s3 = recordAwsCalls(new S3Client({ region: 'us-east-1', credentials }));
    await getSignedUrl(s3, new GetObjectCommand({ Bucket: 'b', Key: 'k' }));
    expect(existsSync(file)).toBe(false);
    vi.stubEnv('AWS_CALL_LOG', join(dir, 'no-such-dir', 'calls.jsonl'));
    // Signed all the same (to whatever endpoint this worker's environment names).
    await expect(getSignedUrl(s3, new GetObjectCommand({ Bucket: 'b', Key: 'k' }))).resolves.toMatch(
      /X-Amz-Signature=[0-9a-f]{64}/,
    );
  });

  it('keeps the fields that decide the IAM request and drops the rest', () => {
    expect(
      decisiveInput({
        TableName: 't',
        IndexName: 'gsi1',
        Key: { pk: 'x' },
        RequestItems: { t: [{ PutRequest: {} }, { DeleteRequest: {} }] },
        Content: { Template: { TemplateName: 'boutique-x', TemplateData: '{"password":"p"}' } },
        FromEmailAddress: 'a <a@b.c>',
        Destination: { ToAddresses: ['d@e.f'] },
      }),
    ).toEqual({
      TableName: 't',
      IndexName: 'gsi1',
      RequestItems: { t: ['PutRequest', 'DeleteRequest'] },
      TemplateName: 'boutique-x',
      FromEmailAddress: 'a <a@b.c>',
    });
  });

  it('keeps which KMS key signs and how, never the message', () => {
    const signing = { KeyId: 'k', MessageType: 'RAW', SigningAlgorithm: 'ECDSA_SHA_256' };
    for (const Message of [new TextEncoder().encode('c1.piece'), 'c1.piece'])
      expect(decisiveInput({ ...signing, Message })).toEqual(signing);
  });

  it("keeps a new KMS key's tags, which IAM's conditions read, and nothing else of it", () => {
    const Tags = [{ TagKey: 'Purpose', TagValue: 'passport-signing' }];
    expect(
      decisiveInput({ KeySpec: 'ECC_NIST_P256', Description: 'the passport key', Tags, Policy: '{}' }),
    ).toEqual({ Tags });
  });
});
