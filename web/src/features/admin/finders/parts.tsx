import './finders.css';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { ADMIN_MESSAGES } from '#shared/admin.ts';
import { Picture } from '../../../components/picture.tsx';
import { findersKey } from './api.ts';

/** Where a screen sits: collection › size finder › step. */
export function Crumbs({ items }: { items: [string, string | undefined][] }) {
  return (
    <nav aria-label="you are here">
      <ol className="adm-finders-crumbs">
        {items.map(([label, to]) => (
          <li key={label}>{to ? <Link to={to}>{label}</Link> : <span aria-current="page">{label}</span>}</li>
        ))}
      </ol>
    </nav>
  );
}

/** Refreshes every size finder screen's data after a change. */
export function useRefresh(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: findersKey() });
}

/**
 * A delete that failed says "Error" (001 §8: failed size finder delete → "Error" alert): as an
 * alert, and beside the button (ConfirmButton shows the message it is thrown).
 */
export async function deleteOrError(remove: () => Promise<unknown>): Promise<void> {
  try {
    await remove();
  } catch {
    window.alert(ADMIN_MESSAGES.deleteFailed);
    throw new Error(ADMIN_MESSAGES.deleteFailed);
  }
}

export function Thumb({ url, alt }: { url?: string; alt: string }) {
  if (!url) return <span className="adm-muted">none</span>;
  return (
    <Picture
      processingNote
      className="adm-finders-thumb"
      url={url}
      sizes="64px"
      alt={alt}
      width={64}
      height={64}
    />
  );
}

export const stepsPath = (fid: string) => `/view-steps?id=${encodeURIComponent(fid)}`;
export const findersPath = (tid: string) => `/view-size-finders?tid=${encodeURIComponent(tid)}`;
export const optionsPath = (stepId: string, fid: string) =>
  `/view-options?id=${encodeURIComponent(stepId)}&fid=${encodeURIComponent(fid)}`;
