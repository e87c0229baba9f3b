import { httpError } from '#platform/http-error.ts';
import type * as z from '#shared/zod.ts';
import type { AdminEvent } from '#staff/index.ts';

/**
 * The input of a DELETE call, from its JSON body or its query string (a body on DELETE is
 * allowed but some clients drop it; either form is accepted, the body winning). Bad input →
 * 400 naming the field, like every other call.
 */
export function deleteInput<S extends z.ZodMiniType>(event: AdminEvent, schema: S): z.output<S> {
  let body: Record<string, unknown> = {};
  if (event.body) {
    const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw httpError(400, 'the request body is not valid JSON');
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
      throw httpError(400, 'the request body must be a JSON object');
    }
    body = parsed as Record<string, unknown>;
  }
  const result = schema.safeParse({ ...event.queryStringParameters, ...body });
  if (!result.success) {
    const messages = result.error.issues.map((issue) =>
      issue.path.length === 0 ? issue.message : `${issue.path.join('.')}: ${issue.message}`,
    );
    throw httpError(400, [...new Set(messages)].join('; '));
  }
  return result.data;
}
