import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  randomUUID,
  sign,
} from 'node:crypto';
import { chmodSync } from 'node:fs';
import { createServer } from 'node:http';
import { p256 } from '@noble/curves/nist.js';
import { snapshotFile } from './snapshot-file.ts';
import { type StartCredentials, signatureRefusal, webPageRefusal } from './stand-in-callers.ts';
import type { StandIn } from './stand-ins.ts';

/**
 * A stand-in for AWS KMS's asymmetric signing keys (docs/passport.md, Keys), speaking KMS's own
 * JSON 1.1 protocol (`POST /`, `X-Amz-Target: TrentService.<operation>`), so the functions' real
 * `@aws-sdk/client-kms` reaches it through AWS_ENDPOINT_URL_KMS: CreateKey (with Tags),
 * DescribeKey, ListKeys, ListResourceTags, GetPublicKey, Sign. It keeps SIGN_VERIFY keys of the
 * passport's two specs only: ECC_NIST_P256 (ECDSA_SHA_256) and ECC_NIST_EDWARDS25519 (the log's,
 * ED25519_SHA_512 over a RAW message),
 * made with node:crypto, and answers KMS's error shapes (`{ __type, message }`, HTTP 400) for
 * what KMS refuses. Keys are kept in `stateFile` (under .local/data/) when given, else in memory.
 * No web page reaches it (a request with an `Origin` or a cross-site `Sec-Fetch-Site` is refused);
 * given the stack's `credentials`, only a request signed with them is answered (./stand-in-callers.ts).
 */
const ACCOUNT = '000000000000';
const KEY_SPEC = 'ECC_NIST_P256';
const ED25519_SPEC = 'ECC_NIST_EDWARDS25519';
type Spec = typeof KEY_SPEC | typeof ED25519_SPEC;
const KEY_USAGE = 'SIGN_VERIFY';
const SIGNING_ALGORITHM = 'ECDSA_SHA_256';
const ALGORITHMS: Record<Spec, string> = { [KEY_SPEC]: SIGNING_ALGORITHM, [ED25519_SPEC]: 'ED25519_SHA_512' };
/** KMS's limit on a RAW message; a DIGEST must be exactly the algorithm's digest length. */
const MAX_RAW_MESSAGE = 4096;
const DIGEST_LENGTH = 32;

interface StoredKey {
  KeyId: string;
  CreationDate: number;
  Description: string;
  /** ECC_NIST_P256 when absent (the keys kept before the log's). */
  KeySpec?: Spec;
  /** The tags it was made with (the passport's IAM policy is conditioned on them in AWS). */
  Tags?: { TagKey: string; TagValue: string }[];
  /** PKCS #8, PEM. */
  privateKey: string;
}

interface State {
  keys: StoredKey[];
}

class KmsError extends Error {
  readonly type: string;
  constructor(type: string, message: string) {
    super(message);
    this.type = type;
  }
}

type Input = Record<string, unknown>;

export async function startKms(
  port: number,
  stateFile?: string,
  credentials?: StartCredentials,
): Promise<StandIn> {
  const region = process.env.AWS_REGION ?? 'us-east-1';
  const keys = new Map<string, StoredKey>();
  const privateKeys = new Map<string, KeyObject>();
  const file = stateFile
    ? snapshotFile<State>(stateFile, () => ({ keys: [...keys.values()] }), 0)
    : undefined;
  for (const key of file?.load()?.keys ?? []) keys.set(key.KeyId, key);
  // The file holds private keys (local ones, but private): the owner alone reads it.
  const save = () => {
    if (!file || !stateFile) return;
    file.flush();
    chmodSync(stateFile, 0o600);
  };

  const arnOf = (keyId: string) => `arn:aws:kms:${region}:${ACCOUNT}:key/${keyId}`;
  const specOf = (key: StoredKey): Spec => key.KeySpec ?? KEY_SPEC;
  const metadata = (key: StoredKey) => ({
    AWSAccountId: ACCOUNT,
    KeyId: key.KeyId,
    Arn: arnOf(key.KeyId),
    CreationDate: key.CreationDate,
    Enabled: true,
    Description: key.Description,
    KeyUsage: KEY_USAGE,
    KeyState: 'Enabled',
    Origin: 'AWS_KMS',
    KeyManager: 'CUSTOMER',
    CustomerMasterKeySpec: specOf(key),
    KeySpec: specOf(key),
    SigningAlgorithms: [ALGORITHMS[specOf(key)]],
    MultiRegion: false,
  });
  const privateKeyOf = (key: StoredKey) => {
    let found = privateKeys.get(key.KeyId);
    if (!found) {
      found = createPrivateKey(key.privateKey);
      privateKeys.set(key.KeyId, found);
    }
    return found;
  };

  /** A key by id or key ARN of this stand-in's region and account; KMS's NotFoundException else. */
  const keyOf = (input: Input): StoredKey => {
    const id = input.KeyId;
    if (typeof id !== 'string' || id.length === 0 || id.length > 2048)
      throw new KmsError(
        'ValidationException',
        "1 validation error detected: Value at 'keyId' failed to satisfy constraint: Member must have length between 1 and 2048",
      );
    if (/^(arn:aws:kms:[^:]*:[^:]*:)?alias\//.test(id))
      throw new KmsError('NotFoundException', `Alias ${id} is not found.`);
    const keyId = id.startsWith('arn:') ? (id.startsWith(arnOf('')) ? id.slice(arnOf('').length) : '') : id;
    const key = keys.get(keyId);
    if (!key)
      throw new KmsError(
        'NotFoundException',
        `Key '${id.startsWith('arn:') ? id : arnOf(id)}' does not exist`,
      );
    return key;
  };
  const blob = (input: Input, name: string): Buffer => {
    const value = input[name];
    if (typeof value !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(value) || value.length % 4 !== 0)
      throw new KmsError('ValidationException', `${name} must be a base64 blob`);
    return Buffer.from(value, 'base64');
  };

  const operations: Record<string, (input: Input) => unknown> = {
    CreateKey(input) {
      const spec = input.KeySpec ?? input.CustomerMasterKeySpec ?? 'SYMMETRIC_DEFAULT';
      const usage = input.KeyUsage ?? 'ENCRYPT_DECRYPT';
      if ((spec !== KEY_SPEC && spec !== ED25519_SPEC) || usage !== KEY_USAGE)
        throw new KmsError(
          'UnsupportedOperationException',
          `this local KMS keeps ${KEY_SPEC} and ${ED25519_SPEC} ${KEY_USAGE} keys only, not ${String(spec)} ${String(usage)}`,
        );
      const description = input.Description ?? '';
      if (typeof description !== 'string' || description.length > 8192)
        throw new KmsError('ValidationException', 'Description must be a string of at most 8192 characters');
      const tags = tagsOf(input.Tags);
      const { privateKey } =
        spec === ED25519_SPEC
          ? generateKeyPairSync('ed25519')
          : generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const key: StoredKey = {
        KeyId: randomUUID(),
        CreationDate: Math.floor(Date.now() / 1000),
        Description: description,
        ...(spec === ED25519_SPEC ? { KeySpec: ED25519_SPEC } : {}),
        ...(tags.length ? { Tags: tags } : {}),
        privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
      };
      keys.set(key.KeyId, key);
      privateKeys.set(key.KeyId, privateKey);
      save();
      return { KeyMetadata: metadata(key) };
    },
    ListResourceTags(input) {
      return { Tags: keyOf(input).Tags ?? [], Truncated: false };
    },
    DescribeKey(input) {
      return { KeyMetadata: metadata(keyOf(input)) };
    },
    ListKeys(input) {
      const limit = input.Limit === undefined ? 100 : Number(input.Limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
        throw new KmsError('ValidationException', 'Limit must be between 1 and 1000');
      const all = [...keys.values()];
      const start = typeof input.Marker === 'string' ? Number(input.Marker) : 0;
      if (!Number.isInteger(start) || start < 0 || start > all.length)
        throw new KmsError('InvalidMarkerException', 'The marker is not valid');
      const page = all.slice(start, start + limit);
      const truncated = start + limit < all.length;
      return {
        Keys: page.map((key) => ({ KeyId: key.KeyId, KeyArn: arnOf(key.KeyId) })),
        Truncated: truncated,
        ...(truncated ? { NextMarker: String(start + limit) } : {}),
      };
    },
    GetPublicKey(input) {
      const key = keyOf(input);
      const spki = createPublicKey(privateKeyOf(key)).export({ type: 'spki', format: 'der' });
      return {
        KeyId: arnOf(key.KeyId),
        PublicKey: spki.toString('base64'),
        CustomerMasterKeySpec: specOf(key),
        KeySpec: specOf(key),
        KeyUsage: KEY_USAGE,
        SigningAlgorithms: [ALGORITHMS[specOf(key)]],
      };
    },
    Sign(input) {
      const key = keyOf(input);
      const message = blob(input, 'Message');
      const type = input.MessageType ?? 'RAW';
      if (specOf(key) === ED25519_SPEC) return signEd25519(key, message, input);
      if (input.SigningAlgorithm !== SIGNING_ALGORITHM)
        throw new KmsError(
          typeof input.SigningAlgorithm === 'string' ? 'InvalidKeyUsageException' : 'ValidationException',
          `SigningAlgorithm ${String(input.SigningAlgorithm)} is not valid for key ${arnOf(key.KeyId)}: it supports ${SIGNING_ALGORITHM}`,
        );
      if (type !== 'RAW' && type !== 'DIGEST')
        throw new KmsError('ValidationException', `MessageType must be RAW or DIGEST, not ${String(type)}`);
      if (message.length === 0 || message.length > MAX_RAW_MESSAGE)
        throw new KmsError('ValidationException', `Message must be 1 to ${MAX_RAW_MESSAGE} bytes`);
      const digest = type === 'RAW' ? createHash('sha256').update(message).digest() : message;
      if (digest.length !== DIGEST_LENGTH)
        throw new KmsError(
          'ValidationException',
          `Digest is invalid length for algorithm ${SIGNING_ALGORITHM}: it must be ${DIGEST_LENGTH} bytes`,
        );
      const signature =
        type === 'RAW'
          ? sign('sha256', message, privateKeyOf(key))
          : // node:crypto cannot sign a digest it did not make: the private scalar signs it here.
            Buffer.from(p256.sign(digest, scalarOf(privateKeyOf(key)), { prehash: false, format: 'der' }));
      return {
        KeyId: arnOf(key.KeyId),
        Signature: signature.toString('base64'),
        SigningAlgorithm: SIGNING_ALGORITHM,
      };
    },
  };

  /** ED25519_SHA_512 (pure Ed25519) needs MessageType RAW, as KMS says. */
  const signEd25519 = (key: StoredKey, message: Buffer, input: Input) => {
    if (input.SigningAlgorithm !== ALGORITHMS[ED25519_SPEC])
      throw new KmsError(
        typeof input.SigningAlgorithm === 'string' ? 'InvalidKeyUsageException' : 'ValidationException',
        `SigningAlgorithm ${String(input.SigningAlgorithm)} is not valid for key ${arnOf(key.KeyId)}: it supports ${ALGORITHMS[ED25519_SPEC]}`,
      );
    if ((input.MessageType ?? 'RAW') !== 'RAW')
      throw new KmsError('ValidationException', 'ED25519_SHA_512 requires MessageType RAW');
    if (message.length === 0 || message.length > MAX_RAW_MESSAGE)
      throw new KmsError('ValidationException', `Message must be 1 to ${MAX_RAW_MESSAGE} bytes`);
    return {
      KeyId: arnOf(key.KeyId),
      Signature: sign(null, message, privateKeyOf(key)).toString('base64'),
      SigningAlgorithm: ALGORITHMS[ED25519_SPEC],
    };
  };

  const server = createServer((req, res) => {
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, {
        'content-type': 'application/x-amz-json-1.1',
        'x-amzn-requestid': randomUUID(),
      });
      res.end(JSON.stringify(body));
    };
    const fromPage = webPageRefusal(req.headers);
    if (fromPage) {
      req.resume();
      return answer(403, { __type: 'AccessDeniedException', message: fromPage });
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= 1 << 20) chunks.push(c);
    });
    req.on('end', async () => {
      if (credentials) {
        const request = { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers };
        const unsigned = await signatureRefusal(
          { ...request, body: Buffer.concat(chunks) },
          credentials,
          'kms',
        ).catch((error: unknown) => ({
          type: 'InvalidSignatureException',
          message: (error as Error).message,
        }));
        if (unsigned) return answer(403, { __type: unsigned.type, message: unsigned.message });
      }
      const target = String(req.headers['x-amz-target'] ?? '');
      const operation = target.startsWith('TrentService.') ? operations[target.slice(13)] : undefined;
      if (req.method !== 'POST' || !operation)
        return answer(400, { __type: 'UnknownOperationException', message: `${target} is not served here` });
      let input: Input;
      try {
        const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed) || size > 1 << 20)
          throw new Error('not an object');
        input = parsed as Input;
      } catch {
        return answer(400, { __type: 'SerializationException', message: 'the body is not a JSON object' });
      }
      try {
        return answer(200, operation(input));
      } catch (error) {
        if (error instanceof KmsError) return answer(400, { __type: error.type, message: error.message });
        return answer(500, { __type: 'KMSInternalException', message: (error as Error).message });
      }
    });
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => done());
  });
  const { port: bound } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${bound}`,
    stop: () =>
      new Promise((done) => {
        save();
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/** CreateKey's Tags as KMS checks them: at most 50, keys 1–128 and values 0–256 characters, no key twice. */
function tagsOf(value: unknown): { TagKey: string; TagValue: string }[] {
  if (value === undefined) return [];
  const valid =
    Array.isArray(value) &&
    value.length <= 50 &&
    value.every(
      (tag) =>
        typeof tag === 'object' &&
        tag !== null &&
        typeof tag.TagKey === 'string' &&
        tag.TagKey.length >= 1 &&
        tag.TagKey.length <= 128 &&
        typeof tag.TagValue === 'string' &&
        tag.TagValue.length <= 256,
    ) &&
    new Set(value.map((tag) => tag.TagKey)).size === value.length;
  if (!valid) throw new KmsError('TagException', 'Tags must be at most 50 distinct TagKey/TagValue pairs');
  return value.map((tag) => ({ TagKey: tag.TagKey, TagValue: tag.TagValue }));
}

/** The private scalar d of a P-256 key, as bytes. */
function scalarOf(key: KeyObject): Uint8Array {
  const { d } = key.export({ format: 'jwk' });
  return Buffer.from(d as string, 'base64url');
}
