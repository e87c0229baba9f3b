import { useQuery } from '@tanstack/react-query';
import type { AdminAnswer } from '../../../lib/api-types.ts';
import { adminGet } from '../api.ts';
import { CardTable } from '../kit/table.tsx';
import { ConfirmButton, ErrorText, Loading, vancouverTime } from '../ui.tsx';

export type ReleaseRow = AdminAnswer<'/releases'>['list'][number];

/**
 * While one is sending its progress moves, or one's time has come (the sender starts it within a
 * minute): every 3 s; while one waits for a later time: every 30 s.
 */
function refreshEvery(list: readonly ReleaseRow[] | undefined): number | false {
  const due = (r: ReleaseRow) => r.status === 'scheduled' && Date.parse(r.sendAt) <= Date.now();
  if (list?.some((r) => r.status === 'sending' || due(r))) return 3000;
  if (list?.some((r) => r.status === 'scheduled')) return 30_000;
  return false;
}

/** sent n of N, and what else happened to the recipients. */
function Progress({ row }: { row: ReleaseRow }) {
  if (row.status === 'scheduled') return <span className="adm-muted">waits for its time</span>;
  if (row.status === 'cancelled') return <span className="adm-muted">nobody mailed</span>;
  const others = [
    row.suppressed > 0 && `${row.suppressed} unsubscribed meanwhile`,
    row.failed > 0 && `${row.failed} failed`,
    row.interrupted > 0 && `${row.interrupted} interrupted`,
  ].filter(Boolean);
  return (
    <>
      sent {row.sent} of {row.total ?? '…'}
      {others.length > 0 && <span className="adm-muted"> ({others.join(', ')})</span>}
    </>
  );
}

/**
 * The releases, newest first: when each goes (or went) out, what it announces, its status and
 * progress; a scheduled one can be edited, moved or cancelled.
 */
export function ReleaseList({
  onEdit,
  onCancel,
}: {
  onEdit: (row: ReleaseRow) => void;
  onCancel: (row: ReleaseRow) => Promise<void>;
}) {
  const releases = useQuery({
    queryKey: ['admin', 'releases'],
    queryFn: () => adminGet('/releases'),
    refetchInterval: (query) => refreshEvery(query.state.data?.list),
  });
  return (
    <>
      <h2>releases</h2>
      {releases.isPending && <Loading />}
      <ErrorText>{releases.error?.message}</ErrorText>
      {releases.data && releases.data.list.length === 0 && <p className="adm-muted">no releases yet.</p>}
      {releases.data && releases.data.list.length > 0 && (
        <CardTable
          beside
          columns={['goes out (Vancouver)', 'announces', 'subject', 'status', 'progress', '']}
        >
          {releases.data.list.map((r) => (
            <tr key={r.id}>
              <td data-label="goes out">
                {vancouverTime(r.startedAt ?? r.sendAt)}{' '}
                <span className="adm-muted">
                  by {r.createdBy}
                  {r.revision > 0 && `, changed ${r.revision}×`}
                </span>
              </td>
              <td data-label="announces">
                {r.announces === 'event' ? `event: ${r.eventTitle} (${r.eventDate})` : r.collectionName}
              </td>
              <td data-label="subject">{r.subject}</td>
              <td data-label="status">{r.status}</td>
              <td data-label="progress">
                <Progress row={r} />
              </td>
              <td data-label="">
                {r.status === 'scheduled' && (
                  <div className="adm-row">
                    <button type="button" onClick={() => onEdit(r)}>
                      edit
                    </button>
                    <ConfirmButton
                      label="cancel the release"
                      question="cancel this release? nobody will be mailed."
                      onConfirm={() => onCancel(r)}
                    />
                  </div>
                )}
              </td>
            </tr>
          ))}
        </CardTable>
      )}
    </>
  );
}
