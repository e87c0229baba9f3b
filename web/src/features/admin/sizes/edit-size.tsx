import './sizes.css';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ADMIN_MESSAGES } from '#shared/admin.ts';
import { FILM_PROVIDERS } from '#shared/film-providers.ts';
import { filmOfUrl } from '#shared/films.ts';
import type { Gender } from '#shared/vocabulary.ts';
import { FilmChooser, type FilmDraft, filmDraftError } from '../film-chooser.tsx';
import { useAction } from '../kit/action.ts';
import { Crumbs, choicesOf, NumberField, SelectField, TextAreaField, TextField } from '../kit/fields.tsx';
import { GENDER_CHOICES } from '../kit/words.ts';
import { AdminPage, ErrorText, Loading } from '../ui.tsx';
import { type Size, sizesApi, sizesKey } from './api.ts';
import { guidesPath, useRefresh } from './parts.tsx';

/** /edit-size?id (001 §2): edit a size; with no id, add one (to collection `tid` if given). */
export function EditSize() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const size = useQuery({
    queryKey: sizesKey('size', id),
    queryFn: () => sizesApi.size(id),
    enabled: id !== '',
  });
  const loaded = size.data?.size;
  const title = id ? (loaded ? `size ${loaded.name}` : 'size') : 'new size';
  return (
    <AdminPage title={title}>
      <div className="adm-sizes">
        <Crumbs
          items={[
            ['sizes', '/view-sizes'],
            [
              id ? (loaded ? `${loaded.name} of ${loaded.typeName ?? 'collection'}` : 'size') : 'new size',
              undefined,
            ],
          ]}
        />
        {id && size.isPending && <Loading />}
        <ErrorText>{size.error?.message}</ErrorText>
        {!id && <SizeForm key="new" presetType={params.get('tid') ?? ''} />}
        {loaded && <SizeForm key={loaded.id} size={loaded} presetType={loaded.typeId} />}
      </div>
    </AdminPage>
  );
}

/** The form as typed (what POST /sizes takes): the index as text, blank to go last. */
interface SizeDraft {
  typeId: string;
  name: string;
  gender: Gender;
  index: string;
  description: string;
  menDescription: string;
}

/** A stored meaning address (000 §3) as the film chooser shows it, and back ('' removes it). */
function meaningDraft(url: string | undefined): FilmDraft {
  const film = url ? filmOfUrl(url) : undefined;
  if (!film) return { source: 'none' };
  return film.source === 'embed' ? film : { source: 'upload', video: film.video, poster: '' };
}
function meaningOf(draft: FilmDraft): string {
  if (draft.source === 'none') return '';
  return draft.source === 'embed' ? FILM_PROVIDERS[draft.provider].embedUrl(draft.id.trim()) : draft.video;
}

function SizeForm({ size, presetType }: { size?: Size; presetType: string }) {
  const navigate = useNavigate();
  const refresh = useRefresh();
  const types = useQuery({ queryKey: sizesKey('typelist'), queryFn: sizesApi.typeList });
  const [draft, setDraft] = useState<SizeDraft>({
    typeId: size?.typeId ?? presetType,
    name: size?.name ?? '',
    gender: size?.gender ?? 0,
    index: size ? String(size.index) : '',
    description: size?.description ?? '',
    menDescription: size?.menDescription ?? '',
  });
  const [womenMeaning, setWomenMeaning] = useState<FilmDraft>(meaningDraft(size?.womenMeaning));
  const [menMeaning, setMenMeaning] = useState<FilmDraft>(meaningDraft(size?.menMeaning));
  const { busy, error, setError, run } = useAction();
  const set = <K extends keyof SizeDraft>(key: K, value: SizeDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    if (!draft.typeId || !draft.name.trim()) {
      setError(ADMIN_MESSAGES.fillAllBlanks);
      return;
    }
    const meaningProblem = filmDraftError(womenMeaning, false) || filmDraftError(menMeaning, false);
    if (meaningProblem) {
      setError(meaningProblem);
      return;
    }
    const fields = { ...draft, womenMeaning: meaningOf(womenMeaning), menMeaning: meaningOf(menMeaning) };
    await run(async () => {
      if (size) {
        await sizesApi.updateSize(size.id, fields);
        await refresh();
        navigate(`/view-sizes?tid=${encodeURIComponent(draft.typeId)}`);
      } else {
        const made = await sizesApi.createSize(fields);
        await refresh();
        navigate(guidesPath(made.size.id));
      }
    });
  };

  return (
    <form className="adm-form" onSubmit={save} noValidate>
      <SelectField
        label="collection"
        value={draft.typeId}
        onChange={(v) => set('typeId', v)}
        choices={choicesOf(types.data?.types)}
        blank="choose a collection"
        required
      />
      <ErrorText>{types.error?.message}</ErrorText>
      <TextField
        label="size name"
        hint="as shoppers see it in the size picker, e.g. M or 42"
        value={draft.name}
        maxLength={40}
        onChange={(v) => set('name', v)}
        required
      />
      <SelectField
        label="for"
        value={draft.gender}
        onChange={(v) => set('gender', v)}
        choices={GENDER_CHOICES}
      />
      <NumberField
        label="index"
        hint="position in the collection's size list; left blank, the size goes last"
        max={9999}
        value={draft.index}
        onChange={(v) => set('index', v)}
      />
      <TextAreaField
        label="description (women)"
        rows={3}
        maxLength={2000}
        value={draft.description}
        onChange={(v) => set('description', v)}
      />
      <TextAreaField
        label="description (men)"
        rows={3}
        maxLength={2000}
        value={draft.menDescription}
        onChange={(v) => set('menDescription', v)}
      />
      <FilmChooser
        label="meaning video (women)"
        value={womenMeaning}
        onChange={(update) => setWomenMeaning(update)}
        withPoster={false}
      />
      <FilmChooser
        label="meaning video (men)"
        value={menMeaning}
        onChange={(update) => setMenMeaning(update)}
        withPoster={false}
      />
      <ErrorText>{error}</ErrorText>
      <div className="adm-row">
        <button type="submit" disabled={busy}>
          {busy ? 'saving...' : size ? 'save' : 'add size'}
        </button>
        <Link to="/view-sizes">cancel</Link>
      </div>
    </form>
  );
}
