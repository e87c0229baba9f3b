import { addAdmin } from '#staff/admin-auth.ts';

/**
 * The local stack's staff account, documented in the README. Local only: a deployed shop gets
 * its first admin from `npm run admin:create`.
 */
export const DEMO_ADMIN = { username: 'demo-admin', password: 'local-demo-admin-2026' } as const;

export async function ensureDemoAdmin(): Promise<boolean> {
  try {
    await addAdmin(DEMO_ADMIN.username, DEMO_ADMIN.password);
    return true;
  } catch (error) {
    if ((error as Error).message.includes('exists already')) return false;
    throw error;
  }
}
