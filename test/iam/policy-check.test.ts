import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AwsCallRecord } from '#platform/aws-call-log.ts';
import { parseAccess } from '../../functions/routes.ts';
import { readCloudAssembly } from '../../infra/local/cloud-assembly.ts';
import {
  DEFAULT_LOCAL_NAMES,
  describeProblems,
  evaluateRecordings,
  type FunctionModel,
  iamRequests,
  keySigners,
  NEW_KEY,
  type StackModel,
  simulate,
  stackModel,
} from './policy-check.ts';

/**
 * The mapping from recorded calls to IAM requests, and their evaluation against cdk.out's
 * policies: a call outside a function's policy must come out denied, or the check after the
 * suites (recorded-calls.check.ts) could never fail. Needs cdk.out (`npm test` synthesizes it
 * before vitest runs).
 */
const cdkOut = resolve(import.meta.dirname, '../..', 'cdk.out');
const synthesized = existsSync(resolve(cdkOut, 'manifest.json'));
const model = (synthesized ? stackModel(readCloudAssembly(cdkOut)) : undefined) as StackModel;

const call = (fn: string, service: string, operation: string, input: Record<string, unknown>, extra = {}) =>
  ({ fn, service, operation, input, ...extra }) as AwsCallRecord;

async function outcomes(...calls: AwsCallRecord[]) {
  const report = await evaluateRecordings([{ file: 'unit', local: DEFAULT_LOCAL_NAMES, calls }], model);
  return report;
}

describe.skipIf(!synthesized)('IAM check of recorded AWS calls', () => {
  it('translates local names to the deployed ones and a transaction to its per-item actions', () => {
    const requests = iamRequests(
      call('CatalogAdminProductsCreateProduct', 'dynamodb', 'TransactWriteItems', {
        TransactItems: [
          { kind: 'Put', table: 'boutique' },
          { kind: 'ConditionCheck', table: 'boutique' },
          { kind: 'Delete', table: 'boutique' },
        ],
      }),
      model,
    );
    expect(requests?.map((r) => r.action)).toEqual([
      'dynamodb:PutItem',
      'dynamodb:ConditionCheckItem',
      'dynamodb:DeleteItem',
    ]);
    expect(requests?.[0]?.resource).toBe(`arn:aws:dynamodb:us-east-1:111122223333:table/${model.table}`);
    const query = iamRequests(
      call('X', 'dynamodb', 'Query', { TableName: 'boutique', IndexName: 'gsi1' }),
      model,
    );
    expect(query?.[0]?.resource).toBe(
      `arn:aws:dynamodb:us-east-1:111122223333:table/${model.table}/index/gsi1`,
    );
    const list = iamRequests(
      call('X', 's3', 'ListObjectsV2', { Bucket: 'boutique-media', Prefix: 'p/' }),
      model,
    );
    expect(list).toEqual([
      expect.objectContaining({
        action: 's3:ListBucket',
        resource: `arn:aws:s3:::${model.mediaBucket}`,
        context: expect.objectContaining({ 's3:prefix': 'p/' }),
      }),
    ]);
    const mail = iamRequests(
      call('X', 'sesv2', 'SendEmail', {
        FromEmailAddress: DEFAULT_LOCAL_NAMES.mailFrom,
        TemplateName: 'boutique-order-confirmation',
      }),
      model,
    );
    expect(mail?.map((r) => r.resource)).toEqual([
      expect.stringMatching(/^arn:aws:ses:us-east-1:111122223333:identity\/[^*]+$/),
      `arn:aws:ses:us-east-1:111122223333:template/${model.templates.get('order-confirmation')}`,
    ]);
  });

  it("reads the local sender's identity as the deployed one: allowed only the opening checklist (issue 45)", async () => {
    const domain = DEFAULT_LOCAL_NAMES.mailFrom?.replace(/^.*@|>$/g, '') ?? '';
    const identity = iamRequests(
      call('StaffAdminOpeningChecklist', 'sesv2', 'GetEmailIdentity', { EmailIdentity: domain }),
      model,
    );
    expect(identity).toEqual([
      expect.objectContaining({
        action: 'ses:GetEmailIdentity',
        resource: expect.stringMatching(/^arn:aws:ses:us-east-1:111122223333:identity\/[^*@]+$/),
      }),
    ]);
    const allowed = await outcomes(
      call('StaffAdminOpeningChecklist', 'sesv2', 'GetEmailIdentity', { EmailIdentity: domain }),
    );
    expect(allowed.denied).toEqual([]);
    const denied = await outcomes(
      call('AuthenticityHttpLogin', 'sesv2', 'GetEmailIdentity', { EmailIdentity: domain }),
    );
    expect(denied.denied).toHaveLength(1);
  });

  it('allows what a function is granted', async () => {
    const report = await outcomes(
      call('CatalogHttpGetType', 'dynamodb', 'GetItem', { TableName: 'boutique' }),
      call('CatalogHttpGetTypeByGender', 'dynamodb', 'Query', { TableName: 'boutique', IndexName: 'gsi1' }),
      call('CatalogAdminProductsCreateProduct', 'dynamodb', 'TransactWriteItems', {
        TransactItems: [
          { kind: 'Put', table: 'boutique' },
          { kind: 'ConditionCheck', table: 'boutique' },
        ],
      }),
      call(
        'AuthenticityHttpCard',
        's3',
        'GetObject',
        { Bucket: 'boutique-private-media', Key: 'authenticity/a.jpg' },
        { presigned: true },
      ),
      call('CatalogAdminMediaCreateUpload', 's3', 'PutObject', {
        Bucket: 'boutique-media',
        Key: 'products/a.jpg',
      }),
      call('CatalogAdminMediaUploadImages', 's3', 'HeadObject', {
        Bucket: 'boutique-media',
        Key: 'products/b.jpg',
      }),
      call('AuthenticityHttpLogin', 'sesv2', 'SendEmail', {
        FromEmailAddress: DEFAULT_LOCAL_NAMES.mailFrom,
        TemplateName: 'boutique-portal-failed-logins',
      }),
    );
    expect(report.denied).toEqual([]);
    expect(report.errors).toEqual([]);
    expect(report.requests).toBe(9);
  });

  it('denies a call outside the policy', async () => {
    const report = await outcomes(
      // A read-only storefront function writing the table.
      call('CatalogHttpGetType', 'dynamodb', 'PutItem', { TableName: 'boutique' }),
      call('CatalogHttpGetType', 'dynamodb', 'TransactWriteItems', {
        TransactItems: [{ kind: 'Update', table: 'boutique' }],
      }),
      // A storefront function signing a link to an authenticity photo.
      call(
        'CatalogHttpGetImgsByPid',
        's3',
        'GetObject',
        { Bucket: 'boutique-private-media', Key: 'authenticity/a.jpg' },
        { presigned: true },
      ),
      // The portal reading outside authenticity/ and outside its bucket.
      call('AuthenticityHttpCard', 's3', 'GetObject', {
        Bucket: 'boutique-private-media',
        Key: 'other/a.jpg',
      }),
      call('AuthenticityHttpCard', 's3', 'GetObject', { Bucket: 'boutique-media', Key: 'products/a.jpg' }),
      // Mail from a function without mail, and a template the stack does not define.
      call('CatalogHttpGetType', 'sesv2', 'SendEmail', {
        FromEmailAddress: DEFAULT_LOCAL_NAMES.mailFrom,
        TemplateName: 'boutique-order-confirmation',
      }),
      call('AuthenticityHttpLogin', 'sesv2', 'SendEmail', {
        FromEmailAddress: DEFAULT_LOCAL_NAMES.mailFrom,
        TemplateName: 'boutique-newsletter',
      }),
      // The shop's secret read by a function not given it; a table of another stack.
      call('CatalogHttpGetType', 'secretsmanager', 'GetSecretValue', { SecretId: model.secretArns[0] }),
      call('CatalogAdminProductsCreateProduct', 'dynamodb', 'GetItem', { TableName: 'someone-elses' }),
    );
    const denied = report.denied.map(
      (v) => `${v.fn} ${v.request.action} ${v.request.resource.split(':').at(-1)}`,
    );
    expect(denied).toEqual([
      expect.stringMatching(/^CatalogHttpGetType dynamodb:PutItem table\//),
      expect.stringMatching(/^CatalogHttpGetType dynamodb:UpdateItem table\//),
      expect.stringMatching(/^CatalogHttpGetImgsByPid s3:GetObject .*\/authenticity\/a\.jpg$/),
      expect.stringMatching(/^AuthenticityHttpCard s3:GetObject .*\/other\/a\.jpg$/),
      expect.stringMatching(/^AuthenticityHttpCard s3:GetObject .*mediabucket.*\/products\/a\.jpg$/),
      expect.stringMatching(/^CatalogHttpGetType ses:SendEmail identity\//),
      expect.stringMatching(/^CatalogHttpGetType ses:SendEmail template\//),
      expect.stringMatching(/^AuthenticityHttpLogin ses:SendEmail template\/boutique-dev-newsletter$/),
      expect.stringMatching(/^CatalogHttpGetType secretsmanager:GetSecretValue /),
      'CatalogAdminProductsCreateProduct dynamodb:GetItem table/someone-elses',
    ]);
    expect(report.denied.every((v) => v.outcome === 'ImplicitlyDenied')).toBe(true);
  });

  it('lets the restore validation read a restored table and report to AWS Backup, never touch the live table (issue 49)', async () => {
    const validation = model.functions.find((f) =>
      f.fn.description.startsWith('Validates each table restored by AWS Backup'),
    );
    expect(validation).toBeDefined();
    const fn = validation?.name as string;
    const scratch = 'awsbackup-restore-test-0a1b2c';
    const allowed = await outcomes(
      call(fn, 'dynamodb', 'Scan', { TableName: scratch }),
      call(fn, 'dynamodb', 'DescribeTable', { TableName: scratch }),
      call(fn, 'dynamodb', 'DescribeTimeToLive', { TableName: scratch }),
      call(fn, 'dynamodb', 'DescribeContinuousBackups', { TableName: scratch }),
      call(fn, 'backup', 'PutRestoreValidationResult', {
        RestoreJobId: 'job-1',
        ValidationStatus: 'SUCCESSFUL',
      }),
    );
    expect(allowed.denied).toEqual([]);
    expect(allowed.errors).toEqual([]);
    expect(allowed.requests).toBe(5);
    // The live table, even for a read, is denied explicitly; writes anywhere are not granted.
    const denied = await outcomes(
      call(fn, 'dynamodb', 'Scan', { TableName: 'boutique' }),
      call(fn, 'dynamodb', 'PutItem', { TableName: scratch }),
      call('CatalogHttpGetType', 'backup', 'PutRestoreValidationResult', {
        RestoreJobId: 'job-1',
        ValidationStatus: 'SUCCESSFUL',
      }),
    );
    expect(denied.denied.map((v) => `${v.request.action} ${v.outcome}`)).toEqual([
      'dynamodb:Scan ExplicitlyDenied',
      'dynamodb:PutItem ImplicitlyDenied',
      'backup:PutRestoreValidationResult ImplicitlyDenied',
    ]);
  });

  it('lets the picture sets touch the picture prefixes of their own bucket, and nothing else', async () => {
    const fn = 'MediaJobsMakePictureSets';
    expect(model.byName(fn)?.fn.logicalId).toMatch(/^PictureSetsFunction/);
    expect(model.byName('PictureSetsFunction')).toBe(model.byName(fn));
    const allowed = await outcomes(
      call(fn, 's3', 'GetObject', { Bucket: 'boutique-media', Key: 'collection_images/a.jpg' }),
      call(fn, 's3', 'PutObject', { Bucket: 'boutique-media', Key: 'collection_images/a/640w.avif' }),
      // The original deleted meanwhile: 404, then one DeleteObjects of the variants written.
      call(
        fn,
        's3',
        'HeadObject',
        { Bucket: 'boutique-media', Key: 'collection_images/b.jpg' },
        { error: 'NotFound' },
      ),
      call(fn, 's3', 'DeleteObjects', {
        Bucket: 'boutique-media',
        DeleteKeys: ['collection_images/b/320w.avif', 'collection_images/b/320w.webp'],
      }),
      call(fn, 's3', 'GetObject', { Bucket: 'boutique-private-media', Key: 'authenticity/p.jpg' }),
      call(fn, 's3', 'PutObject', { Bucket: 'boutique-private-media', Key: 'authenticity/p/320w.jpg' }),
    );
    expect(allowed.denied).toEqual([]);
    expect(allowed.errors).toEqual([]);
    expect(allowed.requests).toBe(8);
    const refused = await outcomes(
      call(fn, 's3', 'PutObject', { Bucket: 'boutique-media', Key: 'videos/v/320w.jpg' }),
      // A private picture's set never lands in the public bucket, nor a public one in the private.
      call(fn, 's3', 'PutObject', { Bucket: 'boutique-media', Key: 'authenticity/p/320w.jpg' }),
      call(fn, 's3', 'PutObject', { Bucket: 'boutique-private-media', Key: 'collection_images/a/320w.jpg' }),
      call(fn, 's3', 'GetObject', { Bucket: 'boutique-private-media', Key: 'other/x.jpg' }),
      call(fn, 'dynamodb', 'GetItem', { TableName: 'boutique' }),
    );
    expect(refused.denied.map((v) => `${v.request.action} ${v.request.resource.split(':').at(-1)}`)).toEqual([
      expect.stringMatching(/^s3:PutObject .*mediabucket.*\/videos\/v\/320w\.jpg$/),
      expect.stringMatching(/^s3:PutObject .*mediabucket.*\/authenticity\/p\/320w\.jpg$/),
      expect.stringMatching(/^s3:PutObject .*privatemediabucket.*\/collection_images\/a\/320w\.jpg$/),
      expect.stringMatching(/^s3:GetObject .*privatemediabucket.*\/other\/x\.jpg$/),
      expect.stringMatching(/^dynamodb:GetItem table\//),
    ]);
  });

  it("lets the public pages' functions write the pages of the web bucket and read the table, and nothing else", async () => {
    const web = { settings: { 'boutique-web': 'WEB_BUCKET' } };
    for (const fn of ['pages/jobs/render-on-change', 'pages/jobs/render-all']) {
      expect(model.byName(fn)?.fn.environment.WEB_BUCKET).toBeTruthy();
      const allowed = await outcomes(
        call(fn, 's3', 'PutObject', { Bucket: 'boutique-web', Key: 'pages/pieces/p1.html' }, web),
        call(fn, 's3', 'DeleteObject', { Bucket: 'boutique-web', Key: 'pages/pieces/p2.html' }, web),
        call(fn, 's3', 'PutObject', { Bucket: 'boutique-web', Key: 'sitemap.xml' }, web),
        call(fn, 's3', 'PutObject', { Bucket: 'boutique-web', Key: 'robots.txt' }, web),
        // The build a page is rendered into: read only.
        call(fn, 's3', 'GetObject', { Bucket: 'boutique-web', Key: 'index.html' }, web),
        call(fn, 's3', 'GetObject', { Bucket: 'boutique-web', Key: 'assets/main-1a2b.css' }, web),
        call(fn, 'dynamodb', 'Query', { TableName: 'boutique', IndexName: 'gsi2' }),
        call(fn, 'dynamodb', 'GetItem', { TableName: 'boutique' }),
      );
      expect(allowed.denied).toEqual([]);
      expect(allowed.errors).toEqual([]);
      const refused = await outcomes(
        // The app itself is the web deployment's, the media are not the pages'.
        call(fn, 's3', 'PutObject', { Bucket: 'boutique-web', Key: 'index.html' }, web),
        call(fn, 's3', 'DeleteObject', { Bucket: 'boutique-web', Key: 'assets/app.js' }, web),
        call(fn, 's3', 'GetObject', { Bucket: 'boutique-web', Key: 'assets/app.js' }, web),
        call(fn, 's3', 'PutObject', { Bucket: 'boutique-media', Key: 'pages/home.html' }),
        call(fn, 'dynamodb', 'PutItem', { TableName: 'boutique' }),
      );
      expect(refused.denied.map((v) => v.request.action)).toEqual([
        's3:PutObject',
        's3:DeleteObject',
        's3:GetObject',
        's3:PutObject',
        'dynamodb:PutItem',
      ]);
    }
  });

  it('lets the order journal put the journal bucket’s orders/* and nothing else (issue 49)', async () => {
    const fn = 'checkout/jobs/journal-orders';
    const bucket = model.byName(fn)?.fn.environment.JOURNAL_BUCKET;
    expect(bucket).toBeTruthy();
    const journal = { settings: { 'boutique-journal': 'JOURNAL_BUCKET' } };
    const allowed = await outcomes(
      call(
        fn,
        's3',
        'PutObject',
        { Bucket: 'boutique-journal', Key: 'orders/0b7f2a56-1c3d-4e5f-8a9b-0c1d2e3f4a5b.json' },
        journal,
      ),
    );
    expect(allowed.denied).toEqual([]);
    expect(allowed.errors).toEqual([]);
    const refused = await outcomes(
      call(fn, 's3', 'GetObject', { Bucket: 'boutique-journal', Key: 'orders/x.json' }, journal),
      call(fn, 's3', 'PutObject', { Bucket: 'boutique-journal', Key: 'other/x.json' }, journal),
      call(fn, 's3', 'PutObject', { Bucket: 'boutique-media', Key: 'orders/x.json' }),
      call(fn, 'dynamodb', 'GetItem', { TableName: 'boutique' }),
    );
    expect(refused.denied.map((v) => v.request.action)).toEqual([
      's3:GetObject',
      's3:PutObject',
      's3:PutObject',
      'dynamodb:GetItem',
    ]);
  });

  it('lets the restore’s reconciliation read the journal’s orders (a missing one 404), never write it nor read other objects (issue 49)', async () => {
    const fn = 'checkout/jobs/recover-payments';
    expect(model.byName(fn)?.fn.environment.JOURNAL_BUCKET).toBeTruthy();
    const journal = { settings: { 'boutique-journal': 'JOURNAL_BUCKET' } };
    const order = 'orders/0b7f2a56-1c3d-4e5f-8a9b-0c1d2e3f4a5b.json';
    const allowed = await outcomes(
      call(fn, 's3', 'GetObject', { Bucket: 'boutique-journal', Key: order }, journal),
      // An order the journal never had: NoSuchKey, which S3 answers only to a caller that may list.
      call(
        fn,
        's3',
        'GetObject',
        { Bucket: 'boutique-journal', Key: order },
        { ...journal, error: 'NoSuchKey' },
      ),
      call(fn, 'dynamodb', 'GetItem', { TableName: 'boutique' }),
      call(fn, 'dynamodb', 'PutItem', { TableName: 'boutique' }),
    );
    expect(allowed.denied).toEqual([]);
    expect(allowed.errors).toEqual([]);
    const refused = await outcomes(
      call(fn, 's3', 'PutObject', { Bucket: 'boutique-journal', Key: order }, journal),
      call(fn, 's3', 'GetObject', { Bucket: 'boutique-journal', Key: 'other/x.json' }, journal),
      call(fn, 's3', 'GetObject', { Bucket: 'boutique-media', Key: 'orders/x.json' }),
      call(fn, 'dynamodb', 'DeleteItem', { TableName: 'boutique' }),
    );
    expect(refused.denied.map((v) => v.request.action)).toEqual([
      's3:PutObject',
      's3:GetObject',
      's3:GetObject',
      'dynamodb:DeleteItem',
    ]);
  });

  it('lets the passport log’s restore read the published log (a missing file 404) and write the table, nothing else of the bucket (issue 49)', async () => {
    const fn = 'passport/restore-log';
    const allowed = await outcomes(
      call(fn, 's3', 'GetObject', { Bucket: 'boutique-media', Key: 'passport/log/checkpoint' }),
      call(
        fn,
        's3',
        'GetObject',
        { Bucket: 'boutique-media', Key: 'passport/log/checkpoints.txt' },
        { error: 'NoSuchKey' },
      ),
      call(fn, 'dynamodb', 'DeleteItem', { TableName: 'boutique' }),
    );
    expect(allowed.denied).toEqual([]);
    expect(allowed.errors).toEqual([]);
    const refused = await outcomes(
      call(fn, 's3', 'PutObject', { Bucket: 'boutique-media', Key: 'passport/log/checkpoint' }),
      call(fn, 's3', 'GetObject', { Bucket: 'boutique-media', Key: 'passport/photos/x.jpg' }),
      call(fn, 's3', 'GetObject', { Bucket: 'boutique-private-media', Key: 'authenticity/x.jpg' }),
    );
    expect(refused.denied.map((v) => v.request.action)).toEqual([
      's3:PutObject',
      's3:GetObject',
      's3:GetObject',
    ]);
  });

  it('asks for s3:ListBucket when a HeadObject finds no object (404, not 403)', () => {
    const requests = iamRequests(
      call(
        'X',
        's3',
        'HeadObject',
        { Bucket: 'boutique-media', Key: 'products/c.jpg' },
        { error: 'NotFound' },
      ),
      model,
    );
    expect(requests?.map((r) => r.action)).toEqual(['s3:GetObject', 's3:ListBucket']);
  });

  it("lets the passport signer alone sign with the passport's key (issue 37)", async () => {
    const [key] = model.keyArns;
    const keyId = key?.split('/').at(-1);
    // As recorded locally: the local key's id, which came from PASSPORT_KEY_ID.
    const sign = (fn: string) =>
      call(
        fn,
        'kms',
        'Sign',
        { KeyId: 'local-key', MessageType: 'RAW' },
        { settings: { 'local-key': 'PASSPORT_KEY_ID' } },
      );
    const signer = model.byName('passport/jobs/passport-signer') as FunctionModel;
    expect(iamRequests(sign(signer.name), model)).toEqual([
      expect.objectContaining({ action: 'kms:Sign', resource: key }),
    ]);
    const report = await outcomes(
      sign(signer.name),
      call(signer.name, 'kms', 'GetPublicKey', { KeyId: keyId }),
      sign('CatalogAdminProductsCreateProduct'),
      call('AuthenticityHttpLogin', 'kms', 'Sign', { KeyId: key }),
      // A rotation's key (made at run time, tagged): the signer signs with it, no one else.
      call(signer.name, 'kms', 'Sign', { KeyId: '11111111-2222-3333-4444-555555555555' }),
      call('AuthenticityHttpLogin', 'kms', 'Sign', { KeyId: '11111111-2222-3333-4444-555555555555' }),
      // A rotation: the signer may make a key only with the passport's tag, and no one else may.
      call(signer.name, 'kms', 'CreateKey', { Tags: [{ TagKey: 'Purpose', TagValue: 'passport-signing' }] }),
      call(signer.name, 'kms', 'CreateKey', {}),
      call(signer.name, 'kms', 'CreateKey', { Tags: [{ TagKey: 'Purpose', TagValue: 'other' }] }),
      call('PassportAdminRotateKeys', 'kms', 'CreateKey', {
        Tags: [{ TagKey: 'Purpose', TagValue: 'passport-signing' }],
      }),
    );
    expect(
      report.denied.map((v) => `${v.fn} ${v.request.action} ${v.request.resource.split(':').at(-1)}`),
    ).toEqual([
      `CatalogAdminProductsCreateProduct kms:Sign key/${keyId}`,
      `AuthenticityHttpLogin kms:Sign key/${keyId}`,
      'AuthenticityHttpLogin kms:Sign key/11111111-2222-3333-4444-555555555555',
      `${signer.name} kms:CreateKey *`,
      `${signer.name} kms:CreateKey *`,
      `${signer.name} kms:TagResource key/${NEW_KEY}`,
      'PassportAdminRotateKeys kms:CreateKey *',
      `PassportAdminRotateKeys kms:TagResource key/${NEW_KEY}`,
    ]);
    // Both of the passport's keys, the certificates' (ES256) and the log's (Ed25519): the signer alone.
    expect(model.keyArns).toHaveLength(2);
    expect(await keySigners(model)).toEqual(
      model.keyArns.map((arn) => ({ key: arn, signers: [signer.name] })),
    );
    // The signer's grant is the tag's: a key without it (the deployment's, were it untagged) is refused.
    const untagged = await simulate(model, signer, {
      action: 'kms:Sign',
      resource: key as string,
      context: { 'aws:SecureTransport': 'true' },
    });
    expect(untagged.outcome).not.toBe('Allowed');

    // Planted: another function granted kms:Sign on the key is found signing.
    const other = model.byName('CatalogHttpGetType') as FunctionModel;
    const planted: FunctionModel = {
      ...other,
      policies: [
        ...other.policies,
        {
          name: 'planted',
          policy: {
            Version: '2012-10-17',
            Statement: [{ Effect: 'Allow', Action: 'kms:Sign', Resource: '*' }],
          },
        },
      ],
    };
    const withPlant = { ...model, functions: model.functions.map((f) => (f === other ? planted : f)) };
    expect((await keySigners(withPlant))[0]?.signers.sort()).toEqual([other.name, signer.name].sort());
  });

  it('reports calls it cannot map, and functions cdk.out does not have', async () => {
    const report = await outcomes(
      call('CatalogHttpGetType', 's3', 'PutBucketPolicy', { Bucket: 'boutique-media' }),
      call('NoSuchFunction', 'dynamodb', 'GetItem', { TableName: 'boutique' }),
      call(null as unknown as string, 'dynamodb', 'GetItem', { TableName: 'boutique' }),
    );
    expect(report.unmapped).toEqual([
      { fn: 'CatalogHttpGetType', service: 's3', operation: 'PutBucketPolicy', count: 1 },
    ]);
    expect(report.unknownFunctions).toEqual({ NoSuchFunction: 1 });
    expect(report.unattributed).toBe(1);
  });

  it('fails on a function holding an action no recorded call uses and its row names no reason for', async () => {
    // A planted function like GET /api/products before: granted DeleteItem it never calls.
    const real = model.byName('CatalogAdminProductsListProducts') as FunctionModel;
    const tableArn = `arn:aws:dynamodb:us-east-1:111122223333:table/${model.table}`;
    const planted = (why: Record<string, string>): StackModel => {
      const fn: FunctionModel = {
        ...real,
        name: 'Planted',
        access: parseAccess('table:get,delete', why),
        policies: [
          {
            name: 'planted',
            policy: {
              Version: '2012-10-17',
              Statement: [
                {
                  Effect: 'Allow',
                  Action: ['dynamodb:GetItem', 'dynamodb:DeleteItem'],
                  Resource: [tableArn, `${tableArn}/index/*`],
                },
              ],
            },
          },
        ],
      };
      return { ...model, functions: [fn], byName: (name) => (name === 'Planted' ? fn : undefined) };
    };
    const run = (m: StackModel, ...calls: AwsCallRecord[]) =>
      evaluateRecordings([{ file: 'unit', local: DEFAULT_LOCAL_NAMES, calls }], m);
    const get = call('Planted', 'dynamodb', 'GetItem', { TableName: 'boutique' });

    const unreasoned = await run(planted({}), get);
    expect(unreasoned.denied).toEqual([]);
    expect(unreasoned.heldUnused).toEqual([expect.objectContaining({ fn: 'Planted', word: 'table:delete' })]);
    expect(describeProblems(unreasoned)).toEqual([
      expect.stringMatching(/^Planted .* holds table:delete, which no recorded call uses/),
    ]);

    // Named why in its row: held, reported with the reason, not a failure.
    const reasoned = await run(planted({ 'table:delete': 'an error path no test reaches' }), get);
    expect(reasoned.heldUnused).toEqual([
      expect.objectContaining({ word: 'table:delete', reason: 'an error path no test reaches' }),
    ]);
    expect(describeProblems(reasoned)).toEqual([]);

    // Used by a recorded call (here inside a transaction): nothing held unused.
    const used = await run(
      planted({}),
      get,
      call('Planted', 'dynamodb', 'TransactWriteItems', {
        TransactItems: [{ kind: 'Delete', table: 'boutique' }],
      }),
    );
    expect(used.heldUnused).toEqual([]);
    expect(describeProblems(used)).toEqual([]);
  });

  it('finds no action the route table holds without a use or a reason in a row, and refuses unknown words', () => {
    expect(() => parseAccess('table:get,scan')).toThrow(/unknown table action 'scan'/);
    expect(() => parseAccess('write media')).toThrow(/unknown access word|media needs/);
    expect(() => parseAccess('table:get', { 'table:delete': 'x' })).toThrow(/does not hold/);
  });
});
