import './collections.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ADMIN_LIMITS } from '#shared/admin.ts';
import { adminDelete, adminGet, adminPatch, adminPost } from '../api.ts';
import { AdminPicture } from '../kit/admin-picture.tsx';
import { SelectField } from '../kit/fields.tsx';
import { MoveButtons } from '../kit/move-buttons.tsx';
import { AdminPage, ConfirmButton, ErrorText, Loading } from '../ui.tsx';
import { Uploader } from '../uploader.tsx';
import { typeQuery } from './api.ts';

/** The collection's picture types (001 §3 Image): 3 dimension, 4 men details, 5 women details, 6 gallery. */
const PICTURE_TYPES = [
  [3, 'dimension pictures'],
  [4, "men's detail pictures"],
  [5, "women's detail pictures"],
  [6, 'gallery'],
] as const;

/** Where the shop shows each kind, so staff know what an upload changes. */
const SHOWN_ON: Record<number, string> = {
  3: '"product dimensions" of a piece without a size (/products/productdimensions).',
  4: 'under the collection page and its pieces, for men shoppers ("the details").',
  5: 'under the collection page and its pieces, for women shoppers ("the details").',
  6: 'under the collection page and its pieces, for every shopper ("gallery").',
};

/** /view-dimensions/{id} (001 §2): a collection's dimension (and detail, gallery) pictures. */
export function TypeDimensions() {
  const { id = '' } = useParams();
  const [type, setType] = useState<number>(3);
  const [error, setError] = useState('');
  const queryClient = useQueryClient();
  const collection = useQuery(typeQuery(id));
  const key = ['admin', 'images', id, type];
  const images = useQuery({
    queryKey: key,
    queryFn: async () => (await adminGet('/admin-images', { id, type })).imgs,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const label = PICTURE_TYPES.find(([t]) => t === type)?.[1] ?? 'pictures';

  const move = async (from: number, to: number) => {
    const list = images.data ?? [];
    const ids = list.map((i) => i.id);
    const [moved] = ids.splice(from, 1);
    ids.splice(to, 0, moved as string);
    setError('');
    try {
      const answer = await adminPatch('/pictures-order', {
        ownerId: id,
        type,
        ids,
      });
      queryClient.setQueryData(key, answer.imgs);
    } catch (e) {
      setError((e as Error).message);
      await refresh();
    }
  };

  return (
    <AdminPage
      title={collection.data ? `pictures of ${collection.data.name}` : 'collection pictures'}
      actions={<Link to="/view-types">all collections</Link>}
    >
      <ErrorText>{collection.error?.message}</ErrorText>
      <div className="adm-types-pick">
        <SelectField label="which pictures" value={type} onChange={setType} choices={PICTURE_TYPES} />
      </div>
      <section className="adm-types-section" aria-labelledby="pictures-heading">
        <h2 id="pictures-heading">{label}</h2>
        <p className="adm-muted">Shown on {SHOWN_ON[type]}</p>
        {images.isPending && <Loading />}
        <ErrorText>{images.error?.message || error}</ErrorText>
        {images.data && images.data.length === 0 && <p className="adm-muted">no pictures yet.</p>}
        <ol className="adm-types-pictures" hidden={!images.data?.length}>
          {(images.data ?? []).map((img, i, list) => (
            <li key={img.id}>
              <AdminPicture
                url={img.url}
                src={img.src}
                alt={`${label.replace(/ pictures$/, '')} ${i + 1}`}
                sizes="160px"
                width={160}
                height={160}
              />
              <span className="adm-row">
                <MoveButtons index={i} count={list.length} what={`picture ${i + 1}`} onMove={move} />
                <ConfirmButton
                  label={`delete picture ${i + 1}`}
                  question={`delete picture ${i + 1} of the ${label}?`}
                  onConfirm={async () => {
                    await adminDelete('/pictures', undefined, { id: img.id, ownerId: id, type });
                    await refresh();
                  }}
                />
              </span>
            </li>
          ))}
        </ol>
        <Uploader
          key={type}
          kind="image"
          max={ADMIN_LIMITS.picturesPerPicker}
          label={`add ${label}`}
          onUploaded={async (urls) => {
            await adminPost('/uploadimgs', { id, type, urls });
            await refresh();
          }}
        />
      </section>
    </AdminPage>
  );
}
