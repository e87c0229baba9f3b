import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { type StartCredentials, signatureRefusal, webPageRefusal } from './stand-in-callers.ts';
import type { StandIn } from './stand-ins.ts';

/** What the stand-in runs for each function name. */
export type LocalFunctions = Record<string, (event: unknown) => Promise<unknown>>;

const INVOKE = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/;

/**
 * Lambda's Invoke API on loopback, for the functions that start another function (POST
 * /reset-pwd starts the reset-link job): the real SDK reaches it through AWS_ENDPOINT_URL_LAMBDA
 * and speaks Lambda's own protocol. An asynchronous invocation (`X-Amz-Invocation-Type: Event`)
 * is answered 202 at once and runs after the answer, in the stack's process, as Lambda queues
 * it; a synchronous one (`RequestResponse`, the default) answers the function's result. An
 * unknown function is Lambda's 404 ResourceNotFoundException. `idle()` resolves once every
 * run started so far has ended (tests wait on it as on Lambda's queue).
 *
 * It runs nothing for a web page or for a process that does not hold this start's credentials
 * (the passport's signer signs, the reset-link job mails): a request with an `Origin` or a
 * cross-site `Sec-Fetch-Site`, or whose Signature Version 4 is not of `credentials`, is answered
 * 403 with Lambda's error type, and nothing runs (./stand-in-callers.ts).
 */
export async function startLambdaStandIn(
  functions: LocalFunctions,
  options: { credentials: StartCredentials; log?: (line: string) => void },
): Promise<StandIn & { idle(): Promise<void> }> {
  const { credentials, log = () => undefined } = options;
  const running = new Set<Promise<unknown>>();
  const server = createServer((req, res) => {
    const requestId = randomUUID();
    const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, {
        'content-type': 'application/json',
        'x-amzn-requestid': requestId,
        ...headers,
      });
      res.end(body === undefined ? '' : JSON.stringify(body));
    };
    const fromPage = webPageRefusal(req.headers);
    if (fromPage) {
      req.resume();
      answer(403, { Type: 'User', message: fromPage }, { 'x-amzn-errortype': 'AccessDeniedException' });
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const body = Buffer.concat(chunks);
      const unsigned = await signatureRefusal(
        { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body },
        credentials,
        'lambda',
      ).catch((error: unknown) => ({ type: 'InvalidSignatureException', message: (error as Error).message }));
      if (unsigned) {
        answer(403, { message: unsigned.message }, { 'x-amzn-errortype': unsigned.type });
        return;
      }
      const name = decoded(INVOKE.exec((req.url ?? '').split('?')[0] ?? '')?.[1] ?? '');
      const run = req.method === 'POST' ? functions[name] : undefined;
      if (!run) {
        answer(
          404,
          { Type: 'User', message: `Function not found: ${name}` },
          {
            'x-amzn-errortype': 'ResourceNotFoundException',
          },
        );
        return;
      }
      let event: unknown;
      try {
        const text = body.toString('utf8');
        event = text ? JSON.parse(text) : {};
      } catch {
        answer(
          400,
          { Type: 'User', message: 'Could not parse request body into json' },
          {
            'x-amzn-errortype': 'InvalidRequestContentException',
          },
        );
        return;
      }
      if (req.headers['x-amz-invocation-type'] === 'Event') {
        answer(202, undefined);
        const job = run(event)
          .catch((error: unknown) => log(`${name} failed: ${(error as Error).message}`))
          .finally(() => running.delete(job));
        running.add(job);
        return;
      }
      run(event).then(
        (result) => answer(200, result ?? null, { 'x-amz-executed-version': '$LATEST' }),
        (error: unknown) =>
          answer(
            200,
            { errorType: 'Error', errorMessage: (error as Error).message },
            {
              'x-amz-function-error': 'Unhandled',
            },
          ),
      );
    });
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => done());
  });
  const { port } = server.address() as { port: number };
  const idle = async () => {
    while (running.size > 0) await Promise.allSettled([...running]);
  };
  return {
    url: `http://127.0.0.1:${port}`,
    idle,
    stop: async () => {
      await idle();
      await new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      });
    },
  };
}

/** A %-decoded path part, or '' (no function) when its escapes are malformed. */
function decoded(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return '';
  }
}
