import { resolve } from 'node:path';
import type { Answer } from './private-stack.ts';

const REPO = resolve(import.meta.dirname, '../../..');

/** Frames of a JavaScript stack trace: "    at fn (file:1:2)", "at file:1:2", "at async fn". */
const STACK_FRAME = /(^|\n|\\n)\s*at\s+(async\s+)?\S+(\s+\(|:\d+:\d+)|\bat\s+\S+\s+\([^)]*:\d+:\d+\)/;
/**
 * Where code lives: the repository (as a path or a file:// URL), node_modules, Node's internals,
 * source files with a line. Not any `file://`: an accepted request may store the fuzzer's own
 * 'file:///etc/passwd', which later answers then show as the data they are.
 */
const FILE_PATH = new RegExp(
  `${REPO.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}|node_modules|node:internal|\\.(ts|js|mjs|cjs):\\d+`,
);
/** Names of error classes a fault would leak (JavaScript, zod, middy, the AWS SDK, Stripe, PayPal). */
const ERROR_CLASS =
  /\b(TypeError|RangeError|SyntaxError|ReferenceError|URIError|EvalError|AggregateError|ZodError|ZodIssue|UnprocessableEntityError|UnsupportedMediaTypeError|ValidationException|ConditionalCheckFailedException|TransactionCanceledException|ResourceNotFoundException|ProvisionedThroughputExceededException|SerializationException|ServiceException|StripeError|StripeInvalidRequestError|StripeSignatureVerificationError|ApiError|[A-Z][A-Za-z]+(Error|Exception))\b/;

/**
 * What is wrong with an answer, if anything: a 5xx; a stack trace, file path or error class
 * name in the body; a refusal that is not JSON with a string `message`. `sentText` gives the
 * request as text: a name the client sent itself and the answer repeats (zod names unknown keys) is not
 * a leak.
 */
export function answerProblems(answer: Answer, sentText: () => string = () => ''): string[] {
  let sentCache: string | undefined;
  const sent = {
    includes: (part: string) => {
      sentCache ??= sentText();
      return sentCache.includes(part);
    },
  };
  const problems: string[] = [];
  if (answer.status >= 500) problems.push(`status ${answer.status}`);
  if (answer.status < 100) problems.push('no status');
  if (STACK_FRAME.test(answer.text)) problems.push('a stack trace in the body');
  const path = answer.text.match(FILE_PATH)?.[0];
  if (path && !sent.includes(path)) problems.push(`a file path in the body (${path})`);
  const errorClass = answer.text.match(ERROR_CLASS)?.[0];
  if (errorClass && !sent.includes(errorClass))
    problems.push(`an error class name in the body (${errorClass})`);
  const refused = answer.status < 200 || answer.status >= 300;
  if (refused) {
    const type = String(answer.headers['content-type'] ?? '');
    if (!type.startsWith('application/json')) problems.push(`a refusal with content-type "${type}"`);
    const message = (answer.json as { message?: unknown } | undefined)?.message;
    if (typeof message !== 'string' || message.trim() === '')
      problems.push('a refusal without a string message');
  }
  return problems;
}

/** A short description of an answer for failure messages. */
export function describeAnswer(answer: Answer): string {
  return `${answer.status} ${answer.text.slice(0, 300)}`;
}
