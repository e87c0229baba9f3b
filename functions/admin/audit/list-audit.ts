import { listAudit } from '#data/audit.ts';
import { defineAdminHandler } from '#lib/admin-handler.ts';
import { pageQuerySchema } from '#shared/admin.ts';

/** GET /audit-log?offset&pageSize — every admin change, newest first: who, when, what, before/after. */
export const handler = defineAdminHandler({ query: pageQuerySchema }, async ({ query }) =>
  listAudit(query.offset, query.pageSize),
);
