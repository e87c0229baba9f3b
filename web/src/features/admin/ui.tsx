import './admin.css';
import './kit/kit.css';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { adminDelete } from './api.ts';
import { PAGE_SIZE } from './paged.ts';
import { forgetAdmin, storedAdmin } from './session.ts';

/** The frame of every admin screen: where you are, the way home, the audit log, log out. */
export function AdminPage({
  title,
  children,
  actions,
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logOut = async () => {
    await adminDelete('/admin').catch(() => undefined);
    forgetAdmin();
    queryClient.clear();
    navigate('/admin', { replace: true });
  };
  return (
    <div className="adm">
      <header className="adm-bar">
        <nav aria-label="admin">
          <Link to="/admin-home">admin home</Link>
          <Link to="/audit-log">audit log</Link>
        </nav>
        <span className="adm-user">{storedAdmin()}</span>
        <button type="button" className="adm-link-button" onClick={logOut}>
          log out
        </button>
      </header>
      <main className="adm-main">
        <div className="adm-title">
          <h1>{title}</h1>
          {actions}
        </div>
        {children}
      </main>
    </div>
  );
}

/** Admin times are Vancouver times (001 §2). */
export { vancouverTime } from '#shared/vancouver-time.ts';

/** Pages of 10: previous / "page n of m" / next. */
export function Pager({
  offset,
  pageSize = PAGE_SIZE,
  pageCount,
  onOffset,
}: {
  offset: number;
  pageSize?: number;
  pageCount: number;
  onOffset: (offset: number) => void;
}) {
  const page = Math.floor(offset / pageSize) + 1;
  return (
    <nav className="adm-pager" aria-label="pages">
      <button type="button" disabled={page <= 1} onClick={() => onOffset(offset - pageSize)}>
        previous
      </button>
      <span aria-live="polite">
        page {page} of {Math.max(1, pageCount)}
      </span>
      <button type="button" disabled={page >= pageCount} onClick={() => onOffset(offset + pageSize)}>
        next
      </button>
    </nav>
  );
}

/** A delete (or other irreversible) action that asks first (001 §5: delete actions ask for confirmation). */
export function ConfirmButton({
  label,
  question,
  onConfirm,
  className,
}: {
  label: string;
  question: string;
  onConfirm: () => Promise<unknown>;
  className?: string;
}) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const id = useId();
  const confirm = async () => {
    setBusy(true);
    setError('');
    try {
      await onConfirm();
      setAsking(false);
    } catch (e) {
      setError((e as Error).message || 'Error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className={className ?? 'adm-danger'} onClick={() => setAsking(true)}>
        {label}
      </button>
      {asking && (
        <div className="adm-confirm" role="alertdialog" aria-modal="true" aria-labelledby={id}>
          <p id={id}>{question}</p>
          <div className="adm-row">
            <button type="button" className="adm-danger" disabled={busy} onClick={confirm}>
              yes, {label}
            </button>
            <button type="button" onClick={() => setAsking(false)} disabled={busy}>
              cancel
            </button>
          </div>
        </div>
      )}
      {error && (
        <p role="alert" className="adm-error">
          {error}
        </p>
      )}
    </>
  );
}

/** A labelled input; every admin form is made of these. */
/**
 * A labelled control: `children` receives the id to put on its input, select or textarea, so
 * the label names it for assistive technology.
 */
export function Field({
  label,
  children,
  hint,
}: {
  label: string;
  children: (id: string) => ReactNode;
  hint?: string;
}) {
  const id = useId();
  return (
    <div className="adm-field">
      <label htmlFor={id}>{label}</label>
      {children(id)}
      {hint && <small>{hint}</small>}
    </div>
  );
}

export function ErrorText({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p role="alert" className="adm-error">
      {children}
    </p>
  );
}

/** What a form's action did ("published", "sent"), said politely; nothing when there is nothing. */
export function StatusText({
  children,
  className = 'adm-muted',
}: {
  children: ReactNode;
  className?: string;
}) {
  if (!children) return null;
  return (
    <p role="status" className={className}>
      {children}
    </p>
  );
}

export function Loading() {
  return (
    <p role="status" className="adm-muted">
      loading...
    </p>
  );
}
