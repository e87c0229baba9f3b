import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { MEMBER_CONFIRM_PAGE } from '#shared/membership.ts';
import { linkInMail } from '../../load/entrants.ts';
import { api, freshClientAddress, until } from '../../support/api.ts';
import { mailTo } from '../../support/stack-env.ts';
import { expectAccessible, screenshot } from './browser.ts';

/** A draw's entry in the browser, as the draw suites walk it: the member, the mailed link, the form. */

export interface Member {
  email: string;
  card: string;
  address: { country: string; state?: string; address1: string; city: string; postalCode: string };
}

/** Signs up and opens the confirmation link mailed, as a member does. */
export async function confirmMember(email: string): Promise<void> {
  const signUp = await api('/member', {
    method: 'POST',
    json: { email, page: '/world/membership' },
    from: freshClientAddress(),
    headers: { referer: `${inject('baseUrl')}/world/membership` },
  });
  expect(signUp.status).toBe(200);
  let link = '';
  await until(async () => {
    const mail = (await mailTo(email)).find((m) => m.subject === 'Please confirm your membership');
    link = /(http\S+)/.exec(mail?.body.text ?? '')?.[1] ?? '';
    return link.includes(MEMBER_CONFIRM_PAGE);
  }, `the confirmation mail to ${email}`);
  const token = new URL(link).searchParams.get('token') ?? '';
  expect((await api('/member/confirm', { method: 'POST', json: { token } })).status).toBe(200);
}

/** The links to enter a draw mailed to an address, oldest first. */
export const mailedLinks = async (drawId: string, email: string) =>
  (await mailTo(email)).flatMap((m) => linkInMail(m.body.text ?? '', drawId) ?? []);

/**
 * The draw page's first step (issue 44): the member's e-mail; the link mailed to it (read from
 * the SES stand-in) opens the entry form, the e-mail fixed.
 */
export async function openMailedLink(page: Page, drawId: string, who: Member, shot?: string): Promise<void> {
  await page.getByRole('heading', { name: 'enter the draw' }).waitFor();
  const before = (await mailedLinks(drawId, who.email)).length;
  await page.getByLabel('your member e-mail').fill(who.email);
  await page.getByRole('button', { name: 'mail me the link' }).click();
  await page.getByRole('status').filter({ hasText: 'a link to enter is on its way' }).waitFor();
  if (shot) {
    await expectAccessible(page);
    await screenshot(page, shot);
  }
  let token = '';
  await until(async () => {
    const links = await mailedLinks(drawId, who.email);
    token = links[links.length - 1] ?? '';
    return links.length > before;
  }, `the entry link mailed to ${who.email}`);
  await page.goto(`/draw/${drawId}/enter#${token}`);
  await page.getByText(`You enter as ${who.email}`).waitFor();
}

/** The member's address and contact in the entry form (the e-mail is the link's, shown fixed). */
export async function fillEntry(page: Page, who: Member, name: string): Promise<void> {
  const group = page.getByRole('group', { name: 'contact and delivery' });
  await group.getByLabel('full name').fill(name);
  await group.getByLabel('phone').fill('+1 416 555 0100');
  expect(await group.getByLabel('e-mail').inputValue()).toBe(who.email);
  expect(await group.getByLabel('e-mail').getAttribute('readonly')).not.toBeNull();
  await group.getByLabel('country').selectOption(who.address.country);
  await group.getByLabel('address line 1').fill(who.address.address1);
  await group.getByLabel('city').fill(who.address.city);
  await group.getByLabel('postal code').fill(who.address.postalCode);
  if (who.address.state) await group.getByLabel('province').selectOption(who.address.state);
}
