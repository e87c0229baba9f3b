import '../form-page.css';
import './payment.css';
import { useId } from 'react';

export type PaymentMethod = 'card' | 'paypal';

/** Card or PayPal: the purchase page's and the draw entry's choice. */
export function PaymentMethods(props: {
  locked: boolean;
  method: PaymentMethod;
  onMethod: (method: PaymentMethod) => void;
}) {
  const base = useId();
  return (
    <fieldset className="checkout-section" disabled={props.locked}>
      <legend className="checkout-section-title">payment</legend>
      <div className="checkout-methods">
        <label className="checkout-method">
          <input
            type="radio"
            name={`${base}-method`}
            value="card"
            checked={props.method === 'card'}
            onChange={() => props.onMethod('card')}
          />
          <span>card</span>
        </label>
        <label className="checkout-method">
          <input
            type="radio"
            name={`${base}-method`}
            value="paypal"
            checked={props.method === 'paypal'}
            onChange={() => props.onMethod('paypal')}
          />
          <span>PayPal</span>
        </label>
      </div>
    </fieldset>
  );
}
