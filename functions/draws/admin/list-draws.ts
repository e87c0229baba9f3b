import { listDrawsContract } from '#shared/contracts/draws.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { adminDraw } from '../admin-counts.ts';
import { listDraws } from '../entities/draw.ts';

/** GET /draws: every draw, newest first, with its entries' counts and refusals. */
export const handler = defineAdminHandler(listDrawsContract, async () => ({
  status: 200 as const,
  draws: await Promise.all((await listDraws()).map(adminDraw)),
}));
