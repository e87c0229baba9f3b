import { useId, useState } from 'react';
import { FILM_PROVIDER_IDS, FILM_PROVIDERS, type FilmProvider } from '#shared/film-providers.ts';
import { FILM_MESSAGES } from '#shared/films.ts';
import { mediaSrc } from '#shared/media.ts';
import { uploadFile } from './api.ts';
import { SelectField, TextField } from './kit/fields.tsx';
import { ErrorText, Field } from './ui.tsx';

/**
 * A film as staff choose it: none, an embed from a listed provider (its video id), or an upload
 * (a video and, where the film has one, a poster picture), each file put straight to S3 through
 * /upload-url as soon as it is picked; the save call checks them.
 */
export type FilmDraft =
  | { source: 'none' }
  | { source: 'embed'; provider: FilmProvider; id: string }
  | { source: 'upload'; video: string; poster: string };

const VIDEO_TYPES = 'video/mp4,video/webm';
const PICTURE_TYPES = 'image/jpeg,image/png,image/webp,image/gif';

/** What is wrong with a draft before it is sent, or '' (the server checks it again). */
export function filmDraftError(draft: FilmDraft, withPoster: boolean): string {
  if (draft.source === 'embed' && !FILM_PROVIDERS[draft.provider].idPattern.test(draft.id.trim()))
    return FILM_MESSAGES.embedId;
  if (draft.source === 'upload' && !draft.video) return FILM_MESSAGES.video;
  if (draft.source === 'upload' && withPoster && !draft.poster) return FILM_MESSAGES.poster;
  return '';
}

function FilePick({
  label,
  accept,
  kind,
  current,
  onUploaded,
}: {
  label: string;
  accept: string;
  kind: 'video' | 'image';
  current: string;
  onUploaded: (url: string) => void;
}) {
  const [progress, setProgress] = useState<number | undefined>(undefined);
  const [error, setError] = useState('');
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setError('');
    setProgress(0);
    try {
      onUploaded(await uploadFile(file, kind, setProgress));
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setProgress(undefined);
    }
  };
  return (
    <>
      <Field label={label} hint={current ? `now: ${mediaSrc(current)}` : undefined}>
        {(id) => (
          <input
            id={id}
            type="file"
            accept={accept}
            disabled={progress !== undefined}
            onChange={(e) => void pick(e.target.files?.[0])}
          />
        )}
      </Field>
      {progress !== undefined && (
        <p role="status" className="adm-muted">
          uploading... {Math.round(progress * 100)}%
        </p>
      )}
      <ErrorText>{error}</ErrorText>
    </>
  );
}

export function FilmChooser({
  label,
  value,
  onChange,
  withPoster,
}: {
  label: string;
  value: FilmDraft;
  /** Takes an update of the draft (two files may finish uploading in either order). */
  onChange: (update: (draft: FilmDraft) => FilmDraft) => void;
  withPoster: boolean;
}) {
  const name = useId();
  const choose = (source: FilmDraft['source']) => {
    if (source === value.source) return;
    if (source === 'none') onChange(() => ({ source }));
    else if (source === 'embed') onChange(() => ({ source, provider: 'vimeo', id: '' }));
    else onChange(() => ({ source, video: '', poster: '' }));
  };
  return (
    <fieldset className="adm-film">
      <legend>{label}</legend>
      <div className="adm-row">
        {(
          [
            ['none', 'no film'],
            ['upload', 'upload a video'],
            ['embed', 'embed from Vimeo or YouTube'],
          ] as const
        ).map(([source, words]) => (
          <label key={source}>
            <input
              type="radio"
              name={name}
              value={source}
              checked={value.source === source}
              onChange={() => choose(source)}
            />{' '}
            {words}
          </label>
        ))}
      </div>
      {value.source === 'embed' && (
        <>
          <SelectField
            label="provider"
            value={value.provider}
            onChange={(provider) => onChange((d) => (d.source === 'embed' ? { ...d, provider } : d))}
            choices={FILM_PROVIDER_IDS.map((p) => [p, FILM_PROVIDERS[p].label] as const)}
          />
          <TextField
            label="video id"
            hint="the last part of the video's address, e.g. 76979871 or dQw4w9WgXcQ"
            value={value.id}
            maxLength={40}
            onChange={(id) => onChange((d) => (d.source === 'embed' ? { ...d, id } : d))}
          />
        </>
      )}
      {value.source === 'upload' && (
        <>
          <FilePick
            label="video (MP4 or WebM)"
            accept={VIDEO_TYPES}
            kind="video"
            current={value.video}
            onUploaded={(video) => onChange((d) => (d.source === 'upload' ? { ...d, video } : d))}
          />
          {withPoster && (
            <FilePick
              label="poster picture"
              accept={PICTURE_TYPES}
              kind="image"
              current={value.poster}
              onUploaded={(poster) => onChange((d) => (d.source === 'upload' ? { ...d, poster } : d))}
            />
          )}
        </>
      )}
    </fieldset>
  );
}
