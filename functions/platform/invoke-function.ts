import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { recordAwsCalls } from '#platform/aws-call-log.ts';

let lambdaClient: LambdaClient | undefined;

/** The Lambda client of the functions that start or call another function (one per container). */
export function lambda(): LambdaClient {
  lambdaClient ??= recordAwsCalls(new LambdaClient({}));
  return lambdaClient;
}

/**
 * Calls another function and waits for its answer: Lambda's synchronous invocation
 * (RequestResponse). `functionVariable` names the environment variable holding the function's
 * name (set by infra/, and by the local stack, whose Lambda stand-in speaks the same protocol at
 * AWS_ENDPOINT_URL_LAMBDA). A function that ended in an error throws here with its message.
 */
export async function invokeFunction(
  functionVariable: string,
  event: Record<string, unknown>,
): Promise<unknown> {
  const functionName = process.env[functionVariable];
  if (!functionName) throw new Error(`${functionVariable} is not set`);
  const answer = await lambda().send(
    new InvokeCommand({
      FunctionName: functionName,
      InvocationType: 'RequestResponse',
      Payload: new TextEncoder().encode(JSON.stringify(event)),
    }),
  );
  const text = new TextDecoder().decode(answer.Payload ?? new Uint8Array());
  if (answer.FunctionError) {
    let message = text;
    try {
      message = String((JSON.parse(text) as { errorMessage?: unknown }).errorMessage ?? text);
    } catch {
      // Not JSON: the text is the message.
    }
    throw new Error(`${functionName} failed: ${message}`);
  }
  if (answer.StatusCode !== 200) throw new Error(`${functionName} answered ${answer.StatusCode}`);
  return text ? JSON.parse(text) : null;
}
