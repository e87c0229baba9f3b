/** What other modules use of staff: the only door into it. */

export type { AdminEvent } from './admin-handler.ts';
export { defineAdminHandler } from './admin-handler.ts';
