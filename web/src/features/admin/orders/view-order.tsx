import './orders.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { groupCardNumber } from '#shared/card-number.ts';
import { formatPrice } from '#shared/format.ts';
import { ApiError } from '../../../lib/api.ts';
import type { AdminBody } from '../../../lib/api-types.ts';
import { adminDelete, adminGet } from '../api.ts';
import { GENDER_NAMES } from '../kit/words.ts';
import { AdminPage, ConfirmButton, ErrorText, Loading, vancouverTime } from '../ui.tsx';
import { ShipmentSection } from './shipment.tsx';
import { type AddressField, type OrderDetails, paymentTypeName } from './types.ts';

const money = (amount: number) => `${formatPrice(amount)} USD`;

/** One labelled value; an empty one shows a dash. */
function Fact({ label, children }: { label: string; children?: ReactNode }) {
  const empty = children === '' || children === undefined || children === null;
  return (
    <div>
      <dt>{label}</dt>
      <dd>{empty ? <span className="adm-muted">—</span> : children}</dd>
    </div>
  );
}

const ADDRESS_ROWS: [AddressField, string][] = [
  ['name', 'full name'],
  ['phone', 'phone'],
  ['email', 'e-mail'],
  ['address', 'address'],
  ['address1', 'address line 1'],
  ['address2', 'address line 2'],
  ['unit', 'unit'],
  ['city', 'city'],
  ['state', 'province or state'],
  ['postalCode', 'postal code'],
  ['country', 'country'],
  ['countryId', 'country code'],
];

function AddressFacts({ order, suffix }: { order: OrderDetails; suffix: '' | 'Billing' }) {
  return (
    <dl className="adm-orders-facts">
      {ADDRESS_ROWS.map(([field, label]) => (
        <Fact key={field} label={label}>
          {order[`${field}${suffix}`] ?? ''}
        </Fact>
      ))}
    </dl>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `order-${title.replace(/\W+/g, '-')}`;
  return (
    <section className="adm-orders-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/**
 * /view-order/{id} (001 §2, §3): one order with every field — the buyer and the billing twins,
 * the piece, every amount, payment type, status and currency — its fulfilment (ship, correct,
 * mark delivered: shipment.tsx) and its delete, which asks first and presents the single-use
 * token this view was given.
 */
export function ViewOrder() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const details = useQuery({
    queryKey: ['admin', 'order', id],
    queryFn: () => adminGet('/order-details', { id }),
    retry: false,
  });

  const remove = async () => {
    const token = details.data?.deletable ? details.data.deleteToken : undefined;
    try {
      // Without a token (the order is not deletable) the server answers why, and the page shows it.
      await adminDelete('/orders', undefined, { id, token } as AdminBody<'/orders', 'delete'>);
    } catch (e) {
      // A stale confirmation (10 minutes) or a changed order: fetch the order and a fresh token.
      if (e instanceof ApiError && (e.status === 403 || e.status === 409)) await details.refetch();
      throw e;
    }
    await queryClient.invalidateQueries({ queryKey: ['admin', 'orders'] });
    queryClient.removeQueries({ queryKey: ['admin', 'order', id] });
    navigate('/orders', { replace: true });
  };

  const order = details.data?.order;
  return (
    <AdminPage title="order">
      <p>
        <Link to="/orders">back to the orders</Link>
      </p>
      {details.isPending && <Loading />}
      <ErrorText>{details.error?.message}</ErrorText>
      {order && (
        <div className="adm-orders-view">
          <Section title="order">
            <dl className="adm-orders-facts">
              <Fact label="status">
                <span className={`adm-orders-status adm-orders-${order.orderState}`}>{order.orderState}</span>
                {order.overdue && <span className="adm-orders-status adm-orders-overdue">overdue</span>}
              </Fact>
              <Fact label="paid">{order.paid ? 'yes' : 'no'}</Fact>
              <Fact label="payment type">{paymentTypeName(order.paymentType)}</Fact>
              <Fact label="currency">{order.currency}</Fact>
              <Fact label="checkout time (Vancouver)">{vancouverTime(order.checkoutTime)}</Fact>
              <Fact label="paid at (Vancouver)">{vancouverTime(order.paidAt)}</Fact>
              {order.refundedAt && (
                <>
                  <Fact label="refunded at (Vancouver)">{vancouverTime(order.refundedAt)}</Fact>
                  <Fact label="refund reason">{order.refundReason}</Fact>
                </>
              )}
              <Fact label="confirmation mail sent (Vancouver)">{vancouverTime(order.mailSentAt)}</Fact>
              <Fact label="checkout code">
                <code>{order.checkoutCode}</code>
              </Fact>
              <Fact label="payment reference">{order.paymentRef && <code>{order.paymentRef}</code>}</Fact>
              <Fact label="name on card">
                <span className="adm-muted">not collected: the card form is the provider's</span>
              </Fact>
            </dl>
          </Section>
          <ShipmentSection order={order} />
          <Section title="piece">
            <dl className="adm-orders-facts">
              <Fact label="product">
                <Link to={`/viewdetails/${encodeURIComponent(order.id)}`}>{order.productName}</Link>
              </Fact>
              <Fact label="collection">{order.typeName}</Fact>
              <Fact label="card number">{order.cardNumber && groupCardNumber(order.cardNumber)}</Fact>
              <Fact label="size">{order.size}</Fact>
              <Fact label="for">{GENDER_NAMES[order.gender]}</Fact>
              <Fact label="colours">{order.colors.join(', ')}</Fact>
            </dl>
          </Section>
          <Section title="amounts">
            <dl className="adm-orders-facts">
              <Fact label="product price">{money(order.productPrice)}</Fact>
              <Fact label="terms shown">{order.termsVersion || 'none recorded'}</Fact>
              <Fact label="discount code">{order.discountCode}</Fact>
              <Fact label="discount">{money(order.discountAmount)}</Fact>
              <Fact label="price after discount">{money(order.productPriceAfterDiscount)}</Fact>
              <Fact label="shipping">{money(order.shippingFee)}</Fact>
              <Fact label="tax">{money(order.tax)}</Fact>
              <Fact label="duty">{typeof order.duty === 'number' ? money(order.duty) : order.duty}</Fact>
              <Fact label="final price">
                <strong>{money(order.finalPrice)}</strong>
              </Fact>
              <Fact label="amount charged">{money(order.amount)}</Fact>
            </dl>
          </Section>
          <Section title="shipping">
            <AddressFacts order={order} suffix="" />
          </Section>
          <Section title="billing">
            {order.hasBilling ? (
              <AddressFacts order={order} suffix="Billing" />
            ) : (
              <p className="adm-muted">same as shipping.</p>
            )}
          </Section>
          <section
            className={`adm-orders-section ${details.data?.deletable ? 'adm-orders-delete' : 'adm-orders-kept'}`}
            aria-label="delete"
          >
            {order.deletedAt ? (
              <p>
                deleted {vancouverTime(order.deletedAt)} by {order.deletedBy}. the record is kept.
              </p>
            ) : details.data?.deletable ? (
              <ConfirmButton
                label="delete order"
                question="delete this order? it leaves the order list; its record is kept, and the audit log shows who deleted it."
                onConfirm={remove}
              />
            ) : (
              <p className="adm-muted">{details.data?.deletable === false && details.data.deleteRefusal}</p>
            )}
          </section>
        </div>
      )}
    </AdminPage>
  );
}
