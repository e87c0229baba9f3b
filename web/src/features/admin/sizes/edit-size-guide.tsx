import './sizes.css';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ADMIN_MESSAGES } from '#shared/admin.ts';
import { useAction } from '../kit/action.ts';
import { Crumbs, NumberField, NumberPair, SelectField, TextAreaField, TextField } from '../kit/fields.tsx';
import { ONE_GENDER_CHOICES } from '../kit/words.ts';
import { AdminPage, ErrorText, Loading } from '../ui.tsx';
import { type GuideGender, type GuideType, type Size, type SizeGuide, sizesApi, sizesKey } from './api.ts';
import { GUIDE_TYPES } from './labels.ts';
import { guidesPath, useRefresh } from './parts.tsx';

/**
 * /edit-size-guide?id&sid (001 §2): edit guide entry `id` of size `sid`; with no id, add one.
 * 001 §5: a size guide needs a size id, so without `sid` there is nothing to edit.
 */
export function EditSizeGuide() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const sizeId = params.get('sid') ?? '';
  const size = useQuery({
    queryKey: sizesKey('size', sizeId),
    queryFn: () => sizesApi.size(sizeId),
    enabled: sizeId !== '',
  });
  const guide = useQuery({
    queryKey: sizesKey('guide', sizeId, id),
    queryFn: () => sizesApi.guide(id, sizeId),
    enabled: sizeId !== '' && id !== '',
  });
  const loadedSize = size.data?.size;
  const loaded = guide.data?.guide;
  const entry = id ? (loaded?.name ?? 'guide entry') : 'new guide entry';
  return (
    <AdminPage title={entry}>
      <div className="adm-sizes">
        {loadedSize && (
          <Crumbs
            items={[
              ['sizes', `/view-sizes?tid=${encodeURIComponent(loadedSize.typeId)}`],
              [`size guide of ${loadedSize.name}`, guidesPath(sizeId)],
              [entry, undefined],
            ]}
          />
        )}
        {!sizeId && <ErrorText>a size guide needs a size id</ErrorText>}
        {sizeId && (size.isPending || (id && guide.isPending)) && <Loading />}
        <ErrorText>{size.error?.message ?? guide.error?.message}</ErrorText>
        {loadedSize && !id && <GuideForm key="new" size={loadedSize} />}
        {loadedSize && loaded && <GuideForm key={loaded.id} size={loadedSize} guide={loaded} />}
      </div>
    </AdminPage>
  );
}

const RANGE: GuideType = 1;

/** The form as typed (what POST /size-guide takes): figures and index as text, blank for none. */
interface GuideDraft {
  name: string;
  index: string;
  type: GuideType;
  gender: GuideGender;
  fromCm: string;
  toCm: string;
  fromInches: string;
  toInches: string;
  description: string;
}

function GuideForm({ size, guide }: { size: Size; guide?: SizeGuide }) {
  const navigate = useNavigate();
  const refresh = useRefresh();
  const [draft, setDraft] = useState<GuideDraft>({
    name: guide?.name ?? '',
    index: guide ? String(guide.index) : '',
    // Stored types are the ones the form offers (the server takes no other).
    type: (guide?.type ?? RANGE) as GuideType,
    gender: guide?.gender ?? (size.gender === 1 ? 1 : 0),
    fromCm: guide?.fromCm ?? '',
    toCm: guide?.toCm ?? '',
    fromInches: guide?.fromInches ?? '',
    toInches: guide?.toInches ?? '',
    description: guide?.description ?? '',
  });
  const { busy, error, setError, run } = useAction();
  const set = <K extends keyof GuideDraft>(key: K, value: GuideDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const isRange = draft.type === RANGE;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    if (!draft.name.trim()) {
      setError(ADMIN_MESSAGES.fillAllBlanks);
      return;
    }
    // A single value lives in "from"; the storefront shows from, else to.
    const fields = isRange ? draft : { ...draft, toCm: '', toInches: '' };
    await run(async () => {
      if (guide) await sizesApi.updateGuide(guide.id, size.id, fields);
      else await sizesApi.createGuide(size.id, fields);
      await refresh();
      navigate(guidesPath(size.id));
    });
  };

  const number = (key: 'fromCm' | 'toCm' | 'fromInches' | 'toInches', label: string) => (
    <NumberField decimal label={label} value={draft[key]} onChange={(v) => set(key, v)} />
  );

  return (
    <form className="adm-form" onSubmit={save} noValidate>
      <TextField
        label="name"
        hint="what is measured, e.g. Bust"
        value={draft.name}
        maxLength={100}
        onChange={(v) => set('name', v)}
        required
      />
      <SelectField label="type" value={draft.type} onChange={(v) => set('type', v)} choices={GUIDE_TYPES} />
      <SelectField
        label="for"
        value={draft.gender}
        onChange={(v) => set('gender', v)}
        choices={ONE_GENDER_CHOICES}
      />
      <fieldset>
        <legend>measurement — fill cm or inches; a unit left blank is converted from the other</legend>
        <NumberPair>
          {number('fromCm', isRange ? 'from (cm)' : 'value (cm)')}
          {isRange && number('toCm', 'to (cm)')}
          {number('fromInches', isRange ? 'from (inches)' : 'value (inches)')}
          {isRange && number('toInches', 'to (inches)')}
        </NumberPair>
      </fieldset>
      <NumberField
        label="index"
        hint="position among the size's entries; left blank, the entry goes last"
        max={9999}
        value={draft.index}
        onChange={(v) => set('index', v)}
      />
      <TextAreaField
        label="description"
        rows={3}
        maxLength={1000}
        value={draft.description}
        onChange={(v) => set('description', v)}
      />
      <ErrorText>{error}</ErrorText>
      <div className="adm-row">
        <button type="submit" disabled={busy}>
          {busy ? 'saving...' : guide ? 'save' : 'add guide entry'}
        </button>
        <Link to={guidesPath(size.id)}>cancel</Link>
      </div>
    </form>
  );
}
