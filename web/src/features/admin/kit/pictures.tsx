import { AdminPicture } from './admin-picture.tsx';

/** A row's picture in an admin table (64 px), or "none". */
export function Thumb({ url, alt }: { url?: string; alt: string }) {
  if (!url) return <span className="adm-muted">none</span>;
  return <AdminPicture className="adm-thumb" url={url} sizes="64px" alt={alt} width={64} height={64} />;
}

/** A picture shown large (320 px) on the screen that changes it; `className` adds to its own. */
export function PicturePreview({ url, alt, className }: { url: string; alt: string; className?: string }) {
  return (
    <AdminPicture
      className={className ? `adm-picture-preview ${className}` : 'adm-picture-preview'}
      url={url}
      sizes="320px"
      width={320}
      height={320}
      alt={alt}
    />
  );
}
