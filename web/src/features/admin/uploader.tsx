import { useState } from 'react';
import type { UploadKind } from '#shared/admin.ts';
import { ADMIN_MESSAGES } from '#shared/admin.ts';
import { mediaSrc } from '#shared/media.ts';
import { uploadFile } from './api.ts';
import { useAction } from './kit/action.ts';

interface Pending {
  id: string;
  name: string;
  preview: string;
  progress: number;
  error?: string;
}

/**
 * Picks files (at most `max` at once: "please select no more than 10 pictures"), previews them,
 * uploads each straight to S3 with its own progress bar, and hands the stored urls on in the
 * order shown, which the staff member can change before saving.
 */
export function Uploader({
  kind,
  max,
  label,
  onUploaded,
  accept,
}: {
  kind: UploadKind;
  max: number;
  label: string;
  accept?: string;
  onUploaded: (urls: string[]) => Promise<void> | void;
}) {
  const [files, setFiles] = useState<File[]>([]);
  const [pending, setPending] = useState<Pending[]>([]);
  const { busy, error, setError, run } = useAction();
  // A new key gives a fresh, empty file input once the chosen files are uploaded.
  const [inputKey, setInputKey] = useState(0);

  const pick = (list: FileList | null) => {
    setError('');
    const chosen = [...(list ?? [])];
    if (chosen.length > max) {
      setError(max === 10 ? ADMIN_MESSAGES.tooManyPictures : `please select no more than ${max} files`);
      setFiles([]);
      setPending([]);
      return;
    }
    setFiles(chosen);
    setPending(
      chosen.map((f) => ({
        id: crypto.randomUUID(),
        name: f.name,
        preview: URL.createObjectURL(f),
        progress: 0,
      })),
    );
  };

  const move = (from: number, to: number) => {
    if (to < 0 || to >= files.length) return;
    const reorder = <T,>(list: T[]) => {
      const copy = [...list];
      const [item] = copy.splice(from, 1);
      copy.splice(to, 0, item as T);
      return copy;
    };
    setFiles(reorder);
    setPending(reorder);
  };

  const upload = async () => {
    if (files.length === 0) return;
    await run(async () => {
      const urls = await Promise.all(
        files.map((file, i) =>
          uploadFile(file, kind, (fraction) =>
            setPending((p) => p.map((x, j) => (j === i ? { ...x, progress: fraction } : x))),
          ).catch((e: Error) => {
            setPending((p) => p.map((x, j) => (j === i ? { ...x, error: e.message } : x)));
            throw e;
          }),
        ),
      );
      await onUploaded(urls);
      setFiles([]);
      setPending([]);
      setInputKey((k) => k + 1);
    });
  };

  const isVideo = kind === 'video';
  return (
    <section className="adm-uploader" aria-label={label}>
      <label className="adm-field">
        <span>{label}</span>
        <input
          key={inputKey}
          type="file"
          multiple={max > 1}
          accept={
            accept ??
            (isVideo ? 'video/mp4,video/webm,video/quicktime' : 'image/jpeg,image/png,image/webp,image/gif')
          }
          onChange={(e) => pick(e.currentTarget.files)}
          disabled={busy}
        />
      </label>
      {error && (
        <p role="alert" className="adm-error">
          {error}
        </p>
      )}
      {pending.length > 0 && (
        <ol className="adm-previews">
          {pending.map((p, i) => (
            <li key={p.id}>
              {isVideo ? (
                <video src={p.preview} muted aria-label={`preview of ${p.name}`} />
              ) : (
                <img src={p.preview} alt={`preview of ${p.name}`} />
              )}
              <span>{p.name}</span>
              <progress max={1} value={p.progress} aria-label={`upload of ${p.name}`} />
              {p.error && <small className="adm-error">{p.error}</small>}
              <span className="adm-row">
                <button
                  type="button"
                  onClick={() => move(i, i - 1)}
                  disabled={busy || i === 0}
                  aria-label={`move ${p.name} up`}
                >
                  ↑
                </button>
                <button
                  type="button"
                  onClick={() => move(i, i + 1)}
                  disabled={busy || i === pending.length - 1}
                  aria-label={`move ${p.name} down`}
                >
                  ↓
                </button>
              </span>
            </li>
          ))}
        </ol>
      )}
      <button type="button" onClick={upload} disabled={busy || files.length === 0}>
        {busy ? 'uploading...' : 'upload'}
      </button>
    </section>
  );
}

/** A stored picture with its delete and move controls, for the lists of existing media. */
export function storedSrc(url: string): string {
  return mediaSrc(url);
}
