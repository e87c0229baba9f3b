import './collections.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ADMIN_MESSAGES } from '#shared/admin.ts';
import { AREA_NAMES_SEPARATOR, parseAreaNames } from '#shared/colour-areas.ts';
import { INFO_TITLES, type InfoTitle } from '#shared/constants.ts';
import type { Gender } from '#shared/vocabulary.ts';
import type { AdminBody } from '../../../lib/api-types.ts';
import { adminPatch, adminPost } from '../api.ts';
import { useAction } from '../kit/action.ts';
import { CheckField, NumberField, SelectField, TextAreaField, TextField } from '../kit/fields.tsx';
import { GENDER_CHOICES } from '../kit/words.ts';
import { AdminPage, ErrorText, Loading } from '../ui.tsx';
import { type AdminType, typeQuery } from './api.ts';
import { ImageSet } from './image-set.tsx';
import { INFO_FIELDS } from './labels.ts';

type Texts = Record<
  InfoTitle | 'name' | 'label' | 'areaNames' | 'preSaleText' | 'discountCode' | 'authPortalText',
  string
>;

interface FormState extends Texts {
  gender: Gender;
  areaAmount: string;
  discountAmount: string;
  singlecollection: boolean;
  issoldout: boolean;
  preSale: boolean;
  discount: boolean;
}

const blankTexts = Object.fromEntries(INFO_TITLES.map((t) => [t, ''])) as Record<InfoTitle, string>;

function formOf(t?: AdminType): FormState {
  const infos = Object.fromEntries(INFO_TITLES.map((k) => [k, t?.[k] ?? ''])) as Record<InfoTitle, string>;
  return {
    ...blankTexts,
    ...infos,
    name: t?.name ?? '',
    label: t?.label ?? '',
    gender: t?.gender ?? 0,
    areaAmount: String(t?.areaAmount ?? 1),
    areaNames: (t?.areaNames ?? []).join(`${AREA_NAMES_SEPARATOR} `),
    singlecollection: t?.singlecollection ?? false,
    issoldout: t?.issoldout ?? false,
    preSale: t?.preSale ?? false,
    preSaleText: t?.preSaleText ?? '',
    discount: t?.discount ?? false,
    discountCode: t?.discountCode ?? '',
    discountAmount: t?.discountAmount === undefined ? '' : String(t.discountAmount),
    authPortalText: t?.authPortalText ?? '',
  };
}

/** The request body: blank optional texts are left out (and so cleared on an edit). */
function bodyOf(form: FormState) {
  const text = (v: string) => (v.trim() === '' ? undefined : v.trim());
  const infos = Object.fromEntries(INFO_TITLES.map((k) => [k, text(form[k])]));
  return {
    ...infos,
    name: form.name.trim(),
    label: text(form.label),
    gender: form.gender,
    areaAmount: Number(form.areaAmount),
    areaNames: parseAreaNames(form.areaNames),
    singlecollection: form.singlecollection,
    issoldout: form.issoldout,
    preSale: form.preSale,
    preSaleText: text(form.preSaleText),
    discount: form.discount,
    discountCode: text(form.discountCode),
    discountAmount: form.discountAmount.trim() === '' ? undefined : Number(form.discountAmount),
    authPortalText: text(form.authPortalText),
  };
}

/** /adtype?id (001 §2): add a collection, or edit one with ?id. */
export function TypeForm() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const type = useQuery({ ...typeQuery(id), enabled: id !== '' });
  return (
    <AdminPage
      title={id ? 'edit collection' : 'add a collection'}
      actions={<Link to="/view-types">all collections</Link>}
    >
      {id && type.isPending && <Loading />}
      <ErrorText>{type.error?.message}</ErrorText>
      {(!id || type.data) && <TypeEditor key={id || 'new'} type={type.data} />}
    </AdminPage>
  );
}

function TypeEditor({ type }: { type?: AdminType }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form, setForm] = useState(() => formOf(type));
  const [women, setWomen] = useState<string[]>(type?.womenImages ?? []);
  const [men, setMen] = useState<string[]>(type?.menImages ?? []);
  const { busy, error, setError, run } = useAction();
  const [status, setStatus] = useState('');
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => {
    setStatus('');
    setForm((f) => ({ ...f, [key]: value }));
  };
  const text = (key: keyof Texts) => ({
    value: form[key],
    onChange: (value: string) => set(key, value),
  });

  /** On an edit, each change of a set is saved at once; a new collection sends its sets when saved. */
  const imageChange =
    (gender: AdminBody<'/types/productimage', 'patch'>['gender']) => async (urls: string[]) => {
      setError('');
      if (!type) {
        (gender === 0 ? setWomen : setMen)(urls);
        return;
      }
      const answer = await adminPatch('/types/productimage', {
        id: type.id,
        gender,
        urls,
      });
      setWomen(answer.type.womenImages);
      setMen(answer.type.menImages);
      queryClient.setQueryData(typeQuery(type.id).queryKey, answer.type);
      await queryClient.invalidateQueries({ queryKey: ['admin', 'types'] });
    };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    setStatus('');
    if (form.name.trim() === '' || form.areaAmount.trim() === '')
      return setError(ADMIN_MESSAGES.fillAllBlanks);
    if (women.length === 0 && men.length === 0) return setError(ADMIN_MESSAGES.addMenOrWomenImage);
    await run(async () => {
      if (type) {
        const answer = await adminPatch('/types', {
          id: type.id,
          ...bodyOf(form),
        });
        queryClient.setQueryData(typeQuery(type.id).queryKey, answer.type);
        setStatus('saved.');
      } else {
        await adminPost('/types', {
          ...bodyOf(form),
          womenImages: women,
          menImages: men,
        });
        navigate('/view-types');
      }
      await queryClient.invalidateQueries({ queryKey: ['admin', 'types'] });
    });
  };

  return (
    <form className="adm-form adm-boxed adm-types-form" onSubmit={save} noValidate>
      <fieldset>
        <legend>the collection</legend>
        <TextField label="name" required {...text('name')} />
        <TextField label="label (shown instead of the name)" {...text('label')} />
        <SelectField
          label="for"
          value={form.gender}
          onChange={(v) => set('gender', v)}
          choices={GENDER_CHOICES}
        />
        <NumberField
          label="colour areas of a piece"
          hint="how many colours a piece is chosen by (0 to 10)"
          max={10}
          step={1}
          value={form.areaAmount}
          onChange={(v) => set('areaAmount', v)}
        />
        <TextField
          label="names of the colour areas"
          hint="in order, separated by commas (bodice, skirt); the shop shows them to shoppers; an area left unnamed is “colour 1”, “colour 2”…"
          {...text('areaNames')}
        />
        <div className="adm-types-checks">
          {(
            [
              ['singlecollection', 'single collection'],
              ['issoldout', 'sold out'],
              ['preSale', 'pre-sale'],
              ['discount', 'discount'],
            ] as const
          ).map(([key, label]) => (
            <CheckField key={key} label={label} checked={form[key]} onChange={(v) => set(key, v)} />
          ))}
        </div>
        {form.preSale && <TextField label="pre-sale text" {...text('preSaleText')} />}
        {form.discount && (
          <>
            <TextField
              label="discount code"
              hint="what a shopper types at checkout; never shown in the shop"
              autoComplete="off"
              {...text('discountCode')}
            />
            <NumberField
              decimal
              label="discount (percent)"
              max={100}
              value={form.discountAmount}
              onChange={(v) => set('discountAmount', v)}
            />
          </>
        )}
        <TextAreaField
          label="authenticity portal text"
          hint="shown to owners in the authenticity portal only"
          {...text('authPortalText')}
        />
      </fieldset>

      <fieldset>
        <legend>product pictures</legend>
        <ImageSet who="women's" urls={women} stored={Boolean(type)} onChange={imageChange(0)} />
        <ImageSet who="men's" urls={men} stored={Boolean(type)} onChange={imageChange(1)} />
      </fieldset>

      <fieldset>
        <legend>information texts</legend>
        {INFO_FIELDS.map(([key, label]) => (
          <TextAreaField key={key} label={label} {...text(key)} />
        ))}
      </fieldset>

      <div className="adm-types-save">
        <button type="submit" disabled={busy}>
          {busy ? 'saving...' : type ? 'save changes' : 'add the collection'}
        </button>
        {status && (
          <output className="adm-types-status" aria-live="polite">
            {status}
          </output>
        )}
        <ErrorText>{error}</ErrorText>
      </div>
    </form>
  );
}
