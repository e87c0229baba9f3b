import './collections.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { adminPatch, adminPost } from '../api.ts';
import { useAction } from '../kit/action.ts';
import { TextField } from '../kit/fields.tsx';
import { AdminPage, ConfirmButton, ErrorText, Loading } from '../ui.tsx';
import { type CountryPrice, shippingQuery } from './api.ts';

const PRICE = /^\d{1,6}(\.\d{1,2})?$/;
const shown = (price: number | null) => (price === null ? '' : String(price));

/** /ad-shippings/{tid} (001 §2): the collection's shipping price for every country. */
export function TypeShippings() {
  const { tid = '' } = useParams();
  const shipping = useQuery(shippingQuery(tid));
  return (
    <AdminPage
      title={shipping.data ? `shipping prices of ${shipping.data.name}` : 'shipping prices'}
      actions={<Link to="/view-types">all collections</Link>}
    >
      {shipping.isPending && <Loading />}
      <ErrorText>{shipping.error?.message}</ErrorText>
      {shipping.data && (
        <PriceTable key={shipping.dataUpdatedAt} typeId={tid} prices={shipping.data.shippingArr} />
      )}
    </AdminPage>
  );
}

function PriceTable({ typeId, prices }: { typeId: string; prices: CountryPrice[] }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Record<string, string>>(() =>
    Object.fromEntries(prices.map((p) => [p.countryId, shown(p.price)])),
  );
  const [all, setAll] = useState('');
  const [filter, setFilter] = useState('');
  const { busy, error, setError, run } = useAction();
  const [status, setStatus] = useState('');

  const changed = prices.filter((p) => (draft[p.countryId] ?? '').trim() !== shown(p.price));
  const visible = useMemo(() => {
    const wanted = filter.trim().toLowerCase();
    return wanted
      ? prices.filter((p) => p.country.toLowerCase().includes(wanted) || p.countryId.toLowerCase() === wanted)
      : prices;
  }, [prices, filter]);
  const reload = () => queryClient.invalidateQueries({ queryKey: shippingQuery(typeId).queryKey });

  const setEvery = async () => {
    setError('');
    setStatus('');
    if (!PRICE.test(all.trim())) throw new Error('please enter a price in USD, like 45 or 45.50');
    await adminPost('/add-shipping-all', {
      typeId,
      price: Number(all.trim()),
    });
    await reload();
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    setStatus('');
    const bad = changed.find((p) => {
      const value = (draft[p.countryId] ?? '').trim();
      return value !== '' && !PRICE.test(value);
    });
    if (bad) return setError(`the price for ${bad.country} is not a price in USD (like 45 or 45.50)`);
    if (changed.length === 0) return setStatus('nothing to save.');
    await run(async () => {
      await adminPatch('/shippings', {
        typeId,
        prices: changed.map((p) => {
          const value = (draft[p.countryId] ?? '').trim();
          return { countryId: p.countryId, price: value === '' ? null : Number(value) };
        }),
      });
      await reload();
    });
  };

  return (
    <>
      <div className="adm-types-setall">
        <TextField
          label="one price for every country (USD)"
          inputMode="decimal"
          value={all}
          onChange={setAll}
          placeholder="45"
        />
        <ConfirmButton
          label="set all countries"
          className=""
          question={`set the shipping price of all ${prices.length} countries to $${all.trim() || '?'}?`}
          onConfirm={setEvery}
        />
      </div>
      <form className="adm-types-shipping-form" onSubmit={save} noValidate>
        <TextField label="find a country" type="search" value={filter} onChange={setFilter} />
        <p className="adm-muted">
          {prices.filter((p) => p.price !== null).length} of {prices.length} countries have a price. a country
          left blank is not shipped to.
        </p>
        <table className="adm-table adm-types-prices">
          <thead>
            <tr>
              <th scope="col">country</th>
              <th scope="col">price (USD)</th>
            </tr>
          </thead>
          <tbody>
            {visible.map((p) => (
              <tr key={p.countryId}>
                <th scope="row">
                  <label htmlFor={`price-${p.countryId}`}>{p.country}</label>
                </th>
                <td>
                  <input
                    id={`price-${p.countryId}`}
                    inputMode="decimal"
                    value={draft[p.countryId] ?? ''}
                    onChange={(e) => {
                      const value = e.currentTarget.value;
                      setDraft((d) => ({ ...d, [p.countryId]: value }));
                    }}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="adm-types-save">
          <button type="submit" disabled={busy}>
            {busy ? 'saving...' : `save ${changed.length === 1 ? '1 change' : `${changed.length} changes`}`}
          </button>
          {status && <output aria-live="polite">{status}</output>}
          <ErrorText>{error}</ErrorText>
        </div>
      </form>
    </>
  );
}
