import '../form-page.css';
import './payment.css';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { PRIVACY_PAGE, TAXES_PAGE, TERMS_PAGE } from '#shared/terms.ts';
import { currentTermsQuery } from '../../lib/current-terms.ts';
import { queryClient } from '../../lib/query-client.ts';

/**
 * What the shopper sees before paying (issue 20): the terms (with the version shown), privacy
 * and taxes, and that every sale is final. The links open in a new tab so the form is kept.
 */
export function TermsBeforePaying() {
  const terms = useQuery(currentTermsQuery());
  return (
    <div className="checkout-terms" aria-label="before you pay" role="note">
      <p>
        <strong>All sales are final.</strong> Every piece exists once: there are no returns, refunds or
        exchanges.
      </p>
      <p>
        By paying you accept our{' '}
        <Link to={TERMS_PAGE} target="_blank" rel="noopener">
          terms of use
        </Link>
        {terms.data ? ` (version ${terms.data.version}, effective ${terms.data.effectiveDate})` : ''} and our{' '}
        <Link to={PRIVACY_PAGE} target="_blank" rel="noopener">
          privacy policy
        </Link>
        ; see also{' '}
        <Link to={TAXES_PAGE} target="_blank" rel="noopener">
          taxes
        </Link>
        .
      </p>
    </div>
  );
}

/** The version of the terms this page showed (none if none was read): the checkout start carries it. */
export function shownTermsVersion(): { termsVersion?: string } {
  const shown = queryClient.getQueryData(currentTermsQuery().queryKey);
  return shown ? { termsVersion: shown.version } : {};
}
