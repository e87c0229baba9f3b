import './sizes.css';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { Crumbs } from '../kit/fields.tsx';
import { PicturePreview } from '../kit/pictures.tsx';
import { AdminPage, ConfirmButton, ErrorText, Loading } from '../ui.tsx';
import { Uploader } from '../uploader.tsx';
import { type ImageField, sizesApi, sizesKey } from './api.ts';
import { IMAGE_LABELS } from './labels.ts';
import { guideImagePath, guidesPath, useRefresh } from './parts.tsx';

/**
 * /add-size-guide-img?id&type=imageUrl|largeImgUrl&sid (001 §2): a guide entry's picture or
 * large picture — upload one (with its progress bar), replace it, or remove it. The replaced
 * or removed file is deleted by the server.
 */
export function AddSizeGuideImg() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const sizeId = params.get('sid') ?? '';
  const field: ImageField = params.get('type') === 'largeImgUrl' ? 'largeImgUrl' : 'imageUrl';
  const refresh = useRefresh();
  const loaded = useQuery({
    queryKey: sizesKey('guide', sizeId, id),
    queryFn: () => sizesApi.guide(id, sizeId),
    enabled: id !== '' && sizeId !== '',
  });
  const guide = loaded.data?.guide;
  const label = IMAGE_LABELS[field];
  const current = guide?.[field];
  return (
    <AdminPage title={guide ? `${label} of ${guide.name}` : label}>
      <div className="adm-sizes">
        {guide && (
          <Crumbs
            items={[
              ['sizes', '/view-sizes'],
              ['size guide', guidesPath(sizeId)],
              [`${label} of ${guide.name}`, undefined],
            ]}
          />
        )}
        {!id && <ErrorText>no guide entry chosen</ErrorText>}
        {id && !sizeId && <ErrorText>a size guide needs a size id</ErrorText>}
        {id && sizeId && loaded.isPending && <Loading />}
        <ErrorText>{loaded.error?.message}</ErrorText>
        {guide && (
          <>
            <nav aria-label="pictures of this entry">
              <ul className="adm-sizes-tabs">
                {(Object.keys(IMAGE_LABELS) as ImageField[]).map((f) => (
                  <li key={f}>
                    {f === field ? (
                      <span aria-current="page">{IMAGE_LABELS[f]}</span>
                    ) : (
                      <Link to={guideImagePath(guide.id, sizeId, f)}>{IMAGE_LABELS[f]}</Link>
                    )}
                  </li>
                ))}
              </ul>
            </nav>
            <div className="adm-media-sections">
              <section aria-labelledby="guide-current">
                <h2 id="guide-current">current {label}</h2>
                {current ? (
                  <>
                    <PicturePreview
                      url={current}
                      alt={`${label} of ${guide.name}`}
                      className="adm-sizes-preview"
                    />
                    <div>
                      <ConfirmButton
                        label={`remove ${label}`}
                        question={`Remove the ${label} of "${guide.name}"? The file is deleted.`}
                        onConfirm={() => sizesApi.deleteImage(guide.id, sizeId, field).then(refresh)}
                      />
                    </div>
                  </>
                ) : (
                  <p className="adm-muted">no {label} yet</p>
                )}
              </section>
              <section aria-labelledby="guide-upload">
                <h2 id="guide-upload">{current ? 'replace it' : 'add one'}</h2>
                <Uploader
                  kind="image"
                  max={1}
                  label={`choose the ${label}`}
                  onUploaded={async ([url]) => {
                    if (url) await sizesApi.uploadImage(guide.id, sizeId, field, url);
                    await refresh();
                  }}
                />
                <Link to={guidesPath(sizeId)}>back to the size guide</Link>
              </section>
            </div>
          </>
        )}
      </div>
    </AdminPage>
  );
}
