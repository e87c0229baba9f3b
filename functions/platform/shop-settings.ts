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

/**
 * The deployment's addresses and sister sites as the functions are given them (SUPPORT_EMAIL,
 * ORDERS_EMAIL, MAIL_FROM as its From header, SISTER_SITES as JSON), for the opening checklist.
 */
export function shopAddresses(): {
  supportEmail: string;
  ordersEmail: string;
  mailFrom: string;
  sisterSites: { name: string; url: string }[];
} {
  const from = process.env.MAIL_FROM;
  const sites = process.env.SISTER_SITES;
  if (!from || sites === undefined) throw new Error('MAIL_FROM and SISTER_SITES are not set');
  return {
    supportEmail: shopMailData().contact,
    ordersEmail: ordersAddress(),
    // `Name <address>` or the bare address.
    mailFrom: from.match(/<([^>]+)>\s*$/)?.[1] ?? from,
    sisterSites: JSON.parse(sites) as { name: string; url: string }[],
  };
}
