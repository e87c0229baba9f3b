import { GetEmailIdentityCommand } from '@aws-sdk/client-sesv2';
import { ses } from '#platform/mail-client.ts';

/**
 * Whether SES may send from an address, as SES decides it: the address's domain identity, or
 * else the address's own identity, verified for sending (GetEmailIdentity's
 * VerifiedForSendingStatus). `identity` names the one found (the domain when neither is).
 */
export async function mailIdentityOf(
  address: string,
): Promise<{ identity: string; state: 'verified' | 'pending' | 'missing' }> {
  const domain = address.slice(address.lastIndexOf('@') + 1);
  let pending: string | undefined;
  for (const identity of [domain, address]) {
    try {
      const answer = await ses().send(new GetEmailIdentityCommand({ EmailIdentity: identity }));
      if (answer.VerifiedForSendingStatus === true) return { identity, state: 'verified' };
      pending ??= identity;
    } catch (error) {
      if ((error as { name?: string }).name !== 'NotFoundException') throw error;
    }
  }
  return pending ? { identity: pending, state: 'pending' } : { identity: domain, state: 'missing' };
}
