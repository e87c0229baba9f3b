import { eventDay } from './release-mail.ts';

/**
 * The terms notice (template 'terms-notice'): its data from a published version and, for a
 * subscribed member, the unsubscribe link of release mail (empty for anyone else). Pure: no AWS.
 */
export interface TermsNoticeContent {
  version: string;
  effectiveDate: string;
  summary: string;
  termsLink: string;
}

export function termsNoticeMailData(
  content: TermsNoticeContent,
  unsubscribeLink: string,
): Record<string, string> {
  return {
    version: content.version,
    effectiveDate: eventDay(content.effectiveDate),
    summary: content.summary,
    termsLink: content.termsLink,
    unsubscribeLink,
  };
}
