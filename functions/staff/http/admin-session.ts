import { adminSessionContract } from '#shared/contracts/staff.ts';
import { defineAdminHandler } from '../admin-handler.ts';

/** GET /admin — who the session belongs to; 401 when there is no live staff session. */
export const handler = defineAdminHandler(adminSessionContract, async (_input, event) => ({
  status: 200 as const,
  userName: event.admin,
}));
