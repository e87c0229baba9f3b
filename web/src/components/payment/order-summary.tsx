import '../form-page.css';
import './payment.css';
import { formatPrice } from '#shared/format.ts';
import type { ServerAmounts } from './card-session.ts';
import { percentText, type Summary } from './summary.ts';

const usd = (amount: number) => `USD ${formatPrice(amount)}`;

function Row({
  label,
  value,
  note,
  strong,
}: {
  label: string;
  value: string;
  note?: string;
  strong?: boolean;
}) {
  return (
    <div className={`checkout-row${strong ? ' checkout-row-total' : ''}`}>
      <dt>
        {label}
        {note && <span className="checkout-row-note">{note}</span>}
      </dt>
      <dd>{value}</dd>
    </div>
  );
}

/**
 * The order summary (001 §9): product price, discount, shipping for the chosen country, tax
 * recomputed with `quote()` as the address changes, duty (0 in Canada and the USA, "not included"
 * elsewhere), total — all USD. Once the checkout has started, the server's amounts are shown.
 */
export function OrderSummary({
  titleId,
  productName,
  summary,
  discount,
  serverAmounts,
}: {
  titleId: string;
  productName: string;
  summary: Summary;
  discount: { code: string; percent: number } | undefined;
  serverAmounts: ServerAmounts | undefined;
}) {
  const q = serverAmounts ?? summary.quote;
  const productPrice = serverAmounts?.productPrice ?? summary.productPrice;
  const discountAmount = serverAmounts?.discountAmount ?? summary.discountAmount;
  const shippingTo = summary.countryLabel ? `shipping to ${summary.countryLabel}` : 'shipping';
  const taxNote =
    q && q.taxRate > 0
      ? `${summary.regionLabel ? `${summary.regionLabel}, ` : ''}${percentText(q.taxRate)} %`
      : undefined;
  const dutyIncluded = q ? q.duty === 0 : undefined;

  return (
    <section className="checkout-summary" aria-labelledby={titleId}>
      <h2 id={titleId} className="checkout-section-title">
        order summary
      </h2>
      <p className="checkout-summary-piece">{productName}</p>
      <p className="checkout-summary-one">one of one — the only piece of its kind</p>
      <dl className="checkout-rows">
        <Row label="product price" value={usd(productPrice)} />
        {discountAmount > 0 && (
          <Row
            label="discount"
            note={discount ? `${discount.code.toUpperCase()}, ${discount.percent} %` : undefined}
            value={`− ${usd(discountAmount)}`}
          />
        )}
        <Row
          label={shippingTo}
          value={
            q
              ? usd(q.shippingFee)
              : summary.shippingFee !== undefined
                ? usd(summary.shippingFee)
                : summary.pending === 'not-shipped'
                  ? 'not available'
                  : 'choose a country'
          }
        />
        <Row
          label="tax"
          note={taxNote}
          value={
            q
              ? usd(q.tax)
              : summary.pending === 'region'
                ? `choose a ${summary.countryLabel === 'Canada' ? 'province' : 'state'}`
                : '—'
          }
        />
        <Row label="duty" value={dutyIncluded === undefined ? '—' : dutyIncluded ? usd(0) : 'not included'} />
        <Row label="total" strong value={q ? usd(q.total) : '—'} />
      </dl>
      {dutyIncluded === false && (
        <p className="checkout-note checkout-duty-note">
          Duty is not included: outside Canada and the USA, the shipping provider may collect import duties on
          delivery.
        </p>
      )}
      {summary.pending === 'not-shipped' && (
        <p className="checkout-note" role="status">
          This piece cannot be shipped to {summary.countryLabel} yet. Please contact us.
        </p>
      )}
      <p className="checkout-currency">all amounts in USD</p>
    </section>
  );
}
