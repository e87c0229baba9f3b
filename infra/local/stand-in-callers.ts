import { createHash, createHmac, type Hash, type Hmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { SignatureV4 } from '@smithy/signature-v4';

/**
 * Who may call a local stand-in that is not meant for browsers (the Lambda and KMS stand-ins):
 * the stack's own functions, tests and tools, never a web page the developer opens. A page can
 * send a "simple" cross-site POST (text/plain) without a preflight, so each such call is checked
 * before it does anything.
 */

/**
 * Why a request is refused as sent by a web page, or undefined. A browser marks every
 * cross-origin request with `Origin` (a POST even from the same origin), and modern ones add
 * `Sec-Fetch-Site`: either as a browser sends it from anywhere but the top level or the same
 * origin is refused, whatever else the request holds (the rule of POST /__jobs, infra/local/gateway.ts).
 */
export function webPageRefusal(headers: IncomingHttpHeaders): string | undefined {
  const site = headers['sec-fetch-site'];
  if (headers.origin !== undefined) return 'not answered to a web page (the request has an Origin)';
  if (site !== undefined && site !== 'none' && site !== 'same-origin')
    return `not answered to a web page (Sec-Fetch-Site: ${site})`;
  return undefined;
}

/**
 * The credentials the stack gives its functions at each start (infra/local/stack.ts). The access
 * key pair stays s3rver's (it checks S3's signatures with its one fixed pair, and DynamoDB Local
 * names its database after the key id); the session token is made at each start, and the AWS SDK
 * signs it into every request (`X-Amz-Security-Token`), as it does a Lambda role's.
 */
export interface StartCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken: string;
}

/** AWS's limit on a signature's age, either way (Lambda and KMS answer "Signature expired"). */
const MAX_SKEW_MS = 5 * 60_000;
const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/\s]+)\/(\d{8})\/([a-z0-9-]+)\/([a-z0-9-]+)\/aws4_request, ?SignedHeaders=([a-z0-9-;]+), ?Signature=[0-9a-f]{64}$/;
const AMZ_DATE = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/;

/** The SDK's hash interface over node:crypto (SHA-256, or HMAC-SHA-256 with a key). */
class Sha256 {
  readonly #hash: Hash | Hmac;
  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    this.#hash =
      secret === undefined
        ? createHash('sha256')
        : createHmac('sha256', typeof secret === 'string' ? secret : bytesOf(secret));
  }
  update(data: string | ArrayBuffer | ArrayBufferView): void {
    this.#hash.update(typeof data === 'string' ? data : bytesOf(data));
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.#hash.digest());
  }
}

function bytesOf(data: ArrayBuffer | ArrayBufferView): Uint8Array {
  return ArrayBuffer.isView(data)
    ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
    : new Uint8Array(data);
}

export interface SignatureRefusal {
  /** The service's error type (Lambda's and KMS's names for it). */
  type: 'MissingAuthenticationTokenException' | 'UnrecognizedClientException' | 'InvalidSignatureException';
  message: string;
}

/**
 * Why a request's AWS Signature Version 4 does not prove the caller holds this start's
 * credentials, or undefined when it does. The request is signed again, as the SDK signed it
 * (the same date, region, headers, body), with the start's credentials, and the two
 * `Authorization` headers compared: a request with no signature, another key, another session
 * token, a body or header changed after signing, or a date more than 5 minutes off is refused.
 */
export async function signatureRefusal(
  request: { method: string; url: string; headers: IncomingHttpHeaders; body: Buffer },
  credentials: StartCredentials,
  service: string,
  now = Date.now(),
): Promise<SignatureRefusal | undefined> {
  const { headers } = request;
  const given = headers.authorization;
  if (given === undefined)
    return { type: 'MissingAuthenticationTokenException', message: 'Missing Authentication Token' };
  const scope = AUTHORIZATION.exec(given);
  const date = AMZ_DATE.exec(String(headers['x-amz-date'] ?? ''));
  if (!scope || !date)
    return {
      type: 'InvalidSignatureException',
      message: 'The request is not signed with AWS Signature Version 4',
    };
  const [, accessKeyId, day, region, signedFor, signedHeaders] = scope as unknown as string[];
  const token = headers['x-amz-security-token'];
  if (
    accessKeyId !== credentials.accessKeyId ||
    typeof token !== 'string' ||
    !sameText(token, credentials.sessionToken)
  )
    return {
      type: 'UnrecognizedClientException',
      message: 'The security token included in the request is invalid.',
    };
  const [, y, mo, d, h, mi, s] = date;
  const signingDate = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`);
  if (Number.isNaN(signingDate.getTime()) || Math.abs(now - signingDate.getTime()) > MAX_SKEW_MS)
    return {
      type: 'InvalidSignatureException',
      message: 'Signature expired: the request is more than 5 minutes off',
    };
  if (signedFor !== service || day !== `${y}${mo}${d}`)
    return {
      type: 'InvalidSignatureException',
      message: `Credential should be scoped to the service ${service}`,
    };
  const contentHash = headers['x-amz-content-sha256'];
  if (contentHash !== undefined && contentHash !== createHash('sha256').update(request.body).digest('hex'))
    return {
      type: 'InvalidSignatureException',
      message: 'The provided x-amz-content-sha256 does not match the body',
    };

  // Only the headers it signed: what a proxy or the HTTP stack added after signing is not part of it.
  const signed = (signedHeaders ?? '').split(';');
  if (!signed.includes('host'))
    return { type: 'InvalidSignatureException', message: "'Host' must be a signed header" };
  const target = new URL(request.url, 'http://stand-in.local');
  const query: Record<string, string | string[]> = {};
  for (const name of new Set(target.searchParams.keys())) {
    const values = target.searchParams.getAll(name);
    query[name] = values.length === 1 ? (values[0] as string) : values;
  }
  const signer = new SignatureV4({ credentials, region: region as string, service, sha256: Sha256 });
  const resigned = await signer.sign(
    {
      method: request.method,
      protocol: 'http:',
      hostname: target.hostname,
      path: target.pathname,
      query,
      headers: Object.fromEntries(signed.map((name) => [name, String(headers[name] ?? '')])),
      body: request.body,
    },
    { signingDate },
  );
  if (!sameText(given, String(resigned.headers.authorization)))
    return {
      type: 'InvalidSignatureException',
      message: 'The request signature we calculated does not match the signature you provided.',
    };
  return undefined;
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
