import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * SES's email identities, which aws-ses-v2-local does not have, as SES v2 answers them:
 * CreateEmailIdentity (`POST /v2/email/identities`: a new identity is not verified yet),
 * GetEmailIdentity (`GET /v2/email/identities/{name}`: `VerifiedForSendingStatus`, or 404
 * NotFoundException) and DeleteEmailIdentity. What DNS does in AWS (SES finds the domain's
 * records and verifies it) is `POST /__control/identities/{name}/verification { "verified": bool }`,
 * for the local stack's start and the tests; no request with an `Origin` may make it.
 * The identities live in memory: the local stack creates its own at each start.
 */
interface Identity {
  type: 'DOMAIN' | 'EMAIL_ADDRESS';
  verified: boolean;
}

const IDENTITIES = /^\/v2\/email\/identities(?:\/([^/?]+))?\/?(?:\?.*)?$/;
const VERIFICATION = /^\/__control\/identities\/([^/?]+)\/verification$/;

function send(res: ServerResponse, status: number, body: unknown, errorType?: string): void {
  res.writeHead(status, {
    'content-type': 'application/json',
    ...(errorType ? { 'x-amzn-ErrorType': errorType } : {}),
  });
  res.end(JSON.stringify(body));
}

async function jsonBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    const value = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    return value && typeof value === 'object' ? value : {};
  } catch {
    return {};
  }
}

/** SES's answer for an identity (the fields the shop reads, and the ones SES always gives). */
function identityAnswer(identity: Identity) {
  const status = identity.verified ? 'SUCCESS' : 'PENDING';
  return {
    IdentityType: identity.type,
    FeedbackForwardingStatus: true,
    VerifiedForSendingStatus: identity.verified,
    VerificationStatus: status,
    DkimAttributes: {
      SigningEnabled: identity.type === 'DOMAIN',
      Status: identity.type === 'DOMAIN' ? status : 'NOT_STARTED',
      Tokens: [],
      SigningAttributesOrigin: 'AWS_SES',
    },
    MailFromAttributes: { BehaviorOnMxFailure: 'USE_DEFAULT_VALUE' },
    Policies: {},
    Tags: [],
  };
}

/** A handler for the identities' paths: true when it answered the request. */
export function sesIdentities(): (req: IncomingMessage, res: ServerResponse) => Promise<boolean> {
  const identities = new Map<string, Identity>();
  const notFound = (res: ServerResponse, name: string) =>
    send(res, 404, { message: `Email identity ${name} does not exist.` }, 'NotFoundException');
  return async (req, res) => {
    const url = req.url ?? '';
    const control = url.match(VERIFICATION);
    if (control && req.method === 'POST') {
      if (req.headers.origin !== undefined) {
        req.resume();
        send(res, 403, { message: 'the control API answers no web page' });
        return true;
      }
      const name = decodeURIComponent(control[1] ?? '');
      const identity = identities.get(name);
      const { verified } = await jsonBody(req);
      if (!identity) notFound(res, name);
      else if (typeof verified !== 'boolean') send(res, 400, { message: 'verified must be true or false' });
      else {
        identity.verified = verified;
        send(res, 200, identityAnswer(identity));
      }
      return true;
    }
    const match = url.match(IDENTITIES);
    if (!match) return false;
    const name = match[1] === undefined ? undefined : decodeURIComponent(match[1]);
    if (name === undefined && req.method === 'POST') {
      const { EmailIdentity } = await jsonBody(req);
      if (typeof EmailIdentity !== 'string' || EmailIdentity === '')
        send(res, 400, { message: 'EmailIdentity is required' }, 'BadRequestException');
      else if (identities.has(EmailIdentity))
        send(
          res,
          400,
          { message: `Email identity ${EmailIdentity} already exist.` },
          'AlreadyExistsException',
        );
      else {
        const identity: Identity = {
          type: EmailIdentity.includes('@') ? 'EMAIL_ADDRESS' : 'DOMAIN',
          verified: false,
        };
        identities.set(EmailIdentity, identity);
        const { IdentityType, VerifiedForSendingStatus, DkimAttributes } = identityAnswer(identity);
        send(res, 200, { IdentityType, VerifiedForSendingStatus, DkimAttributes });
      }
      return true;
    }
    if (name === undefined) return false;
    req.resume();
    const identity = identities.get(name);
    if (req.method === 'GET') {
      if (identity) send(res, 200, identityAnswer(identity));
      else notFound(res, name);
      return true;
    }
    if (req.method === 'DELETE') {
      if (identities.delete(name)) send(res, 200, {});
      else notFound(res, name);
      return true;
    }
    return false;
  };
}
