import './finders.css';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { Crumbs } from '../kit/fields.tsx';
import { PicturePreview } from '../kit/pictures.tsx';
import { AdminPage, ConfirmButton, ErrorText, Loading } from '../ui.tsx';
import { Uploader } from '../uploader.tsx';
import { findersApi, findersKey } from './api.ts';
import { deleteOrError, optionsPath, stepsPath, useRefresh } from './parts.tsx';

/**
 * /add-option-img?id&fid (001 §2): an option's picture, shown in the image carousel of the
 * "three options" and "multiple options" steps. Upload (with its progress bar), replace, remove.
 */
export function AddOptionImg() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const fid = params.get('fid') ?? '';
  const refresh = useRefresh();
  const loaded = useQuery({
    queryKey: findersKey('option', id, fid),
    queryFn: () => findersApi.option(id, fid),
    enabled: id !== '' && fid !== '',
  });
  const option = loaded.data?.option;
  const step = loaded.data?.step;
  return (
    <AdminPage title={option ? `picture of "${option.content}"` : 'option picture'}>
      <div className="adm-finders">
        {step && option && (
          <Crumbs
            items={[
              ['size finder', stepsPath(fid)],
              [step.shortName, optionsPath(step.id, fid)],
              [option.content, undefined],
            ]}
          />
        )}
        {(!id || !fid) && <ErrorText>no option chosen</ErrorText>}
        {id && fid && loaded.isPending && <Loading />}
        <ErrorText>{loaded.error?.message}</ErrorText>
        {option && step && (
          <div className="adm-media-sections">
            <section aria-labelledby="option-picture">
              <h2 id="option-picture">current picture</h2>
              {option.imageUrl ? (
                <>
                  <PicturePreview url={option.imageUrl} alt={`option: ${option.content}`} />
                  <div>
                    <ConfirmButton
                      label="remove picture"
                      question="Remove this picture from the option? The file is deleted."
                      onConfirm={() =>
                        deleteOrError(() => findersApi.deleteOptionImage(option.id, fid)).then(refresh)
                      }
                    />
                  </div>
                </>
              ) : (
                <p className="adm-muted">no picture yet</p>
              )}
            </section>
            <section aria-labelledby="option-upload">
              <h2 id="option-upload">{option.imageUrl ? 'replace it' : 'add one'}</h2>
              <Uploader
                kind="image"
                max={1}
                label="option picture"
                onUploaded={async ([url]) => {
                  if (url) await findersApi.uploadOptionImage(option.id, fid, url);
                  await refresh();
                }}
              />
              <Link to={optionsPath(step.id, fid)}>back to the options</Link>
            </section>
          </div>
        )}
      </div>
    </AdminPage>
  );
}
