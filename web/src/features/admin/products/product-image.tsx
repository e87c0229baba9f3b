import './products.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { adminDelete, adminGet, adminPatch, adminPost } from '../api.ts';
import { AdminPicture } from '../kit/admin-picture.tsx';
import { AdminPage, ConfirmButton, ErrorText, Loading } from '../ui.tsx';
import { Uploader } from '../uploader.tsx';
import { type AdminImage, productQuery } from './api.ts';

/**
 * /ad-product-image?id (001 §2 "product image page"): the piece's main picture — the first of
 * its product pictures, which its storefront page opens on. Upload a new one, make another
 * picture the main one, or remove it (the next picture takes its place).
 */
export function ProductImagePage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const queryClient = useQueryClient();
  const product = useQuery({ ...productQuery(id), enabled: Boolean(id) });
  const key = ['admin', 'product-image', id];
  const image = useQuery({
    queryKey: key,
    queryFn: () => adminGet('/product-image', { id }),
    enabled: Boolean(id),
  });
  const [error, setError] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin'] });
  const name = product.data?.product.name;

  const makeMain = async (picture: AdminImage) => {
    const ids = (image.data?.imgs ?? []).map((i) => i.id);
    setError('');
    try {
      await adminPatch('/pictures-order', {
        ownerId: id,
        type: 1,
        ids: [picture.id, ...ids.filter((x) => x !== picture.id)],
      });
      await refresh();
    } catch (e) {
      setError((e as Error).message);
    }
  };

  return (
    <AdminPage
      title={name ? `main picture of ${name}` : 'main picture'}
      actions={
        id ? <Link to={`/viewdetails/${encodeURIComponent(id)}`}>back to the product</Link> : undefined
      }
    >
      {!id && (
        <p>
          choose a product on the <Link to="/viewproducts">products list</Link> first.
        </p>
      )}
      {image.isPending && id && <Loading />}
      <ErrorText>{image.error?.message || error}</ErrorText>
      {image.data && (
        <>
          <section className="adm-products-section" aria-labelledby="main-heading">
            <h2 id="main-heading">main picture</h2>
            {image.data.img ? (
              <>
                <AdminPicture
                  className="adm-products-main"
                  url={image.data.img.url}
                  src={image.data.img.src}
                  sizes="320px"
                  width={320}
                  height={320}
                  alt={`${name ?? 'the piece'}, as the shop shows it first`}
                />
                <ConfirmButton
                  label="remove the main picture"
                  question="remove the main picture? its file is deleted; the next picture becomes the main one."
                  onConfirm={async () => {
                    const imageId = image.data.img?.id;
                    if (!imageId) return;
                    await adminDelete('/product-img', undefined, { id, imageId });
                    await refresh();
                  }}
                />
              </>
            ) : (
              <p className="adm-muted">no main picture yet.</p>
            )}
            <Uploader
              kind="image"
              max={1}
              label="upload a new main picture"
              onUploaded={async ([url]) => {
                if (url === undefined) return; // the uploader hands at least the one file it took
                await adminPost('/upload-product-img', { id, url });
                await refresh();
              }}
            />
          </section>
          {image.data.imgs.length > 1 && (
            <section className="adm-products-section" aria-labelledby="others-heading">
              <h2 id="others-heading">or make another picture the main one</h2>
              <ol className="adm-media adm-products-pictures">
                {image.data.imgs.slice(1).map((picture, i) => (
                  <li key={picture.id}>
                    <AdminPicture
                      url={picture.url}
                      src={picture.src}
                      alt={`${name ?? 'the piece'}, view ${i + 2}`}
                      sizes="160px"
                      width={160}
                      height={160}
                    />
                    <button type="button" onClick={() => makeMain(picture)}>
                      make picture {i + 2} the main one
                    </button>
                  </li>
                ))}
              </ol>
            </section>
          )}
        </>
      )}
    </AdminPage>
  );
}
