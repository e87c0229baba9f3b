import { listProductsAuthContract } from '#shared/contracts/authenticity-admin.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { pageOf } from '#table/audit.ts';
import type { AuthRecordEntity } from '../entities/auth-record.ts';
import { listAuthRecords, listTransfers } from '../entities/auth-record.ts';
import { adminAuthRecord } from '../rules/admin-views.ts';

/**
 * GET /products-auth?offset&pageSize&searchInfo → { status: 200, pageCount, total, list }:
 * authenticity records newest first, 10 a page, each with its transfer history (oldest first).
 * Searched by card number, piece name or owner e-mail. Never a password or its hash.
 */
export const handler = defineAdminHandler(listProductsAuthContract, ({ query }) => recordsPage(query));

/** A page of records, newest first, searched (GET /products-auth and POST /products-auth/search). */
export async function recordsPage(query: { offset: number; pageSize: number; searchInfo?: string }) {
  const records = await listAuthRecords();
  const wanted = (query.searchInfo ?? '').toLowerCase();
  const found = wanted ? records.filter((r) => matches(r, wanted)) : records;
  const page = pageOf(found, query.offset, query.pageSize);
  const list = await Promise.all(
    page.list.map(async (record) => ({
      ...adminAuthRecord(record),
      transfers: (await listTransfers(record.cardNumber)).map((t) => ({
        at: t.at,
        from: t.from,
        to: t.to,
      })),
    })),
  );
  return { status: 200 as const, ...page, list };
}

function matches(record: AuthRecordEntity, wanted: string): boolean {
  const card = wanted.replace(/\s/g, '');
  return (
    (card !== '' && record.cardNumber.toLowerCase().includes(card)) ||
    record.name.toLowerCase().includes(wanted) ||
    (record.email ?? '').toLowerCase().includes(wanted)
  );
}
