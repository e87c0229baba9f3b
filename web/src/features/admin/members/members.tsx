import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { MEMBER_CONFIRM_DAYS } from '#shared/membership.ts';
import { timeAgo, timeLeft } from '#shared/time-ago.ts';
import { ApiError } from '../../../lib/api.ts';
import { adminDelete, adminGet, adminUrl } from '../api.ts';
import { CardTable } from '../kit/table.tsx';
import { PAGE_SIZE, usePageOffset } from '../paged.ts';
import { adminLoginPath } from '../return-to.ts';
import { forgetAdmin } from '../session.ts';
import { AdminPage, ConfirmButton, ErrorText, Loading, Pager, vancouverTime } from '../ui.tsx';

/** The clock, a minute at a time: the ages of pending sign-ups stay true while the page is open. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** Fetches the server's CSV (quoted, formulas neutralised) and hands it to the browser as a download. */
async function downloadMembersCsv(): Promise<void> {
  let response: Response;
  try {
    response = await fetch(adminUrl('/members-export'), { credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 'the network failed. please try again.');
  }
  if (response.status === 401) {
    forgetAdmin();
    window.location.assign(adminLoginPath(window.location));
  }
  if (!response.ok) {
    const message = await response
      .json()
      .then((b: { message?: string }) => b.message)
      .catch(() => undefined);
    throw new ApiError(response.status, message ?? response.statusText);
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'members.csv';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * /view-members (001 §2): members newest first, 10 a page, with their status (pending,
 * confirmed, unsubscribed); delete (asks first); export as CSV. A pending sign-up shows its age
 * and how long its link still works, and the count of pending ones heads the list (issue 34).
 */
export function ViewMembers() {
  const [offset, setOffset] = usePageOffset();
  const queryClient = useQueryClient();
  const [exportError, setExportError] = useState('');
  const [exporting, setExporting] = useState(false);
  const now = useNow();
  const members = useQuery({
    queryKey: ['admin', 'members', offset],
    queryFn: () => adminGet('/members', { offset, pageSize: PAGE_SIZE }),
  });

  const exportCsv = async () => {
    setExporting(true);
    setExportError('');
    try {
      await downloadMembersCsv();
    } catch (e) {
      setExportError((e as Error).message);
    } finally {
      setExporting(false);
    }
  };

  const remove = async (email: string) => {
    await adminDelete('/member', undefined, {
      email,
    });
    await queryClient.invalidateQueries({ queryKey: ['admin', 'members'] });
  };

  return (
    <AdminPage
      title="members"
      actions={
        <button type="button" onClick={exportCsv} disabled={exporting}>
          {exporting ? 'exporting...' : 'export CSV'}
        </button>
      }
    >
      <ErrorText>{exportError}</ErrorText>
      {members.isPending && <Loading />}
      <ErrorText>{members.error?.message}</ErrorText>
      {members.data && (
        <>
          <p className="adm-muted">
            {members.data.total} {members.data.total === 1 ? 'member' : 'members'}
            {members.data.pending > 0 && (
              <>
                , of which {members.data.pending} pending:{' '}
                {members.data.pending === 1 ? 'a sign-up' : 'sign-ups'} not confirmed by e-mail yet, removed{' '}
                {MEMBER_CONFIRM_DAYS} days after signing up
              </>
            )}
          </p>
          {members.data.list.length === 0 ? (
            <p className="adm-muted">no members yet.</p>
          ) : (
            <CardTable beside columns={['e-mail', 'status', 'signed up (Vancouver)', 'delete']}>
              {members.data.list.map((m) => (
                <tr key={m.id}>
                  <td data-label="e-mail" className="adm-email">
                    {m.email}
                  </td>
                  <td data-label="status">
                    {m.status}
                    {m.status === 'pending' && (
                      <span className="adm-muted">
                        {' '}
                        signed up {timeAgo(m.createdAt, now)}
                        {m.confirmBy && `, link valid ${timeLeft(Date.parse(m.confirmBy), now)} more`}
                      </span>
                    )}
                    {m.status === 'confirmed' && m.confirmedAt && (
                      <span className="adm-muted"> {vancouverTime(m.confirmedAt)}</span>
                    )}
                    {m.status === 'unsubscribed' && m.unsubscribedAt && (
                      <span className="adm-muted"> {vancouverTime(m.unsubscribedAt)}</span>
                    )}
                  </td>
                  <td data-label="signed up">{vancouverTime(m.createdAt)}</td>
                  <td className="adm-actions">
                    <ConfirmButton
                      label="delete"
                      question={`remove ${m.email} from the members?`}
                      onConfirm={() => remove(m.email)}
                    />
                  </td>
                </tr>
              ))}
            </CardTable>
          )}
          <Pager offset={offset} pageCount={members.data.pageCount} onOffset={setOffset} />
        </>
      )}
    </AdminPage>
  );
}
