import { Logger } from '@aws-lambda-powertools/logger';

export const logger = new Logger({ serviceName: process.env.SERVICE_NAME ?? 'boutique' });

/**
 * What of an error may be logged: SDK errors carry the request they failed on, bearer tokens
 * and secret keys included, so only the name, message, status and stack are kept.
 */
export function safeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const { statusCode, code } = error as { statusCode?: unknown; code?: unknown };
  return {
    name: error.name,
    message: error.message,
    ...(typeof statusCode === 'number' ? { statusCode } : {}),
    ...(typeof code === 'string' ? { code } : {}),
    stack: error.stack,
  };
}
