import type { PublicBody } from '../../lib/api-types.ts';
import type { Address } from './address-fields.tsx';

/** The flat checkout fields and the checkout key POST /secret, POST /paypal/orders and a draw's entry take. */
export type CheckoutFields = PublicBody<'/secret'>;

export interface AppliedDiscount {
  code: string;
  percent: number;
}

/**
 * The flat body of POST /secret, POST /paypal/orders and a draw's entry (shared/checkout.ts
 * checkoutRequestSchema): the addresses' filled fields, trimmed.
 */
export function checkoutFields(input: {
  checkoutKey: string;
  id: string;
  typeId: string;
  paymentType: '1' | '2';
  shipping: Address;
  hasBilling: boolean;
  billing: Address;
  discount?: AppliedDiscount | undefined;
}): CheckoutFields {
  const fields: CheckoutFields = {
    checkoutKey: input.checkoutKey,
    id: input.id,
    typeId: input.typeId,
    paymentType: input.paymentType,
    hasBilling: input.hasBilling ? 'true' : 'false',
  };
  const put = (key: keyof Address | `${keyof Address}Billing` | 'discountCode', value: string) => {
    if (value.trim()) fields[key] = value.trim();
  };
  const keysOf = (address: Address) => Object.keys(address) as (keyof Address)[];
  for (const key of keysOf(input.shipping)) put(key, input.shipping[key]);
  if (input.hasBilling) {
    for (const key of keysOf(input.billing)) put(`${key}Billing`, input.billing[key]);
  }
  if (input.discount) {
    put('discountCode', input.discount.code);
    fields.discountAmount = String(input.discount.percent);
  }
  return fields;
}
