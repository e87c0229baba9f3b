import './orders.css';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { formatPrice } from '#shared/format.ts';
import { adminGet } from '../api.ts';
import { AdminPage, ErrorText, Loading, Pager, vancouverTime } from '../ui.tsx';
import { usePageOffset } from './paged.ts';
import { type OrdersPage, PAGE_SIZE, paymentTypeName } from './types.ts';

/** /orders (001 §2): orders newest first, 10 a page — date (Vancouver), piece, buyer, total, status, payment. */
export function OrdersList() {
  const [offset, setOffset] = usePageOffset();
  const orders = useQuery({
    queryKey: ['admin', 'orders', offset],
    queryFn: () => adminGet<OrdersPage>('/orders', { offset, pageSize: PAGE_SIZE }),
  });
  return (
    <AdminPage title="orders">
      {orders.isPending && <Loading />}
      <ErrorText>{orders.error?.message}</ErrorText>
      {orders.data && (
        <>
          {orders.data.list.length === 0 ? (
            <p className="adm-muted">no orders yet.</p>
          ) : (
            <table className="adm-table adm-orders-table">
              <thead>
                <tr>
                  <th scope="col">date (Vancouver)</th>
                  <th scope="col">product</th>
                  <th scope="col">buyer</th>
                  <th scope="col">total</th>
                  <th scope="col">status</th>
                  <th scope="col">payment</th>
                  <th scope="col">order</th>
                </tr>
              </thead>
              <tbody>
                {orders.data.list.map((o) => (
                  <tr key={o.id}>
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
                      <span className={`adm-orders-status adm-orders-${o.status}`}>{o.status}</span>
                      {o.deletedAt && <span className="adm-orders-sub">deleted, then paid</span>}
                    </td>
                    <td data-label="payment">{paymentTypeName(o.paymentType)}</td>
                    <td data-label="order">
                      <Link
                        to={`/view-order/${encodeURIComponent(o.id)}`}
                        aria-label={`view the order of ${o.productName} by ${o.name}`}
                      >
                        view
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <Pager
            offset={offset}
            pageSize={PAGE_SIZE}
            pageCount={orders.data.pageCount}
            onOffset={setOffset}
          />
        </>
      )}
    </AdminPage>
  );
}
