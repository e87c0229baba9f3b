import type { ShopSettings } from '#shared/shop-settings.ts';

/**
 * The local stack's shop settings. `.localhost` names (RFC 6761) never leave the machine: every
 * mail to or from them lands in the local mail store (aws-ses-v2-local, /store).
 */
export const LOCAL_SHOP_SETTINGS: ShopSettings = {
  name: 'One of One Luxury',
  supportEmail: 'support@oneofone.localhost',
  ordersEmail: 'sales@oneofone.localhost',
  mailFrom: 'orders@oneofone.localhost',
  sisterSites: [
    { name: 'One of One Art', url: 'https://art.oneofone.localhost/' },
    { name: 'One of One Foundation', url: 'https://foundation.oneofone.localhost/' },
  ],
};
