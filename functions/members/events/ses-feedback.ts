import type { SNSEvent } from 'aws-lambda';
import { logger } from '#platform/logger.ts';
import { emailSchema } from '#shared/schemas.ts';
import { safeParse } from '#shared/zod.ts';
import { type SuppressionReason, suppressAddress } from '../entities/member.ts';

/**
 * SES's bounce and complaint notifications (a configuration set's event destination, or an
 * identity's feedback notifications: both shapes), delivered by SNS. A permanent bounce or a
 * complaint puts each recipient on the suppression list and unsubscribes its member, as the
 * member's own unsubscribe does; a transient bounce changes nothing. Locally the gateway feeds
 * the same function (POST /__jobs/ses-feedback with the notification as the body).
 */
export interface SesNotification {
  eventType?: string;
  notificationType?: string;
  bounce?: { bounceType?: string; bouncedRecipients?: { emailAddress?: string }[] };
  complaint?: { complainedRecipients?: { emailAddress?: string }[] };
}

/** The addresses a notification suppresses, and why. */
export function suppressionsOf(note: SesNotification): { email: string; reason: SuppressionReason }[] {
  const type = note.eventType ?? note.notificationType;
  const pick = (list: { emailAddress?: string }[] | undefined, reason: SuppressionReason) =>
    (list ?? []).flatMap((r) => {
      // A recipient may be written `Name <address>`.
      const raw = /<([^>]+)>/.exec(r.emailAddress ?? '')?.[1] ?? r.emailAddress;
      const parsed = safeParse(emailSchema, raw);
      return parsed.success ? [{ email: parsed.data, reason }] : [];
    });
  if (type === 'Bounce' && note.bounce?.bounceType === 'Permanent')
    return pick(note.bounce.bouncedRecipients, 'bounce');
  if (type === 'Complaint') return pick(note.complaint?.complainedRecipients, 'complaint');
  return [];
}

export async function applySesFeedback(
  note: SesNotification,
  now = new Date(),
): Promise<{ suppressed: string[] }> {
  const list = suppressionsOf(note);
  for (const { email, reason } of list) await suppressAddress(email, reason, now);
  if (list.length > 0) logger.info('mail feedback suppressed addresses', { count: list.length });
  return { suppressed: list.map((s) => s.email) };
}

export const handler = async (event: SNSEvent): Promise<void> => {
  for (const record of event.Records) {
    let note: SesNotification;
    try {
      note = JSON.parse(record.Sns.Message) as SesNotification;
    } catch {
      logger.warn('mail feedback that is not JSON, skipped');
      continue;
    }
    await applySesFeedback(note);
  }
};
