import { createHash, createPublicKey, verify } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CreateKeyCommand,
  DescribeKeyCommand,
  GetPublicKeyCommand,
  InvalidKeyUsageException,
  KMSClient,
  type KMSClientConfig,
  ListKeysCommand,
  ListResourceTagsCommand,
  NotFoundException,
  SignCommand,
  TagException,
  UnsupportedOperationException,
} from '@aws-sdk/client-kms';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  logPublicKey,
  PASSPORT_KEY_DESCRIPTION,
  PASSPORT_LOG_KEY_DESCRIPTION,
  signWithLogKey,
} from '#passport/adapters/kms-signer.ts';
import { rawFromDer } from '#shared/passport/der.ts';
import { startKms } from './kms.ts';
import { ensurePassportKey } from './resources.ts';
import type { StandIn } from './stand-ins.ts';

const dir = mkdtempSync(join(tmpdir(), 'kms-stand-in-'));
const stateFile = join(dir, 'kms.json');
let kms: StandIn;

/** The real client, pointed at the stand-in as the functions are: through AWS_ENDPOINT_URL_KMS. */
const client = () => new KMSClient({});

beforeEach(async () => {
  kms = await startKms(0, stateFile);
  vi.stubEnv('AWS_ENDPOINT_URL_KMS', kms.url);
  vi.stubEnv('AWS_REGION', 'us-east-1');
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'local');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'local');
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await kms.stop();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Not a modelled exception of the SDK: it surfaces as KMSServiceException named so. */
const VALIDATION = { name: 'ValidationException', $fault: 'client' };

const createSigningKey = async () => {
  const { KeyMetadata } = await client().send(
    new CreateKeyCommand({ KeySpec: 'ECC_NIST_P256', KeyUsage: 'SIGN_VERIFY', Description: 'test key' }),
  );
  return KeyMetadata?.KeyId as string;
};

describe('the local KMS, through @aws-sdk/client-kms', () => {
  it('creates an ECC_NIST_P256 signing key, describes and lists it by id and by ARN', async () => {
    const { KeyMetadata: created } = await client().send(
      new CreateKeyCommand({ KeySpec: 'ECC_NIST_P256', KeyUsage: 'SIGN_VERIFY', Description: 'test key' }),
    );
    expect(created).toMatchObject({
      KeySpec: 'ECC_NIST_P256',
      KeyUsage: 'SIGN_VERIFY',
      KeyState: 'Enabled',
      Enabled: true,
      Description: 'test key',
      SigningAlgorithms: ['ECDSA_SHA_256'],
      Arn: `arn:aws:kms:us-east-1:000000000000:key/${created?.KeyId}`,
    });
    expect(created?.CreationDate).toBeInstanceOf(Date);
    for (const KeyId of [created?.KeyId, created?.Arn]) {
      const { KeyMetadata } = await client().send(new DescribeKeyCommand({ KeyId }));
      expect(KeyMetadata?.KeyId).toBe(created?.KeyId);
    }
    const { Keys } = await client().send(new ListKeysCommand({}));
    expect(Keys).toContainEqual({ KeyId: created?.KeyId, KeyArn: created?.Arn });
  });

  it('signs RAW messages and DIGESTs with ECDSA_SHA_256: DER that the public key (SPKI) verifies', async () => {
    const KeyId = await createSigningKey();
    const { PublicKey, KeySpec, KeyUsage } = await client().send(new GetPublicKeyCommand({ KeyId }));
    expect({ KeySpec, KeyUsage }).toEqual({ KeySpec: 'ECC_NIST_P256', KeyUsage: 'SIGN_VERIFY' });
    const publicKey = createPublicKey({
      key: Buffer.from(PublicKey as Uint8Array),
      format: 'der',
      type: 'spki',
    });
    expect(publicKey.asymmetricKeyDetails?.namedCurve).toBe('prime256v1');
    const message = new TextEncoder().encode('c1.piece.8.12.Gowns.20261127.digest.kid');
    const raw = await client().send(
      new SignCommand({ KeyId, Message: message, MessageType: 'RAW', SigningAlgorithm: 'ECDSA_SHA_256' }),
    );
    const digest = await client().send(
      new SignCommand({
        KeyId,
        Message: createHash('sha256').update(message).digest(),
        MessageType: 'DIGEST',
        SigningAlgorithm: 'ECDSA_SHA_256',
      }),
    );
    for (const answer of [raw, digest]) {
      expect(answer.SigningAlgorithm).toBe('ECDSA_SHA_256');
      const der = answer.Signature as Uint8Array;
      expect(der[0]).toBe(0x30);
      expect(verify('sha256', message, publicKey, der)).toBe(true);
      expect(verify('sha256', message, { key: publicKey, dsaEncoding: 'ieee-p1363' }, rawFromDer(der))).toBe(
        true,
      );
      expect(verify('sha256', new TextEncoder().encode('another message'), publicKey, der)).toBe(false);
    }
  });

  it("answers KMS's errors: unknown key, wrong algorithm, bad digest or message, unsupported key, unknown operation", async () => {
    const KeyId = await createSigningKey();
    const send = (input: Partial<ConstructorParameters<typeof SignCommand>[0]>) =>
      client().send(
        new SignCommand({
          KeyId,
          Message: new Uint8Array([1]),
          SigningAlgorithm: 'ECDSA_SHA_256',
          ...input,
        } as ConstructorParameters<typeof SignCommand>[0]),
      );
    await expect(
      client().send(new DescribeKeyCommand({ KeyId: '00000000-0000-0000-0000-000000000000' })),
    ).rejects.toBeInstanceOf(NotFoundException);
    await expect(client().send(new GetPublicKeyCommand({ KeyId: 'alias/none' }))).rejects.toBeInstanceOf(
      NotFoundException,
    );
    await expect(send({ KeyId: `arn:aws:kms:eu-west-1:000000000000:key/${KeyId}` })).rejects.toBeInstanceOf(
      NotFoundException,
    );
    await expect(send({ SigningAlgorithm: 'RSASSA_PSS_SHA_256' })).rejects.toBeInstanceOf(
      InvalidKeyUsageException,
    );
    await expect(send({ MessageType: 'DIGEST', Message: new Uint8Array(20) })).rejects.toMatchObject(
      VALIDATION,
    );
    await expect(send({ Message: new Uint8Array(4097) })).rejects.toMatchObject(VALIDATION);
    await expect(send({ Message: new Uint8Array(4096) })).resolves.toMatchObject({
      KeyId: expect.any(String),
    });
    await expect(client().send(new CreateKeyCommand({}))).rejects.toBeInstanceOf(
      UnsupportedOperationException,
    );
    const unknown = await fetch(kms.url, {
      method: 'POST',
      headers: { 'x-amz-target': 'TrentService.Decrypt', 'content-type': 'application/x-amz-json-1.1' },
      body: '{}',
    });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ __type: 'UnknownOperationException' });
  });

  it('keeps the tags a key is made with, and refuses malformed ones as KMS does', async () => {
    const made = (Tags: unknown) =>
      client().send(
        new CreateKeyCommand({
          KeySpec: 'ECC_NIST_P256',
          KeyUsage: 'SIGN_VERIFY',
          Tags: Tags as { TagKey: string; TagValue: string }[],
        }),
      );
    const { KeyMetadata } = await made([{ TagKey: 'Purpose', TagValue: 'passport-signing' }]);
    const tags = await client().send(new ListResourceTagsCommand({ KeyId: KeyMetadata?.KeyId }));
    expect(tags.Tags).toEqual([{ TagKey: 'Purpose', TagValue: 'passport-signing' }]);
    const untagged = await createSigningKey();
    expect((await client().send(new ListResourceTagsCommand({ KeyId: untagged }))).Tags).toEqual([]);
    for (const bad of [
      [{ TagKey: '', TagValue: 'x' }],
      [
        { TagKey: 'Purpose', TagValue: 'a' },
        { TagKey: 'Purpose', TagValue: 'b' },
      ],
      [{ TagKey: 'Purpose' }],
    ])
      await expect(made(bad)).rejects.toBeInstanceOf(TagException);
  });

  it('keeps its keys across a restart, in a file only its owner reads', async () => {
    const KeyId = await createSigningKey();
    const before = await client().send(new GetPublicKeyCommand({ KeyId }));
    await kms.stop();
    expect(statSync(stateFile).mode & 0o777).toBe(0o600);
    kms = await startKms(0, stateFile);
    vi.stubEnv('AWS_ENDPOINT_URL_KMS', kms.url);
    const after = await client().send(new GetPublicKeyCommand({ KeyId }));
    expect(after.PublicKey).toEqual(before.PublicKey);
    const signed = await client().send(
      new SignCommand({ KeyId, Message: new Uint8Array([7]), SigningAlgorithm: 'ECDSA_SHA_256' }),
    );
    const publicKey = createPublicKey({
      key: Buffer.from(after.PublicKey as Uint8Array),
      format: 'der',
      type: 'spki',
    });
    expect(verify('sha256', new Uint8Array([7]), publicKey, signed.Signature as Uint8Array)).toBe(true);
  });

  it("gives the stack the passport's key: made once, the same at every later start", async () => {
    await createSigningKey();
    const first = await ensurePassportKey(client());
    expect(first.created).toBe(true);
    const { KeyMetadata } = await client().send(new DescribeKeyCommand({ KeyId: first.keyId }));
    expect(KeyMetadata?.Description).toBe(PASSPORT_KEY_DESCRIPTION);
    // Tagged as CDK tags the deployed key: the signer's IAM policy signs only with keys so tagged.
    expect((await client().send(new ListResourceTagsCommand({ KeyId: first.keyId }))).Tags).toEqual([
      { TagKey: 'Purpose', TagValue: 'passport-signing' },
    ]);
    await kms.stop();
    kms = await startKms(0, stateFile);
    vi.stubEnv('AWS_ENDPOINT_URL_KMS', kms.url);
    expect(await ensurePassportKey(client())).toEqual({ keyId: first.keyId, created: false });
  });

  it('creates an ECC_NIST_EDWARDS25519 key that signs RAW messages with ED25519_SHA_512, as the log key', async () => {
    const { KeyMetadata } = await client().send(
      new CreateKeyCommand({
        KeySpec: 'ECC_NIST_EDWARDS25519',
        KeyUsage: 'SIGN_VERIFY',
        Description: 'log key',
      }),
    );
    const KeyId = KeyMetadata?.KeyId as string;
    expect(KeyMetadata).toMatchObject({
      KeySpec: 'ECC_NIST_EDWARDS25519',
      SigningAlgorithms: ['ED25519_SHA_512'],
    });
    const key = await client().send(new GetPublicKeyCommand({ KeyId }));
    expect(key).toMatchObject({ KeySpec: 'ECC_NIST_EDWARDS25519', KeyUsage: 'SIGN_VERIFY' });
    const publicKey = createPublicKey({
      key: Buffer.from(key.PublicKey as Uint8Array),
      format: 'der',
      type: 'spki',
    });
    const message = new TextEncoder().encode('shop.example/passport/log\n1\n');
    const { Signature } = await client().send(
      new SignCommand({ KeyId, Message: message, MessageType: 'RAW', SigningAlgorithm: 'ED25519_SHA_512' }),
    );
    expect(Signature).toHaveLength(64);
    expect(verify(null, message, publicKey, Signature as Uint8Array)).toBe(true);
    await expect(
      client().send(new SignCommand({ KeyId, Message: message, SigningAlgorithm: 'ECDSA_SHA_256' })),
    ).rejects.toBeInstanceOf(InvalidKeyUsageException);
    await expect(
      client().send(
        new SignCommand({
          KeyId,
          Message: new Uint8Array(64),
          MessageType: 'DIGEST',
          SigningAlgorithm: 'ED25519_SHA_512',
        }),
      ),
    ).rejects.toMatchObject(VALIDATION);
    // The signer's adapter: the 32-byte key, and a signature it checked.
    const raw = await logPublicKey(KeyId);
    expect(Buffer.from(raw)).toEqual(publicKey.export({ type: 'spki', format: 'der' }).subarray(12));
    expect(verify(null, message, publicKey, await signWithLogKey(message, KeyId))).toBe(true);
    const made = await ensurePassportKey(client(), true);
    const { KeyMetadata: log } = await client().send(new DescribeKeyCommand({ KeyId: made.keyId }));
    expect(log).toMatchObject({
      KeySpec: 'ECC_NIST_EDWARDS25519',
      Description: PASSPORT_LOG_KEY_DESCRIPTION,
    });
    expect(await ensurePassportKey(client(), true)).toEqual({ keyId: made.keyId, created: false });
  });
});

describe('no web page, and given the stack’s credentials no other process, reaches its keys', () => {
  const credentials = {
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    sessionToken: 'token-of-this-start',
  };
  const signWith = (config: KMSClientConfig, KeyId: string) =>
    new KMSClient({ endpoint: kms.url, region: 'us-east-1', maxAttempts: 1, ...config }).send(
      new SignCommand({ KeyId, Message: new Uint8Array([7]), SigningAlgorithm: 'ECDSA_SHA_256' }),
    );
  const post = (headers: Record<string, string>, body: string) =>
    fetch(kms.url, { method: 'POST', headers: { 'x-amz-target': 'TrentService.Sign', ...headers }, body });

  it('refuses a request with an Origin or from another site, signed or not: 403, nothing signed', async () => {
    const KeyId = await createSigningKey();
    const sign = JSON.stringify({ KeyId, Message: 'Bw==', SigningAlgorithm: 'ECDSA_SHA_256' });
    for (const headers of [
      { origin: 'https://evil.example', 'content-type': 'text/plain' } as Record<string, string>,
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ]) {
      const answer = await post(headers, sign);
      expect(answer.status, JSON.stringify(headers)).toBe(403);
      expect(await answer.json()).toEqual({ __type: 'AccessDeniedException', message: expect.any(String) });
    }
    // The same request from a tool (no Origin) is signed: the refusal is the page's alone.
    expect((await post({ 'content-type': 'application/x-amz-json-1.1' }, sign)).status).toBe(200);
  });

  it('given the stack’s credentials, signs only for a request signed with them', async () => {
    const KeyId = await createSigningKey();
    await kms.stop();
    kms = await startKms(0, stateFile, credentials);
    expect((await signWith({ credentials }, KeyId)).Signature).toBeInstanceOf(Uint8Array);
    for (const other of [
      { ...credentials, sessionToken: undefined },
      { ...credentials, sessionToken: 'another-token' },
      { ...credentials, secretAccessKey: 'another' },
    ])
      await expect(signWith({ credentials: other }, KeyId)).rejects.toMatchObject({
        $metadata: { httpStatusCode: 403 },
      });
    const unsigned = await post(
      { 'content-type': 'application/x-amz-json-1.1' },
      JSON.stringify({ KeyId, Message: 'Bw==', SigningAlgorithm: 'ECDSA_SHA_256' }),
    );
    expect(unsigned.status).toBe(403);
    expect(await unsigned.json()).toMatchObject({ __type: 'MissingAuthenticationTokenException' });
  });
});
