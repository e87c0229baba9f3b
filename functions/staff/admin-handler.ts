import { readCookie } from '#platform/cookies.ts';
import { type ApiEvent, defineHandler, type Handler } from '#platform/handler.ts';
import { httpError } from '#platform/http-error.ts';
import { assertSameOrigin } from '#platform/same-origin.ts';
import { ADMIN_MESSAGES, ADMIN_REQUEST_HEADER } from '#shared/admin.ts';
import { adminOfSession } from './admin-auth.ts';

type Schemas = Parameters<typeof defineHandler>[0];
type Fn<S extends Schemas> = Parameters<typeof defineHandler<S>>[1];

export interface AdminEvent extends ApiEvent {
  /** The staff member whose session made the call: the "who" of the audit log. */
  admin: string;
}

/**
 * Every admin endpoint goes through here. Before any input is read: a live server-side admin
 * session of an account that still exists (else 401), then, on calls that change state, the
 * same-origin check and the admin request header, which no cross-site form, link or image can
 * send (else 403). Only then is the input validated and the endpoint run.
 */
export function defineAdminHandler<S extends Schemas>(
  schemas: S,
  fn: (input: Parameters<Fn<S>>[0], event: AdminEvent) => ReturnType<Fn<S>>,
): Handler {
  return defineHandler(schemas, (input, event) => fn(input, event as AdminEvent), {
    guard: async (event) => {
      const admin = await adminOfSession(readCookie(event, '__Host-admin'));
      if (event.requestContext.http.method !== 'GET') {
        assertSameOrigin(event);
        if (event.headers[ADMIN_REQUEST_HEADER] !== '1') throw httpError(403, ADMIN_MESSAGES.crossSite);
      }
      (event as AdminEvent).admin = admin;
    },
  });
}
