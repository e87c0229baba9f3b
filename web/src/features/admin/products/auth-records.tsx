import './products.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import type { AdminAnswer } from '../../../lib/api-types.ts';
import { adminGet, adminPost } from '../api.ts';
import { useAction } from '../kit/action.ts';
import { TextField } from '../kit/fields.tsx';
import { PAGE_SIZE } from '../paged.ts';
import { AdminPage, ErrorText, Loading, Pager, StatusText, vancouverTime } from '../ui.tsx';
import { groupsOf4 } from './api.ts';

type RecordsPage = AdminAnswer<'/products-auth'>;
/** One authenticity record of the list, with its transfer history. */
type RecordRow = RecordsPage['list'][number];

/**
 * /view-products-auth (001 §2): authenticity records newest first, 10 a page, each with its
 * transfer history; a record with no owner (a piece sold on another platform) can be given one,
 * who is mailed a new portal password. ?pid prefills the form for a sold piece with no record.
 */
export function AuthRecords() {
  const [params, setParams] = useSearchParams();
  // The search (an owner's e-mail, a card number) lives in the history entry, not in the address:
  // it is personal data, and addresses end up in logs.
  const search = ((useLocation().state as { q?: unknown } | null)?.q as string | undefined) ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const offset = (page - 1) * PAGE_SIZE;
  const [typed, setTyped] = useState(search);
  const records = useQuery({
    queryKey: ['admin', 'auth-records', offset, search],
    queryFn: () =>
      search
        ? adminPost('/products-auth/search', {
            offset,
            pageSize: PAGE_SIZE,
            searchInfo: search,
          })
        : adminGet('/products-auth', {
            offset,
            pageSize: PAGE_SIZE,
          }),
  });
  const go = (q: string, nextOffset: number) => {
    const nextPage = Math.floor(nextOffset / PAGE_SIZE) + 1;
    const pid = params.get('pid');
    setParams(
      { ...(pid ? { pid } : {}), ...(nextPage > 1 ? { page: String(nextPage) } : {}) },
      { state: q ? { q } : null },
    );
  };

  return (
    <AdminPage title="authenticity records">
      <search>
        <form
          className="adm-products-search"
          onSubmit={(e) => {
            e.preventDefault();
            go(typed.trim(), 0);
          }}
        >
          <TextField
            label="search by card number, piece or owner e-mail"
            type="search"
            value={typed}
            onChange={setTyped}
          />
          <button type="submit">search</button>
        </form>
      </search>
      <ClaimForm initialPid={params.get('pid') ?? ''} />
      {records.isPending && <Loading />}
      <ErrorText>{records.error?.message}</ErrorText>
      {records.data && (
        <>
          {records.data.list.length === 0 ? (
            <p className="adm-muted">no records.</p>
          ) : (
            <ul className="adm-products-list">
              {records.data.list.map((r) => (
                <RecordCard key={r.cardNumber} record={r} />
              ))}
            </ul>
          )}
          <Pager offset={offset} pageCount={records.data.pageCount} onOffset={(next) => go(search, next)} />
        </>
      )}
    </AdminPage>
  );
}

function RecordCard({ record: r }: { record: RecordRow }) {
  const [claiming, setClaiming] = useState(false);
  return (
    <li className="adm-products-card">
      <div className="adm-products-head">
        <h2>
          <Link to={`/viewdetails/${encodeURIComponent(r.pid)}`}>{r.name}</Link>
        </h2>
        <span className="adm-products-status">card {groupsOf4(r.cardNumber)}</span>
      </div>
      <p className="adm-products-facts">
        <span>owner: {r.email || 'none yet (sold on another platform)'}</span>
        <span>since {vancouverTime(r.createdAt)}</span>
        {r.transferDateTime && <span>last transfer {vancouverTime(r.transferDateTime)}</span>}
      </p>
      <details>
        <summary>transfer history ({r.transfers.length})</summary>
        {r.transfers.length === 0 ? (
          <p className="adm-muted">never transferred.</p>
        ) : (
          <ol className="adm-products-history">
            {r.transfers.map((t) => (
              <li key={`${t.at}-${t.to}`}>
                {vancouverTime(t.at)}: {t.from ? `from ${t.from}` : 'given by staff'} to {t.to}
              </li>
            ))}
          </ol>
        )}
      </details>
      {!r.email &&
        (claiming ? (
          <ClaimForm initialPid={r.pid} fixedPid onDone={() => setClaiming(false)} />
        ) : (
          <button type="button" onClick={() => setClaiming(true)}>
            give {r.name} its owner
          </button>
        ))}
    </li>
  );
}

/** POST /product-auth { pid, email? }: create a sold piece's record, or give an owner-less record its owner. */
function ClaimForm({
  initialPid,
  fixedPid,
  onDone,
}: {
  initialPid: string;
  fixedPid?: boolean;
  onDone?: () => void;
}) {
  const queryClient = useQueryClient();
  const [pid, setPid] = useState(initialPid);
  const [email, setEmail] = useState('');
  const { busy, error, setError, run } = useAction();
  const [done, setDone] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    setDone('');
    if (!pid.trim()) {
      setError('please fill all the blanks');
      return;
    }
    await run(async () => {
      const answer = await adminPost('/product-auth', {
        pid: pid.trim(),
        ...(email.trim() ? { email: email.trim() } : {}),
      });
      setDone(
        answer.record.email
          ? `saved: ${answer.record.email} was mailed a new portal password.`
          : `saved: the record of card ${groupsOf4(answer.record.cardNumber)} has no owner yet.`,
      );
      setEmail('');
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
      onDone?.();
    });
  };
  return (
    <form className="adm-form adm-products-claim" onSubmit={submit} noValidate>
      {!fixedPid && <h2 className="adm-products-subtitle">create a record or give it its owner</h2>}
      {!fixedPid && (
        <TextField
          label="product id"
          hint="from the product's page; the piece must be sold"
          value={pid}
          onChange={setPid}
        />
      )}
      <TextField
        label="owner's e-mail (optional: they are mailed a new portal password)"
        type="email"
        value={email}
        autoComplete="off"
        onChange={setEmail}
      />
      <ErrorText>{error}</ErrorText>
      <StatusText className="adm-products-done">{done}</StatusText>
      <div className="adm-row">
        <button type="submit" disabled={busy}>
          {busy ? 'saving...' : 'save the record'}
        </button>
        {onDone && (
          <button type="button" className="adm-link-button" onClick={onDone}>
            cancel
          </button>
        )}
      </div>
    </form>
  );
}
