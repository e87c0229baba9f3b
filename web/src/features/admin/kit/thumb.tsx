import { Picture } from '../../../components/picture.tsx';

/** A row's picture in an admin table (64 px), or "none". */
export function Thumb({ url, alt }: { url?: string; alt: string }) {
  if (!url) return <span className="adm-muted">none</span>;
  return (
    <Picture processingNote className="adm-thumb" url={url} sizes="64px" alt={alt} width={64} height={64} />
  );
}
