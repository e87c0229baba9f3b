import { createError } from '@middy/util';

/** An error whose message is safe to show the client. */
export function httpError(statusCode: number, message: string): Error {
  return createError(statusCode, message, { expose: true });
}

export const notFound = (what: string): Error => httpError(404, `${what} not found`);
export const badRequest = (message: string): Error => httpError(400, message);
