import { currentScope } from '#platform/request-scope.ts';
import { originalStack } from '#platform/stack-trace.ts';

/**
 * Structured logs in Lambda's own JSON log format (`loggingFormat: JSON`,
 * infra/constructs/api-function.ts). Lambda stamps every line with its time, level and request
 * id, and drops lines under the function's application log level (AWS_LAMBDA_LOG_LEVEL); each
 * line's `message` is the object written here: what happened, the service, the function, the
 * X-Ray trace and the attributes. Outside Lambda (the local stack, its bundles, the tests) the
 * same object goes out as one JSON line with the time, level and request id added here.
 *
 * This replaced Powertools' Logger, whose 23 KB were a tenth of every storefront read's bundle
 * for fields the platform now writes itself (docs/lambda-settings.md).
 */
type Level = 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';
type Attributes = Record<string, unknown>;

const RANK: Record<Level, number> = { DEBUG: 0, INFO: 1, WARN: 2, ERROR: 3 };
const CONSOLE = { DEBUG: 'debug', INFO: 'info', WARN: 'warn', ERROR: 'error' } as const;

function threshold(): number {
  const level = process.env.AWS_LAMBDA_LOG_LEVEL?.toUpperCase();
  return level && level in RANK ? RANK[level as Level] : RANK.INFO;
}

function write(level: Level, message: string, attributes: Attributes = {}): void {
  if (RANK[level] < threshold()) return;
  const scope = currentScope();
  const functionName = scope?.functionName ?? process.env.AWS_LAMBDA_FUNCTION_NAME;
  const trace = process.env._X_AMZN_TRACE_ID;
  const record = {
    service: process.env.SERVICE_NAME ?? 'boutique',
    ...(functionName ? { function: functionName } : {}),
    ...(trace ? { xray_trace_id: trace } : {}),
    ...attributes,
    message,
  };
  if (process.env.AWS_LAMBDA_LOG_FORMAT === 'JSON') {
    console[CONSOLE[level]](record);
    return;
  }
  const line = JSON.stringify({
    timestamp: new Date().toISOString(),
    level,
    ...(scope?.requestId ? { requestId: scope.requestId } : {}),
    ...record,
  });
  (RANK[level] >= RANK.WARN ? process.stderr : process.stdout).write(`${line}\n`);
}

export const logger = {
  debug: (message: string, attributes?: Attributes) => write('DEBUG', message, attributes),
  info: (message: string, attributes?: Attributes) => write('INFO', message, attributes),
  warn: (message: string, attributes?: Attributes) => write('WARN', message, attributes),
  error: (message: string, attributes?: Attributes) => write('ERROR', message, attributes),
};

/**
 * What of an error may be logged: SDK errors carry the request they failed on, bearer tokens
 * and secret keys included, so only the name, message, status and stack are kept. The stack names
 * the TypeScript sources (mapped here, on the error path only).
 */
export function safeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const { statusCode, code } = error as { statusCode?: unknown; code?: unknown };
  return {
    name: error.name,
    message: error.message,
    ...(typeof statusCode === 'number' ? { statusCode } : {}),
    ...(typeof code === 'string' ? { code } : {}),
    stack: originalStack(error.stack),
  };
}
