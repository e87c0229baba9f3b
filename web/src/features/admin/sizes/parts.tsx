import './sizes.css';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Picture } from '../../../components/picture.tsx';
import { sizesKey } from './api.ts';

/** Where a screen sits: sizes › a size's guides › an entry. */
export function Crumbs({ items }: { items: [string, string | undefined][] }) {
  return (
    <nav aria-label="you are here">
      <ol className="adm-sizes-crumbs">
        {items.map(([label, to]) => (
          <li key={label}>{to ? <Link to={to}>{label}</Link> : <span aria-current="page">{label}</span>}</li>
        ))}
      </ol>
    </nav>
  );
}

/** Refreshes every size screen's data after a change. */
export function useRefresh(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: sizesKey() });
}

export function Thumb({ url, alt }: { url?: string; alt: string }) {
  if (!url) return <span className="adm-muted">none</span>;
  return (
    <Picture
      processingNote
      className="adm-sizes-thumb"
      url={url}
      sizes="64px"
      alt={alt}
      width={64}
      height={64}
    />
  );
}

export const guidesPath = (sizeId: string) => `/view-size-guides?id=${encodeURIComponent(sizeId)}`;
export const editGuidePath = (sizeId: string, id?: string) =>
  `/edit-size-guide?${id ? `id=${encodeURIComponent(id)}&` : ''}sid=${encodeURIComponent(sizeId)}`;
export const guideImagePath = (id: string, sizeId: string, type: 'imageUrl' | 'largeImgUrl') =>
  `/add-size-guide-img?id=${encodeURIComponent(id)}&type=${type}&sid=${encodeURIComponent(sizeId)}`;
