/**
 * The checkout form as a shopper fills it (web's purchase page): a Toronto address. Plain data,
 * no vitest, so the load runs (test/load/, run by node) share it with the suites.
 */
export function torontoCheckout(order: {
  checkoutKey: string;
  id: string;
  typeId: string;
  email: string;
  name?: string;
}): Record<string, string> {
  return {
    checkoutKey: order.checkoutKey,
    id: order.id,
    typeId: order.typeId,
    name: order.name ?? 'Ada Buyer',
    phone: '+1 604 555 0100',
    email: order.email,
    address1: '1 Main Street',
    city: 'Toronto',
    state: 'ON',
    country: 'CA',
    postalCode: 'M5V 2T6',
  };
}
