import './products.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ADMIN_MESSAGES } from '#shared/admin.ts';
import { BRAND_COLORS } from '#shared/brand-colors.ts';
import { CARD_NUMBER_DIGITS, CARD_NUMBER_RULE, isCardNumber } from '#shared/card-number.ts';
import type {
  createProductContract,
  updateProductContract,
} from '#shared/contracts/catalog-admin-products.ts';
import type { Answer } from '#shared/contracts/contract.ts';
import { GENDERS } from '#shared/vocabulary.ts';
import { useCardNumberInput } from '../../../lib/card-number-input.ts';
import { adminPatch, adminPost } from '../api.ts';
import { AdminPage, ErrorText, Field, Loading } from '../ui.tsx';
import {
  type AdminProduct,
  collectionQuery,
  GENDER_NAMES,
  productQuery,
  sizesQuery,
  typeListQuery,
} from './api.ts';

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
      ...(id ? { id } : {}),
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
      const saved = id
        ? await adminPatch<Answer<typeof updateProductContract>>('/products', body)
        : await adminPost<Answer<typeof createProductContract>>('/products', body);
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
      navigate(`/viewdetails/${encodeURIComponent(saved.id)}`);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="adm-form adm-products-form" onSubmit={submit} noValidate>
      <Field label="name">
        {(fid) => <input id={fid} value={values.name} onChange={(e) => set('name', e.currentTarget.value)} />}
      </Field>

      <fieldset>
        <legend>collection</legend>
        <label className="adm-check">
          <input
            type="checkbox"
            checked={values.singleproduct}
            onChange={(e) => set('singleproduct', e.currentTarget.checked)}
          />
          single piece (no collection or colours needed)
        </label>
        <Field
          label="collection"
          hint={
            values.singleproduct && !values.typeId
              ? 'a piece outside any collection cannot be bought until it is in one: shipping prices belong to collections.'
              : undefined
          }
        >
          {(fid) => (
            <select
              id={fid}
              value={values.typeId}
              onChange={(e) => {
                const typeId = e.currentTarget.value;
                setValues((v) => ({ ...v, typeId, sizeId: '' }));
              }}
            >
              <option value="">{types.isPending ? 'loading...' : 'choose a collection'}</option>
              {(types.data ?? []).map((t) => (
                <option key={t.val} value={t.val}>
                  {t.text}
                </option>
              ))}
            </select>
          )}
        </Field>
        <ErrorText>
          {types.error ? `the collections could not be loaded: ${types.error.message}` : ''}
        </ErrorText>
        <Field
          label="gender"
          hint={shape ? `the collection is for ${GENDER_NAMES[shape.gender]}` : undefined}
        >
          {(fid) => (
            <select id={fid} value={values.gender} onChange={(e) => set('gender', e.currentTarget.value)}>
              <option value="">as the collection</option>
              {GENDERS.map((g) => (
                <option key={g} value={g}>
                  {GENDER_NAMES[g]}
                </option>
              ))}
            </select>
          )}
        </Field>
        {sizes.data && sizes.data.length > 0 ? (
          <Field label="size">
            {(fid) => (
              <select id={fid} value={values.sizeId} onChange={(e) => set('sizeId', e.currentTarget.value)}>
                <option value="">no size</option>
                {sizes.data.map((s) => (
                  <option key={s.val} value={s.val}>
                    {s.text}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ) : (
          <Field label="size (optional)">
            {(fid) => (
              <input id={fid} value={values.size} onChange={(e) => set('size', e.currentTarget.value)} />
            )}
          </Field>
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
        <div className="adm-products-colours">
          {values.colors.slice(0, Math.max(areas, values.colors.length)).map((colour, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a colour field is its colour area, by position
            <Field key={`colour-${i + 1}`} label={`colour ${i + 1} of ${areas || values.colors.length}`}>
              {(fid) => (
                <input
                  id={fid}
                  list={paletteId}
                  value={colour}
                  onChange={(e) => {
                    const next = [...values.colors];
                    next[i] = e.currentTarget.value;
                    set('colors', next);
                  }}
                />
              )}
            </Field>
          ))}
        </div>
      </fieldset>

      <fieldset>
        <legend>price and card</legend>
        <div className="adm-products-pair">
          <Field label="US price (USD)">
            {(fid) => (
              <input
                id={fid}
                inputMode="decimal"
                value={values.priceUs}
                onChange={(e) => set('priceUs', e.currentTarget.value)}
              />
            )}
          </Field>
          <Field label="Canada price (optional)">
            {(fid) => (
              <input
                id={fid}
                inputMode="decimal"
                value={values.priceCanada}
                onChange={(e) => set('priceCanada', e.currentTarget.value)}
              />
            )}
          </Field>
        </div>
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
        <Field label="status">
          {(fid) => (
            <select
              id={fid}
              value={values.soldOnOtherPlatform ? '0' : values.status}
              disabled={values.soldOnOtherPlatform}
              onChange={(e) => set('status', e.currentTarget.value)}
            >
              <option value="1">available</option>
              <option value="0">sold</option>
            </select>
          )}
        </Field>
        <label className="adm-check">
          <input
            type="checkbox"
            checked={values.removeShipmentCharge}
            onChange={(e) => set('removeShipmentCharge', e.currentTarget.checked)}
          />
          no shipping charge
        </label>
        <label className="adm-check">
          <input
            type="checkbox"
            checked={values.soldOnOtherPlatform}
            onChange={(e) => set('soldOnOtherPlatform', e.currentTarget.checked)}
          />
          sold on another platform
        </label>
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
