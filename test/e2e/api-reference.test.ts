import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import publicDocument from '#shared/api/openapi.json' with { type: 'json' };
import adminDocument from '#shared/api/openapi-admin.json' with { type: 'json' };
import { freshClientAddress } from '../support/api.ts';
import { DESKTOP, expectAccessible, SHOTS_DIR, startBrowser } from './support/browser.ts';
import { openAsStaff } from './support/staff.ts';

/**
 * The API's reference pages (issue 48) under the production CSP of the local gateway: /api/docs
 * (GET /docs, the public document drawn by Redoc) for anyone, and the staff's /admin-api (the
 * staff's document, GET /openapi-admin.json) behind the admin session. startBrowser fails a test
 * on any CSP violation (`securitypolicyviolation`), console error or uncaught exception.
 */
const browser = startBrowser();

type Operation = { operationId: string; summary?: string };
/** The summaries of a document's operations, by operation id. */
function summaries(document: { paths: Record<string, Record<string, unknown>> }): Map<string, string> {
  const found = new Map<string, string>();
  for (const item of Object.values(document.paths))
    for (const operation of Object.values(item) as Operation[])
      if (operation.operationId && operation.summary) found.set(operation.operationId, operation.summary);
  return found;
}
const summaryOf = (document: Parameters<typeof summaries>[0], id: string): string => {
  const summary = summaries(document).get(id);
  if (!summary) throw new Error(`the document has no operation ${id} with a summary`);
  return summary;
};

/** The viewport only (a full page of several hundred operations is taller than any image). */
async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: join(SHOTS_DIR, `${name}.png`) });
}

/**
 * What axe-core finds in Redoc's own markup and no option changes: its side menu names each
 * operation by its summary while it also shows the method's badge ("POST"), so the visible words
 * are not all in the accessible name (WCAG 2.5.3). Everything else is checked (the colours the
 * theme could not reach are set in web/src/lib/api-reference.css).
 */
const REDOC_ALLOWED = {
  'label-content-name-mismatch':
    "Redoc's side menu: an operation's accessible name is its summary, its method badge is shown beside it",
};

/** An operation's section as Redoc draws it. */
const operation = (page: Page, id: string) => page.locator(`[data-section-id="operation/${id}"]`);

describe('the public API reference at /api/docs', () => {
  it('is an HTML page answered by the API, with the shop’s security headers', async () => {
    const answer = await fetch(`${inject('baseUrl')}/api/docs`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(answer.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await answer.text();
    expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/api-docs-[\w-]+\.js"><\/script>/);
    // No script of its own inline: the page runs under the shop's policy, which allows none.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });

  it('draws the public document’s operations and their schemas, with no CSP violation', async () => {
    const page = await browser.open('/api/docs', { viewport: DESKTOP, clientAddress: freshClientAddress() });
    const hold = operation(page, 'checkoutHold');
    await hold.getByRole('heading', { name: summaryOf(publicDocument, 'checkoutHold') }).waitFor();
    for (const id of ['catalogGetProduct', 'membersPostMember', 'paymentsPaypalSdk', 'apiDocsOpenapi'])
      await operation(page, id)
        .getByRole('heading', { name: summaryOf(publicDocument, id) })
        .waitFor();
    // A schema: the hold's request body and its fields.
    await expect(hold.getByText('Request Body schema: application/json').count()).resolves.toBe(1);
    await expect(hold.getByText('checkoutKey', { exact: true }).first().isVisible()).resolves.toBe(true);
    // Staff's operations are not in the public document.
    await expect(operation(page, 'checkoutAdminListOrders').count()).resolves.toBe(0);
    await expect(page.locator('#reference-status').count()).resolves.toBe(0);
    await shot(page, 'api-reference-public');
    await hold.scrollIntoViewIfNeeded();
    await shot(page, 'api-reference-public-hold');
    await expectAccessible(page, REDOC_ALLOWED);
  });
});

describe('the staff’s API reference at /admin-api', () => {
  it('needs a staff session: the document answers 401 without one, and a stranger sees the login', async () => {
    const answer = await fetch(`${inject('baseUrl')}/api/openapi-admin.json`);
    expect(answer.status).toBe(401);
    expect(((await answer.json()) as { message: string }).message).toEqual(expect.any(String));
    const page = await browser.open('/admin-api', { clientAddress: freshClientAddress() });
    await page.getByLabel('username').waitFor();
    await expect(page.getByLabel('password').isVisible()).resolves.toBe(true);
    await expect(page.locator('[data-section-id^="operation/"]').count()).resolves.toBe(0);
  });

  it('draws the staff’s document for staff, with no CSP violation', async () => {
    const page = await openAsStaff(browser, { path: '/admin-api', viewport: DESKTOP });
    const orders = operation(page, 'checkoutAdminListOrders');
    await orders
      .getByRole('heading', { name: summaryOf(adminDocument, 'checkoutAdminListOrders') })
      .waitFor();
    for (const id of ['staffAdminSession', 'staffAdminListAudit', 'apiDocsAdminOpenapiAdmin'])
      await operation(page, id)
        .getByRole('heading', { name: summaryOf(adminDocument, id) })
        .waitFor();
    // The public document's operations are not the staff's.
    await expect(operation(page, 'checkoutHold').count()).resolves.toBe(0);
    await shot(page, 'api-reference-admin');
    await expectAccessible(page, REDOC_ALLOWED);
  });
});
