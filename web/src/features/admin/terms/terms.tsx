import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { TERMS_PAGE } from '#shared/terms.ts';
import type { AdminBody } from '../../../lib/api-types.ts';
import { adminGet, adminPost } from '../api.ts';
import { useAction } from '../kit/action.ts';
import { TextAreaField, TextField } from '../kit/fields.tsx';
import { CardTable } from '../kit/table.tsx';
import { AdminPage, ErrorText, Loading, StatusText, vancouverTime } from '../ui.tsx';

type Draft = AdminBody<'/terms-versions'>;

/**
 * /terms-versions (issue 20): publish a new version of the terms of use (its version, the date
 * it takes effect, a summary of what changed). Publishing is audited and mails the notice the
 * terms promise to every confirmed member, through the release sender; the list shows every
 * version with its notice's progress.
 */
export function TermsVersions() {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>({ version: '', effectiveDate: '', summary: '' });
  const [notice, setNotice] = useState('');
  const { busy, error, run } = useAction();
  const versions = useQuery({
    queryKey: ['admin', 'terms-versions'],
    queryFn: () => adminGet('/terms-versions'),
    refetchInterval: (query) =>
      query.state.data?.list.some((t) => t.notice.status === 'sending') ? 3000 : false,
  });

  const change = (patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setNotice('');
  };

  const publish = async (event: FormEvent) => {
    event.preventDefault();
    if (!window.confirm(`publish version ${draft.version} and mail the notice to every confirmed member?`))
      return;
    await run(async () => {
      const done = await adminPost('/terms-versions', draft);
      setNotice(`version ${done.version} published: the members are being mailed.`);
      setDraft({ version: '', effectiveDate: '', summary: '' });
      await queryClient.invalidateQueries({ queryKey: ['admin', 'terms-versions'] });
    });
  };

  return (
    <AdminPage title="terms of use">
      <p className="adm-muted">
        The terms themselves are the page <a href={TERMS_PAGE}>{TERMS_PAGE}</a>. Publish a version here when
        they change: the page shows it, checkouts record it, and members are mailed the notice.
      </p>
      <form onSubmit={publish} aria-label="new version of the terms">
        <TextField
          label="version"
          hint="e.g. 2026-11 or v3: letters, digits, dots, dashes"
          value={draft.version}
          maxLength={40}
          onChange={(version) => change({ version })}
          required
        />
        <TextField
          label="effective date"
          type="date"
          value={draft.effectiveDate}
          onChange={(effectiveDate) => change({ effectiveDate })}
          required
        />
        <TextAreaField
          label="summary of the changes"
          hint="mailed to the members as written"
          rows={5}
          value={draft.summary}
          maxLength={2000}
          onChange={(summary) => change({ summary })}
          required
        />
        <button type="submit" disabled={busy}>
          publish and notify members
        </button>
      </form>
      <ErrorText>{error}</ErrorText>
      <StatusText>{notice}</StatusText>

      <h2>versions</h2>
      {versions.isPending && <Loading />}
      <ErrorText>{versions.error?.message}</ErrorText>
      {versions.data && versions.data.list.length === 0 && (
        <p className="adm-muted">no version published yet.</p>
      )}
      {versions.data && versions.data.list.length > 0 && (
        <CardTable
          beside
          columns={[
            'version',
            'effective',
            'published (Vancouver)',
            'summary',
            'notice: sent / suppressed / failed',
          ]}
        >
          {versions.data.list.map((t) => (
            <tr key={t.version}>
              <td data-label="version">{t.version}</td>
              <td data-label="effective">{t.effectiveDate}</td>
              <td data-label="published">
                {vancouverTime(t.publishedAt)} <span className="adm-muted">by {t.publishedBy}</span>
              </td>
              <td data-label="summary">{t.summary}</td>
              <td data-label="notice">
                {t.notice.status}: {t.notice.sent} / {t.notice.suppressed} / {t.notice.failed}
                {t.notice.total !== undefined && <span className="adm-muted"> of {t.notice.total}</span>}
              </td>
            </tr>
          ))}
        </CardTable>
      )}
    </AdminPage>
  );
}
