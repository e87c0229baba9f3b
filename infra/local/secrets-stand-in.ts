import { createServer } from 'node:http';
import type { StandIn } from './stand-ins.ts';

/**
 * A stand-in for the one Secrets Manager call the shop makes (GetSecretValue, AWS JSON 1.1), so
 * deployed bundles read their keys as in AWS: from the secret the template names. Answers
 * ResourceNotFoundException for any other secret, as Secrets Manager does.
 */
export async function startSecretsManager(
  port: number,
  secrets: Record<string, Record<string, string>>,
): Promise<StandIn> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const answer = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1' });
        res.end(JSON.stringify(body));
      };
      const target = req.headers['x-amz-target'];
      let input: { SecretId?: string } = {};
      try {
        input = JSON.parse(Buffer.concat(chunks).toString() || '{}') as { SecretId?: string };
      } catch {
        return answer(400, { __type: 'SerializationException', message: 'malformed JSON' });
      }
      if (target !== 'secretsmanager.GetSecretValue')
        return answer(400, { __type: 'UnknownOperationException', message: `${target} is not served here` });
      const value = input.SecretId ? secrets[input.SecretId] : undefined;
      if (!value)
        return answer(400, {
          __type: 'ResourceNotFoundException',
          message: "Secrets Manager can't find the specified secret.",
        });
      return answer(200, {
        ARN: input.SecretId,
        Name: input.SecretId?.split(':').at(-1),
        SecretString: JSON.stringify(value),
        VersionId: 'local',
        VersionStages: ['AWSCURRENT'],
        CreatedDate: 0,
      });
    });
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  const { port: bound } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${bound}`,
    stop: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
