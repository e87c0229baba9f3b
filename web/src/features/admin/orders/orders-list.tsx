import './orders.css';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { adminOrderPage } from '#shared/admin.ts';
import { formatPrice } from '#shared/format.ts';
import { ORDER_LIST_FILTERS, type OrderListFilter } from '#shared/vocabulary.ts';
import type { AdminAnswer } from '../../../lib/api-types.ts';
import { adminGet, adminPost } from '../api.ts';
import { useAction } from '../kit/action.ts';
import { SelectField } from '../kit/fields.tsx';
import { CardTable } from '../kit/table.tsx';
import { PAGE_SIZE, usePageOffset } from '../paged.ts';
import { AdminPage, ErrorText, Loading, Pager, vancouverTime } from '../ui.tsx';
import { paymentTypeName } from './types.ts';

const FILTER_LABELS: Record<OrderListFilter, string> = {
  all: 'all orders',
  waiting: 'paid, waiting to ship',
  overdue: 'overdue (over 7 business days)',
  shipped: 'shipped',
  refunded: 'refunded',
};

type OverdueCheck = AdminAnswer<'/overdue-orders', 'post'>;

/** Runs the daily overdue check now and says what it found. */
function OverdueCheckButton() {
  const { busy, error, run: act } = useAction('Error');
  const [result, setResult] = useState<OverdueCheck>();
  const run = () => act(async () => setResult(await adminPost('/overdue-orders', undefined)));
  return (
    <div className="adm-orders-check">
      <button type="button" onClick={run} disabled={busy}>
        check overdue orders now
      </button>
      {result && (
        <p role="status">
          {result.waiting} paid {result.waiting === 1 ? 'order waits' : 'orders wait'} to ship;{' '}
          {result.overdue === 0
            ? 'none is overdue.'
            : `${result.overdue} ${result.overdue === 1 ? 'is' : 'are'} overdue (more than 7 business days).`}
        </p>
      )}
      <ErrorText>{error}</ErrorText>
    </div>
  );
}

/**
 * /orders (001 §2): orders newest first, 10 a page — date (Vancouver), piece, buyer, total,
 * status (shipped and delivered too), payment — filtered (all, paid waiting to ship, shipped,
 * refunded; `?filter=` in the address), with the business-day age of each paid order waiting to
 * ship, highlighted when overdue (more than 7 business days, Vancouver calendar).
 */
export function OrdersList() {
  const [offset, setOffset] = usePageOffset();
  const [params, setParams] = useSearchParams();
  const asked = params.get('filter') as OrderListFilter | null;
  const filter: OrderListFilter = asked && ORDER_LIST_FILTERS.includes(asked) ? asked : 'all';
  const chooseFilter = (next: OrderListFilter) => setParams(next === 'all' ? {} : { filter: next });
  const orders = useQuery({
    queryKey: ['admin', 'orders', filter, offset],
    queryFn: () => adminGet('/orders', { offset, pageSize: PAGE_SIZE, filter }),
  });
  return (
    <AdminPage title="orders">
      <div className="adm-row adm-orders-tools">
        <SelectField
          label="show"
          value={filter}
          onChange={chooseFilter}
          choices={ORDER_LIST_FILTERS.map((f) => [f, FILTER_LABELS[f]] as const)}
        />
        <OverdueCheckButton />
      </div>
      {orders.isPending && <Loading />}
      <ErrorText>{orders.error?.message}</ErrorText>
      {orders.data && (
        <>
          {orders.data.list.length === 0 ? (
            <p className="adm-muted">{filter === 'all' ? 'no orders yet.' : 'no orders here.'}</p>
          ) : (
            <CardTable
              beside
              columns={[
                'date (Vancouver)',
                'product',
                'buyer',
                'total',
                'status',
                'waiting (business days)',
                'payment',
                'order',
              ]}
            >
              {orders.data.list.map((o) => (
                <tr key={o.id} className={o.overdue ? 'adm-orders-overdue-row' : undefined}>
                  <td data-label="date (Vancouver)">{vancouverTime(o.checkoutTime)}</td>
                  <td data-label="product">
                    {o.productName}
                    <span className="adm-orders-sub">{o.typeName}</span>
                  </td>
                  <td data-label="buyer">
                    {o.name}
                    <span className="adm-orders-sub">{o.email}</span>
                  </td>
                  <td data-label="total">
                    {formatPrice(o.finalPrice)} {o.currency}
                  </td>
                  <td data-label="status">
                    <span className={`adm-orders-status adm-orders-${o.orderState}`}>{o.orderState}</span>
                    {o.shippedAt && <span className="adm-orders-sub">{vancouverTime(o.shippedAt)}</span>}
                    {o.deletedAt && <span className="adm-orders-sub">deleted, then paid</span>}
                  </td>
                  <td data-label="waiting (business days)">
                    {o.businessDays === undefined ? (
                      <span className="adm-muted">—</span>
                    ) : (
                      <>
                        {o.businessDays}
                        {o.overdue && <span className="adm-orders-status adm-orders-overdue">overdue</span>}
                      </>
                    )}
                  </td>
                  <td data-label="payment">{paymentTypeName(o.paymentType)}</td>
                  <td data-label="order">
                    <Link
                      to={adminOrderPage(o.id)}
                      aria-label={`view the order of ${o.productName} by ${o.name}`}
                    >
                      view
                    </Link>
                  </td>
                </tr>
              ))}
            </CardTable>
          )}
          <Pager offset={offset} pageCount={orders.data.pageCount} onOffset={setOffset} />
        </>
      )}
    </AdminPage>
  );
}
