import './products.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ADMIN_MESSAGES } from '#shared/admin.ts';
import { BRAND_COLORS } from '#shared/brand-colors.ts';
import { CARD_NUMBER_DIGITS, CARD_NUMBER_RULE, isCardNumber } from '#shared/card-number.ts';
import type { AdminBody } from '../../../lib/api-types.ts';
import { useCardNumberInput } from '../../../lib/card-number-input.ts';
import { adminPatch, adminPost, formBody } from '../api.ts';
import { CheckField, choicesOf, NumberPair, SelectField, TextField } from '../kit/fields.tsx';
import { GENDER_CHOICES, GENDER_NAMES } from '../kit/words.ts';
import { AdminPage, ErrorText, Field, Loading } from '../ui.tsx';
import { type AdminProduct, collectionQuery, productQuery, sizesQuery, typeListQuery } from './api.ts';

interface Values {
  name: string;
  typeId: string;
  singleproduct: boolean;
  gender: string;
  sizeId: string;
  size: string;
  colors: string[];
  priceUs: string;
  priceCanada: string;
  cardNumber: string;
  status: string;
  removeShipmentCharge: boolean;
  soldOnOtherPlatform: boolean;
}

const EMPTY: Values = {
  name: '',
  typeId: '',
  singleproduct: false,
  gender: '',
  sizeId: '',
  size: '',
  colors: [],
  priceUs: '',
  priceCanada: '',
  cardNumber: '',
  status: '1',
  removeShipmentCharge: false,
  soldOnOtherPlatform: false,
};

function valuesOf(p: AdminProduct): Values {
  return {
    name: p.name,
    typeId: p.typeId,
    singleproduct: p.singleproduct,
    gender: String(p.gender),
    sizeId: p.sizeId ?? '',
    size: p.sizeId ? '' : (p.size ?? ''),
    colors: p.colors,
    priceUs: String(p.priceUs),
    priceCanada: p.priceCanada === undefined ? '' : String(p.priceCanada),
    cardNumber: p.cardNumber ?? '',
    status: String(p.status),
    removeShipmentCharge: p.removeShipmentCharge,
    soldOnOtherPlatform: p.soldOnOtherPlatform,
  };
}

/**
 * /adproduct?id (001 §2, §3, §5): add a product, or edit one with ?id. The collection comes from
 * GET /typelist; its colour areas (areaAmount) give the number of colour fields and its sizes
 * the size list. Name, US price, card number, collection and colours are required — the last
 * two not for a single piece, the colours not in a single collection — else "please fill all
 * the blanks".
 */
export function ProductForm() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const existing = useQuery({ ...productQuery(id), enabled: Boolean(id) });
  const title = id ? 'edit product' : 'add a product';
  return (
    <AdminPage title={title} actions={<Link to="/viewproducts">all products</Link>}>
      {id && existing.isPending && <Loading />}
      <ErrorText>{existing.error?.message}</ErrorText>
      {(!id || existing.data) && (
        <ProductFields
          key={id || 'new'}
          id={id}
          initial={existing.data ? valuesOf(existing.data.product) : EMPTY}
        />
      )}
    </AdminPage>
  );
}

function ProductFields({ id, initial }: { id: string; initial: Values }) {
  const [values, setValues] = useState<Values>(initial);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const paletteId = useId();
  const types = useQuery(typeListQuery());
  const collection = useQuery({ ...collectionQuery(values.typeId), enabled: Boolean(values.typeId) });
  const sizes = useQuery({ ...sizesQuery(values.typeId), enabled: Boolean(values.typeId) });
  const shape = values.typeId ? collection.data : undefined;
  const areas = shape?.areaAmount ?? 0;

  // One colour field per colour area of the chosen collection, keeping what was typed.
  useEffect(() => {
    if (!shape) return;
    setValues((v) =>
      v.colors.length === shape.areaAmount
        ? v
        : { ...v, colors: Array.from({ length: shape.areaAmount }, (_, i) => v.colors[i] ?? '') },
    );
  }, [shape]);

  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const coloursRequired = !values.singleproduct && !shape?.singlecollection;

  const blank = () =>
    !values.name.trim() ||
    !values.priceUs.trim() ||
    !values.cardNumber ||
    (!values.singleproduct && !values.typeId) ||
    (coloursRequired && (values.colors.length !== areas || values.colors.some((c) => !c.trim())));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    if (blank()) {
      setError(ADMIN_MESSAGES.fillAllBlanks);
      return;
    }
    if (!isCardNumber(values.cardNumber)) {
      setError(CARD_NUMBER_RULE);
      return;
    }
    setBusy(true);
    const colours = values.colors.map((c) => c.trim());
    const body = {
      name: values.name,
      typeId: values.typeId,
      singleproduct: values.singleproduct,
      gender: values.gender,
      sizeId: values.sizeId,
      size: values.sizeId ? '' : values.size,
      colors: colours.every((c) => c === '') ? [] : colours,
      priceUs: values.priceUs,
      priceCanada: values.priceCanada,
      cardNumber: values.cardNumber,
      status: values.status,
      removeShipmentCharge: values.removeShipmentCharge,
      soldOnOtherPlatform: values.soldOnOtherPlatform,
    };
    try {
      // The form's numbers go as typed: the server reads them (the contract's preprocess).
      const saved = id
        ? await adminPatch('/products', formBody<AdminBody<'/products', 'patch'>>({ id, ...body }))
        : await adminPost('/products', formBody<AdminBody<'/products'>>(body));
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
      navigate(`/viewdetails/${encodeURIComponent(saved.id)}`);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="adm-form adm-boxed adm-products-form" onSubmit={submit} noValidate>
      <TextField label="name" value={values.name} onChange={(v) => set('name', v)} />

      <fieldset>
        <legend>collection</legend>
        <CheckField
          label="single piece (no collection or colours needed)"
          checked={values.singleproduct}
          onChange={(v) => set('singleproduct', v)}
        />
        <SelectField
          label="collection"
          hint={
            values.singleproduct && !values.typeId
              ? 'a piece outside any collection cannot be bought until it is in one: shipping prices belong to collections.'
              : undefined
          }
          value={values.typeId}
          onChange={(typeId) => setValues((v) => ({ ...v, typeId, sizeId: '' }))}
          choices={choicesOf(types.data)}
          blank={types.isPending ? 'loading...' : 'choose a collection'}
        />
        <ErrorText>
          {types.error ? `the collections could not be loaded: ${types.error.message}` : ''}
        </ErrorText>
        <SelectField
          label="gender"
          hint={shape ? `the collection is for ${GENDER_NAMES[shape.gender]}` : undefined}
          value={values.gender}
          onChange={(v) => set('gender', String(v))}
          choices={GENDER_CHOICES}
          blank="as the collection"
        />
        {sizes.data && sizes.data.length > 0 ? (
          <SelectField
            label="size"
            value={values.sizeId}
            onChange={(v) => set('sizeId', v)}
            choices={choicesOf(sizes.data)}
            blank="no size"
          />
        ) : (
          <TextField label="size (optional)" value={values.size} onChange={(v) => set('size', v)} />
        )}
      </fieldset>

      <fieldset>
        <legend>
          colours{areas > 0 ? ` (${areas} colour ${areas === 1 ? 'area' : 'areas'})` : ''}
          {!coloursRequired ? ' — optional' : ''}
        </legend>
        {!values.typeId && <p className="adm-muted">choose a collection first: it says how many colours.</p>}
        {collection.isFetching && <Loading />}
        <datalist id={paletteId}>
          {BRAND_COLORS.map((c) => (
            <option key={c} value={c} />
          ))}
        </datalist>
        <div className="adm-pair">
          {values.colors.slice(0, Math.max(areas, values.colors.length)).map((colour, i) => (
            <TextField
              // biome-ignore lint/suspicious/noArrayIndexKey: a colour field is its colour area, by position
              key={`colour-${i + 1}`}
              label={`colour ${i + 1} of ${areas || values.colors.length}`}
              list={paletteId}
              value={colour}
              onChange={(value) => {
                const next = [...values.colors];
                next[i] = value;
                set('colors', next);
              }}
            />
          ))}
        </div>
      </fieldset>

      <fieldset>
        <legend>price and card</legend>
        <NumberPair>
          <TextField
            label="US price (USD)"
            inputMode="decimal"
            value={values.priceUs}
            onChange={(v) => set('priceUs', v)}
          />
          <TextField
            label="Canada price (optional)"
            inputMode="decimal"
            value={values.priceCanada}
            onChange={(v) => set('priceCanada', v)}
          />
        </NumberPair>
        <Field
          label="card number"
          hint={`the ${CARD_NUMBER_DIGITS} digits on the steel authenticity card, shown in groups of 4`}
        >
          {(fid) => (
            <CardNumberInput id={fid} value={values.cardNumber} onChange={(d) => set('cardNumber', d)} />
          )}
        </Field>
      </fieldset>

      <fieldset>
        <legend>sale</legend>
        <SelectField
          label="status"
          value={values.soldOnOtherPlatform ? '0' : values.status}
          disabled={values.soldOnOtherPlatform}
          onChange={(v) => set('status', v)}
          choices={STATUS_CHOICES}
        />
        <CheckField
          label="no shipping charge"
          checked={values.removeShipmentCharge}
          onChange={(v) => set('removeShipmentCharge', v)}
        />
        <CheckField
          label="sold on another platform"
          checked={values.soldOnOtherPlatform}
          onChange={(v) => set('soldOnOtherPlatform', v)}
        />
        {values.soldOnOtherPlatform && (
          <p className="adm-muted">
            saving marks the piece sold and creates its authenticity record with no e-mail; give it its owner
            on the authenticity records page.
          </p>
        )}
      </fieldset>

      <ErrorText>{error}</ErrorText>
      <div className="adm-row">
        <button type="submit" disabled={busy}>
          {busy ? 'saving...' : 'save'}
        </button>
        <Link to={id ? `/viewdetails/${encodeURIComponent(id)}` : '/viewproducts'}>cancel</Link>
      </div>
    </form>
  );
}

/** The steel card's number in groups of 4, kept as digits (the portal's input, shared rule). */
const STATUS_CHOICES = [
  ['1', 'available'],
  ['0', 'sold'],
] as const;

function CardNumberInput({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (digits: string) => void;
}) {
  return <input id={id} {...useCardNumberInput(value, onChange)} />;
}
