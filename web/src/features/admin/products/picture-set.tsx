import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ADMIN_LIMITS } from '#shared/admin.ts';
import { adminDelete, adminPatch, adminPost } from '../api.ts';
import { AdminPicture } from '../kit/admin-picture.tsx';
import { MoveButtons } from '../kit/move-buttons.tsx';
import { ConfirmButton, ErrorText, Loading } from '../ui.tsx';
import { Uploader } from '../uploader.tsx';
import { imagesQuery } from './api.ts';

/** At most this many pictures in one set (the server's limit, 001 §9: 25 per collection image set). */
const SET_MAX = 25;

/**
 * One picture set of a product (types 1, 2) or collection (3–6): the stored pictures in display
 * order, each movable and deletable (after a confirmation), and the uploader for up to 10 more.
 */
export function PictureSet({ ownerId, type, label }: { ownerId: string; type: number; label: string }) {
  const queryClient = useQueryClient();
  const query = imagesQuery(ownerId, type);
  const images = useQuery(query);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const list = images.data ?? [];
  const room = Math.min(ADMIN_LIMITS.picturesPerPicker, SET_MAX - list.length);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin'] });

  const move = async (from: number, to: number) => {
    const ids = list.map((i) => i.id);
    const [moved] = ids.splice(from, 1);
    ids.splice(to, 0, moved as string);
    setBusy(true);
    setError('');
    try {
      const answer = await adminPatch('/pictures-order', {
        ownerId,
        type,
        ids,
      });
      queryClient.setQueryData(query.queryKey, answer.imgs);
    } catch (e) {
      setError((e as Error).message);
      await refresh();
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="adm-products-section" aria-labelledby={`set-${type}`}>
      <h2 id={`set-${type}`}>
        {label} ({list.length} of {SET_MAX})
      </h2>
      {images.isPending && <Loading />}
      <ErrorText>{images.error?.message || error}</ErrorText>
      {images.data && list.length === 0 && <p className="adm-muted">no pictures yet.</p>}
      <ol className="adm-media adm-products-pictures">
        {list.map((img, i) => (
          <li key={img.id}>
            <AdminPicture
              url={img.url}
              src={img.src}
              signedSet={img.srcset}
              alt={`${label}, number ${i + 1}`}
              sizes="160px"
              width={160}
              height={160}
            />
            <span className="adm-row">
              <MoveButtons
                index={i}
                count={list.length}
                what={`picture ${i + 1}`}
                disabled={busy}
                onMove={move}
              />
              <ConfirmButton
                label={`delete picture ${i + 1}`}
                question={`delete picture ${i + 1}? its file is deleted too.`}
                onConfirm={async () => {
                  await adminDelete('/pictures', undefined, { id: img.id, ownerId, type });
                  await refresh();
                }}
              />
            </span>
          </li>
        ))}
      </ol>
      {room > 0 ? (
        <Uploader
          key={`${ownerId}-${type}`}
          kind={type === 2 ? 'authenticity' : 'image'}
          accept={type === 2 ? 'image/jpeg,image/png,image/webp' : undefined}
          max={ADMIN_LIMITS.picturesPerPicker}
          label={`add ${label} (up to ${room} at once)`}
          onUploaded={async (urls) => {
            const answer = await adminPost('/uploadimgs', {
              id: ownerId,
              type,
              urls,
            });
            queryClient.setQueryData(query.queryKey, answer.imgs);
            await refresh();
          }}
        />
      ) : (
        <p className="adm-muted">this set is full ({SET_MAX} pictures).</p>
      )}
    </section>
  );
}
