import { InvokeCommand } from '@aws-sdk/client-lambda';
import { lambda } from '#platform/invoke-function.ts';

/**
 * Starts a job function with one event and returns without waiting for it: Lambda's
 * asynchronous invocation (InvocationType 'Event'), which queues the event and answers 202 at
 * once; Lambda retries a failed run and sends one that still fails to the function's on-failure
 * destination. `functionVariable` names the environment variable holding the function's name
 * (set by infra/, and by the local stack, whose Lambda stand-in speaks the same protocol at
 * AWS_ENDPOINT_URL_LAMBDA).
 */
export async function startJob(functionVariable: string, event: Record<string, unknown>): Promise<void> {
  const functionName = process.env[functionVariable];
  if (!functionName) throw new Error(`${functionVariable} is not set`);
  const answer = await lambda().send(
    new InvokeCommand({
      FunctionName: functionName,
      InvocationType: 'Event',
      Payload: new TextEncoder().encode(JSON.stringify(event)),
    }),
  );
  if (answer.StatusCode !== 202) throw new Error(`${functionName} was not started (${answer.StatusCode})`);
}
