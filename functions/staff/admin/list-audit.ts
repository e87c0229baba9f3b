import { listAuditContract } from '#shared/contracts/staff.ts';
import { listAudit } from '#table/audit.ts';
import { defineAdminHandler } from '../admin-handler.ts';

/** GET /audit-log?offset&pageSize — every admin change, newest first: who, when, what, before/after. */
export const handler = defineAdminHandler(listAuditContract, async ({ query }) =>
  listAudit(query.offset, query.pageSize),
);
