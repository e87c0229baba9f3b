import type { Page } from 'playwright-core';
import { newAdmin } from '../../support/admin.ts';
import { freshClientAddress } from '../../support/api.ts';
import type { BrowserSession, OpenOptions } from './browser.ts';

/**
 * Fills the /admin login form with these credentials and waits for the page it lands on:
 * /admin-home, or the staff page the login was asked to return to.
 */
export async function logInAs(
  page: Page,
  staff: { username: string; password: string },
  landsOn = '/admin-home',
): Promise<void> {
  await page.getByLabel('username').fill(staff.username);
  await page.getByLabel('password').fill(staff.password);
  await page.getByRole('button', { name: 'log in' }).click();
  await page.waitForURL(`**${landsOn}`);
}

/**
 * Opens /admin from a fresh client address as a fresh staff account, logs in and lands on
 * /admin-home (with `defaultTimeout`, set on the page before the login), or then goes to `path`.
 */
export async function openAsStaff(
  browser: BrowserSession,
  { path, defaultTimeout, ...options }: OpenOptions & { path?: string; defaultTimeout?: number } = {},
): Promise<Page> {
  const staff = await newAdmin();
  const page = await browser.open('/admin', { clientAddress: freshClientAddress(), ...options });
  if (defaultTimeout) page.setDefaultTimeout(defaultTimeout);
  await logInAs(page, staff);
  if (path) await page.goto(path);
  return page;
}

/**
 * What a staff datetime field holds for the instant `ms` (Vancouver's wall clock, to the second),
 * computed by the page's own browser: its zone data, not this process's, decide Vancouver's
 * offset (the two may disagree on a recent change of the zone's rules).
 */
export function vancouverFieldValue(page: Page, ms: number): Promise<string> {
  return page.evaluate((at) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-CA', {
        timeZone: 'America/Vancouver',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      })
        .formatToParts(new Date(at))
        .map((p) => [p.type, p.value]),
    );
    return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
  }, ms);
}
