import { Link } from 'react-router-dom';
import { CardTable } from '../kit/table.tsx';
import { vancouverTime } from '../ui.tsx';
import type { AdminLog } from './api.ts';

/** What each kind of entry records, in staff's words. */
const KIND_WORDS: Record<string, string> = {
  issue: 'certificate issued',
  sale: 'sold',
  transfer: 'transferred',
  reset: 'password reset',
  lost: 'reported lost or stolen',
  found: 'marked found',
};

/**
 * Log entries, as they are: sequence, time (Vancouver), kind, piece and the owner commitment,
 * which staff cannot open either (shortened; the whole value in its title).
 */
export function LogEntries({
  entries,
  withPiece = false,
}: {
  entries: AdminLog['entries'];
  withPiece?: boolean;
}) {
  if (entries.length === 0) return <p className="adm-muted">no entries yet.</p>;
  const columns = ['seq', 'when', 'what', ...(withPiece ? ['piece'] : []), 'owner'];
  return (
    <CardTable columns={columns} beside className="adm-passport-entries">
      {entries.map((entry) => (
        <tr key={entry.seq}>
          <td data-label="seq">{entry.seq}</td>
          <td data-label="when">{vancouverTime(entry.time)}</td>
          <td data-label="what">{KIND_WORDS[entry.kind] ?? entry.kind}</td>
          {withPiece && (
            <td data-label="piece">
              <Link to={`/viewdetails/${encodeURIComponent(entry.piece)}`}>{entry.piece}</Link>
            </td>
          )}
          <td data-label="owner">
            {entry.owner ? <code title={entry.owner}>{entry.owner.slice(0, 12)}…</code> : '—'}
          </td>
        </tr>
      ))}
    </CardTable>
  );
}
