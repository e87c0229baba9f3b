import '../form-page.css';
import './payment.css';
import { useId } from 'react';
import { type Address, AddressFields } from './address-fields.tsx';

/**
 * The contact and delivery address, the "billing address is different" choice and the billing
 * address when chosen: the purchase page's and the draw entry's form alike.
 */
export function DeliveryFields(props: {
  /** The e-mail is given and shown, not typed (a draw entry's: its mailed link's). */
  emailFixed?: boolean;
  locked: boolean;
  shipping: Address;
  onShipping: (address: Address) => void;
  hasBilling: boolean;
  onHasBilling: (different: boolean) => void;
  billing: Address;
  onBilling: (address: Address) => void;
}) {
  const base = useId();
  return (
    <>
      <fieldset className="checkout-section" disabled={props.locked}>
        <legend className="checkout-section-title">contact and delivery</legend>
        <AddressFields
          section="shipping"
          value={props.shipping}
          onChange={props.onShipping}
          emailFixed={props.emailFixed}
        />
      </fieldset>
      <div className="checkout-check">
        <input
          id={`${base}-billing`}
          type="checkbox"
          checked={props.hasBilling}
          disabled={props.locked}
          onChange={(e) => props.onHasBilling(e.target.checked)}
        />
        <label htmlFor={`${base}-billing`}>billing address is different</label>
      </div>
      {props.hasBilling && (
        <fieldset className="checkout-section" disabled={props.locked}>
          <legend className="checkout-section-title">billing address</legend>
          <AddressFields section="billing" value={props.billing} onChange={props.onBilling} />
        </fieldset>
      )}
    </>
  );
}
