/**
 * The shop's name and support address, as every mail names them (`{{shop}}`, `{{contact}}`):
 * the deployment's shop settings (shared/shop-settings.ts), given to every function as
 * SHOP_NAME and SUPPORT_EMAIL.
 */
export function shopMailData(): { shop: string; contact: string } {
  const shop = process.env.SHOP_NAME;
  const contact = process.env.SUPPORT_EMAIL;
  if (!shop || !contact) throw new Error('SHOP_NAME and SUPPORT_EMAIL are not set');
  return { shop, contact };
}

/** Staff's orders address (ORDERS_EMAIL, the deployment's `ordersEmail`): every sale is announced there. */
export function ordersAddress(): string {
  const address = process.env.ORDERS_EMAIL;
  if (!address) throw new Error('ORDERS_EMAIL is not set');
  return address;
}
