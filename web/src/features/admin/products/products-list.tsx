import './products.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { formatPrice } from '#shared/format.ts';
import { adminDelete } from '../api.ts';
import { TextField } from '../kit/fields.tsx';
import { PAGE_SIZE } from '../paged.ts';
import { AdminPage, ConfirmButton, ErrorText, Loading, Pager } from '../ui.tsx';
import { type AdminProduct, groupsOf4, productsQuery, STATUS_NAMES } from './api.ts';
import { ProductLinks } from './product-links.tsx';

/**
 * /viewproducts (001 §2): products newest first, 10 a page, searched by name, card number or
 * collection; each with its screens and a delete that asks first. The page lives in the address
 * and the search in the history entry (it may be a card number, and addresses end up in logs), so
 * going back from a product returns to the same page, still searched.
 */
export function ProductsList() {
  const [params, setParams] = useSearchParams();
  const search = ((useLocation().state as { q?: unknown } | null)?.q as string | undefined) ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const offset = (page - 1) * PAGE_SIZE;
  const [typed, setTyped] = useState(search);
  const queryClient = useQueryClient();
  const products = useQuery(productsQuery(offset, search));

  const go = (next: { q?: string; offset?: number }) => {
    const q = next.q ?? search;
    const nextPage = Math.floor((next.offset ?? 0) / PAGE_SIZE) + 1;
    setParams(nextPage > 1 ? { page: String(nextPage) } : {}, { state: q ? { q } : null });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    go({ q: typed.trim(), offset: 0 });
  };

  return (
    <AdminPage
      title="products"
      actions={
        <Link className="adm-button" to="/adproduct">
          add a product
        </Link>
      }
    >
      <search>
        <form className="adm-products-search" onSubmit={submit}>
          <TextField
            label="search by name, card number or collection"
            type="search"
            maxLength={100}
            value={typed}
            onChange={setTyped}
          />
          <button type="submit">search</button>
          {search && (
            <button
              type="button"
              className="adm-link-button"
              onClick={() => {
                setTyped('');
                go({ q: '', offset: 0 });
              }}
            >
              show all
            </button>
          )}
        </form>
      </search>
      {products.isPending && <Loading />}
      <ErrorText>{products.error?.message}</ErrorText>
      {products.data && (
        <>
          <p className="adm-muted" aria-live="polite">
            {products.data.total} {products.data.total === 1 ? 'product' : 'products'}
            {search ? ` matching “${search}”` : ''}
          </p>
          {products.data.list.length === 0 ? (
            <p className="adm-muted">no products.</p>
          ) : (
            <ul className="adm-products-list">
              {products.data.list.map((p) => (
                <ProductRow
                  key={p.id}
                  product={p}
                  onDeleted={() => queryClient.invalidateQueries({ queryKey: ['admin', 'products'] })}
                />
              ))}
            </ul>
          )}
          <Pager
            offset={offset}
            pageCount={products.data.pageCount}
            onOffset={(next) => go({ offset: next })}
          />
        </>
      )}
    </AdminPage>
  );
}

function ProductRow({ product: p, onDeleted }: { product: AdminProduct; onDeleted: () => Promise<unknown> }) {
  return (
    <li className="adm-products-card">
      <div className="adm-products-head">
        <h2>
          <Link to={`/viewdetails/${encodeURIComponent(p.id)}`}>{p.name}</Link>
        </h2>
        <span className={`adm-products-status adm-products-${p.status === 1 ? 'available' : 'sold'}`}>
          {STATUS_NAMES[p.status]}
          {p.soldOnOtherPlatform ? ' elsewhere' : ''}
        </span>
      </div>
      <p className="adm-products-facts">
        <span>{p.typeName || 'no collection'}</span>
        <span>card {p.cardNumber ? groupsOf4(p.cardNumber) : '—'}</span>
        <span>{formatPrice(p.priceUs)} USD</span>
        {p.colors.length > 0 && <span>{p.colors.join(', ')}</span>}
      </p>
      <div className="adm-row adm-products-actions">
        <ProductLinks id={p.id} name={p.name} />
        <ConfirmButton
          label="delete"
          question={`delete ${p.name} with its pictures and videos? this cannot be undone.`}
          onConfirm={async () => {
            await adminDelete('/products', undefined, { id: p.id });
            await onDeleted();
          }}
        />
      </div>
    </li>
  );
}
