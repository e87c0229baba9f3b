import { useState } from 'react';
import { COLLECTION_IMAGES_MAX } from '#shared/admin-types.ts';
import { AdminPicture } from '../kit/admin-picture.tsx';
import { MoveButtons } from '../kit/move-buttons.tsx';
import { ConfirmButton, ErrorText } from '../ui.tsx';
import { Uploader } from '../uploader.tsx';

/**
 * One of a collection's two product image sets (women's, men's): the pictures in display
 * order with move and remove controls, and the uploader for more (at most 25 in the set).
 * `stored`: changes are saved at once (so removing asks first, as it deletes the file).
 */
export function ImageSet({
  who,
  urls,
  stored,
  onChange,
}: {
  /** "women's" or "men's" */
  who: string;
  urls: string[];
  stored: boolean;
  onChange: (urls: string[]) => Promise<void>;
}) {
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const title = `${who} pictures`;
  const headingId = `set-${who.replace(/\W+/g, '-')}`;
  const room = COLLECTION_IMAGES_MAX - urls.length;

  const change = async (next: string[]) => {
    setBusy(true);
    setError('');
    try {
      await onChange(next);
    } catch (e) {
      setError((e as Error).message);
      throw e;
    } finally {
      setBusy(false);
    }
  };
  const move = (from: number, to: number) => {
    const next = [...urls];
    const [url] = next.splice(from, 1);
    next.splice(to, 0, url as string);
    change(next).catch(() => undefined);
  };
  const without = (url: string) => urls.filter((u) => u !== url);

  return (
    <section className="adm-types-set" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {title} ({urls.length} of {COLLECTION_IMAGES_MAX})
      </h2>
      {urls.length === 0 && <p className="adm-muted">no pictures yet.</p>}
      <ol className="adm-types-pictures" hidden={urls.length === 0}>
        {urls.map((url, i) => (
          <li key={url}>
            <AdminPicture
              url={url}
              alt={`${who} set, number ${i + 1}`}
              sizes="160px"
              width={160}
              height={160}
            />
            <span className="adm-row">
              <MoveButtons
                index={i}
                count={urls.length}
                what={`${who} picture ${i + 1}`}
                disabled={busy}
                onMove={move}
              />
              {stored ? (
                <ConfirmButton
                  label={`remove ${who} picture ${i + 1}`}
                  question={`remove ${who} picture ${i + 1}? its file is deleted.`}
                  onConfirm={() => change(without(url))}
                />
              ) : (
                <button
                  type="button"
                  className="adm-danger"
                  onClick={() => change(without(url)).catch(() => undefined)}
                >
                  remove {who} picture {i + 1}
                </button>
              )}
            </span>
          </li>
        ))}
      </ol>
      <ErrorText>{error}</ErrorText>
      {room > 0 ? (
        <Uploader
          kind="image"
          max={room}
          label={`add ${title}`}
          onUploaded={(added) => change([...urls, ...added])}
        />
      ) : (
        <p className="adm-muted">this set is full ({COLLECTION_IMAGES_MAX} pictures).</p>
      )}
    </section>
  );
}
