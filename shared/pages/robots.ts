import { MEMBER_CONFIRM_PAGE, MEMBER_UNSUBSCRIBE_PAGE } from '#shared/membership.ts';
import { type Site, siteOrigin } from './head.ts';

/**
 * `robots.txt` (RFC 9309) for the shop's origin (issue 47): crawlers keep out of what is no
 * public page — the API, the passport's /verify page (its piece in the address's fragment), the
 * staff's screens, the owners' portal, the checkout, a shopper's own draw entry and the
 * membership's mailed links — and are pointed at the sitemap, which robots.txt must name by its
 * absolute address: so the renderer writes this text with the deployment's origin.
 *
 * This keeps well-behaved crawlers out; it guards nothing. Every one of these screens asks the
 * server for its data with a session, a key or a signed link (and robots.txt is public: it names
 * no address that is not already in the app's own code).
 */
export const DISALLOWED_PATHS = [
  // the API and the passport's page
  '/api/',
  '/verify',
  // the staff: the login (and /admin-home), then every staff screen (web/src/features/admin/staff-routes.tsx)
  '/admin',
  '/audit-log',
  '/view-films',
  '/viewproducts',
  '/adproduct',
  '/viewdetails/',
  '/adpicture/',
  '/ad-product-image',
  '/advideo/',
  '/view-products-auth',
  '/view-types',
  '/adtype',
  '/ad-type-video',
  '/view-dimensions/',
  '/ad-shippings/',
  '/view-sizes',
  '/edit-size',
  '/view-size-guides',
  '/edit-size-guide',
  '/add-size-guide-img',
  '/orders',
  '/view-order/',
  '/view-passport',
  '/view-members',
  '/announce-release',
  '/terms-versions',
  '/view-draws',
  '/view-draw/',
  '/view-size-finders',
  '/view-steps',
  '/edit-step',
  '/view-options',
  '/edit-option',
  '/add-option-img',
  '/view-answers',
  '/view-answer',
  // the owners' portal (web/src/features/authenticity/routes.tsx)
  '/authenticity',
  '/forgot-pwd',
  // the checkout (web/src/features/checkout/routes.tsx)
  '/products/purchase',
  '/products/success',
  // a shopper's own draw entry (web/src/features/draws/routes.tsx); the draw's page stays public
  '/draw/*/enter',
  '/draw/*/entry/',
  // the membership's mailed links (web/src/features/content/routes.tsx)
  MEMBER_CONFIRM_PAGE,
  MEMBER_UNSUBSCRIBE_PAGE,
] as const;

/** Where the sitemap is, on the shop's origin (shared/pages/sitemap.ts). */
export const SITEMAP_PATH = '/sitemap.xml';

/**
 * Whether a robots.txt rule matches a path, as RFC 9309 §2.2.2 reads it: the path starts with
 * the rule, where `*` stands for any run of characters and a final `$` for the path's end.
 */
export function ruleMatches(rule: string, path: string): boolean {
  const anchored = rule.endsWith('$');
  const body = anchored ? rule.slice(0, -1) : rule;
  const pattern = body
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${pattern}${anchored ? '$' : ''}`).test(path);
}

/** The text of robots.txt for the shop's origin. */
export function robotsTxt(site: Pick<Site, 'origin'>): string {
  return [
    'User-agent: *',
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    'Allow: /',
    '',
    `Sitemap: ${siteOrigin(site.origin)}${SITEMAP_PATH}`,
    '',
  ].join('\n');
}
