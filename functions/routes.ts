import * as catalog from '#shared/contracts/catalog.ts';
import type { Contract } from '#shared/contracts/contract.ts';
import { getFilmsContract } from '#shared/contracts/films.ts';
import { allStepsByTidContract } from '#shared/contracts/size-finder-public.ts';
import { currentTermsContract } from '#shared/contracts/terms.ts';
import type { EdgeCacheName } from '#shared/edge-cache.ts';

/**
 * The route table: one row per documented endpoint of both spec files (000 §7, 001 §7).
 * It drives the CDK stack (one Lambda and one route per row, with exactly the AWS access the
 * row declares), the local gateway and the coverage test. `handler` is a module under
 * functions/ exporting `handler`: `<capability>/http/…` for the shop, `<capability>/admin/…`
 * for staff, `<capability>/webhooks/…` for providers.
 * `pending` rows are documented but not built yet; the gateway answers them with 501.
 */
export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';
/** public: anyone; admin: a server-side admin session; owner: a portal session; webhook: provider signature. */
export type AuthRule = 'public' | 'admin' | 'owner' | 'webhook';

/**
 * What a route's function may touch in AWS; its IAM policy grants exactly this.
 * - table: `read` (Get/Query/BatchGet only) or `write` (reads and writes)
 * - media: `media` presigns uploads to and deletes from the media bucket; `private-media`
 *   signs short-lived links to authenticity photos
 * - mail: sends the shop's templated mail through SES
 * - secrets: reads the provider keys and the CloudFront origin check
 * test/bundle.test.ts fails when a bundle uses S3, SES or the secrets its row does not declare,
 * or declares one it does not use.
 */
export interface Access {
  table: 'read' | 'write';
  media?: 'media' | 'private-media';
  mail?: true;
  secrets?: true;
}

export interface Route {
  method: HttpMethod;
  /** Path under the API prefix, as the spec writes it but without a trailing slash. */
  path: string;
  handler: string;
  auth: AuthRule;
  access: Access;
  pending?: true;
  /** A storefront read served from the edge: how long, and the query its cache key holds. */
  edge?: EdgeCached;
}

/**
 * A read's edge caching, taken from its contract: the class (shared/edge-cache.ts) and the query
 * parameters the read takes, which are all the cache key holds besides the path (no cookie, no
 * header). test/architecture/contracts.test.ts checks each row's contract is its handler's.
 */
export interface EdgeCached {
  cache: EdgeCacheName;
  query: readonly string[];
}

type AccessWord = 'read' | 'write' | 'media' | 'private-media' | 'mail' | 'secrets';

/** `'write media mail'` → { table: 'write', media: 'media', mail: true }. */
export function parseAccess(words: string): Access {
  const list = words.split(' ') as AccessWord[];
  const table = list[0];
  if (table !== 'read' && table !== 'write')
    throw new Error(`access must start with read or write: ${words}`);
  const access: Access = { table };
  for (const word of list.slice(1)) {
    if (word === 'media' || word === 'private-media') access.media = word;
    else if (word === 'mail') access.mail = true;
    else if (word === 'secrets') access.secrets = true;
    else throw new Error(`unknown access word '${word}' in '${words}'`);
  }
  return access;
}

const r = (method: HttpMethod, path: string, handler: string, auth: AuthRule, access: string): Route => ({
  method,
  path,
  handler,
  auth,
  access: parseAccess(access),
});

/** A public read of the storefront whose answers the edge keeps (its contract names how long). */
function cachedRead(path: string, handler: string, contract: Contract): Route {
  if (!contract.cache) throw new Error(`${path}: its contract names no edge cache`);
  const shape = (contract.query as { _zod?: { def?: { shape?: Record<string, unknown> } } } | undefined)?._zod
    ?.def?.shape;
  return {
    ...r('GET', path, handler, 'public', 'read'),
    edge: { cache: contract.cache, query: Object.keys(shape ?? {}) },
  };
}

export const routes: readonly Route[] = [
  // Storefront (000 §7)
  r('POST', '/member', 'members/http/post-member', 'public', 'write mail secrets'),
  // Added: double opt-in and unsubscribe, by signed links mailed to the member (no login).
  r('POST', '/member/confirm', 'members/http/confirm-member', 'public', 'write secrets'),
  r('POST', '/member/unsubscribe', 'members/http/unsubscribe-member', 'public', 'write secrets'),
  cachedRead(
    '/get-pro-related-video',
    'catalog/http/get-pro-related-video',
    catalog.getProRelatedVideoContract,
  ),
  cachedRead('/getTypeByGender', 'catalog/http/get-type-by-gender', catalog.getTypeByGenderContract),
  cachedRead('/has-single-product', 'catalog/http/has-single-product', catalog.hasSingleProductContract),
  cachedRead('/get-imgs-by-pid', 'catalog/http/get-imgs-by-pid', catalog.getImgsByPidContract),
  cachedRead('/type', 'catalog/http/get-type', catalog.getTypeContract),
  cachedRead('/has-sizes', 'catalog/http/has-sizes', catalog.hasSizesContract),
  cachedRead(
    '/size-guides-for-product',
    'catalog/http/size-guides-for-product',
    catalog.sizeGuidesForProductContract,
  ),
  cachedRead('/all-steps-by-tid', 'size-finder/http/all-steps-by-tid', allStepsByTidContract),
  // Limited per client address, which is read behind the CloudFront origin check (secrets).
  r('POST', '/answers', 'size-finder/http/post-answers', 'public', 'write secrets'),
  cachedRead('/sizes-by-type', 'catalog/http/sizes-by-type', catalog.sizesByTypeContract),
  cachedRead('/getNextColor', 'catalog/http/get-next-color', catalog.getNextColorContract),
  cachedRead(
    '/getProductIdByColor',
    'catalog/http/get-product-id-by-color',
    catalog.getProductIdByColorContract,
  ),
  cachedRead('/get-product-info', 'catalog/http/get-product-info', catalog.getProductInfoContract),
  cachedRead(
    '/get-product-details-info',
    'catalog/http/get-product-details-info',
    catalog.getProductDetailsInfoContract,
  ),
  cachedRead('/get-vid-by-pid', 'catalog/http/get-vid-by-pid', catalog.getVidByPidContract),
  cachedRead('/is-sold', 'catalog/http/is-sold', catalog.isSoldContract),
  cachedRead('/price-with-shipping', 'catalog/http/price-with-shipping', catalog.priceWithShippingContract),
  cachedRead('/products/{id}', 'catalog/http/get-product', catalog.getProductContract),
  // Added (issue 20): the films of /allvideos, the mission, music and club pages, as content.
  cachedRead('/films', 'catalog/http/get-films', getFilmsContract),
  // Added (issue 20): the current version of the terms and its date, for the terms page and checkout.
  cachedRead('/terms', 'members/http/get-terms', currentTermsContract),

  // Checkout and orders (001 §7)
  r('GET', '/type-discount', 'checkout/http/type-discount', 'public', 'write secrets'),
  // POST, not the spec's GET: the body carries personal data and the call takes a hold.
  r('POST', '/secret', 'checkout/http/secret', 'public', 'write secrets'),
  r('POST', '/secret/release', 'checkout/http/release-checkout', 'public', 'write secrets'),
  r('POST', '/orders', 'checkout/http/post-order', 'public', 'write'),
  r('PATCH', '/orders', 'checkout/http/patch-order', 'public', 'write'),
  r('POST', '/product-auth', 'authenticity/admin/post-product-auth', 'admin', 'write mail'),
  r('GET', '/orders', 'checkout/admin/list-orders', 'admin', 'write'),
  r('GET', '/orders/{id}', 'checkout/http/get-order', 'public', 'write mail secrets'),
  r('DELETE', '/orders', 'checkout/admin/delete-order', 'admin', 'write'),
  // The admin's view of one order with every field, and the delete token DELETE /orders needs.
  r('GET', '/order-details', 'checkout/admin/get-order-details', 'admin', 'write'),
  // Fulfilment (issue 17): ship a paid order (carrier, tracking; the delivery e-mail), correct the
  // shipment, mark it delivered, and run the daily overdue check now.
  r('POST', '/orders/{id}/shipment', 'checkout/admin/ship-order', 'admin', 'write mail'),
  r('PATCH', '/orders/{id}/shipment', 'checkout/admin/correct-shipment', 'admin', 'write'),
  r('POST', '/orders/{id}/delivered', 'checkout/admin/mark-delivered', 'admin', 'write'),
  r('POST', '/overdue-orders', 'checkout/admin/check-overdue-orders', 'admin', 'write'),
  r('POST', '/paypal/orders', 'checkout/http/paypal-create-order', 'public', 'write secrets'),
  r('POST', '/paypal/capture', 'checkout/http/paypal-capture', 'public', 'write mail secrets'),
  r('POST', '/webhooks/stripe', 'checkout/webhooks/stripe', 'webhook', 'write mail secrets'),
  r('POST', '/webhooks/paypal', 'checkout/webhooks/paypal', 'webhook', 'write mail secrets'),

  // Authenticity portal (001 §7)
  // Credentials travel in POST bodies, never in query strings (see each handler).
  r('POST', '/authenticationcard', 'authenticity/http/login', 'public', 'write private-media mail secrets'),
  r('GET', '/authenticationcard', 'authenticity/http/card', 'owner', 'write private-media'),
  r('DELETE', '/authenticationcard', 'authenticity/http/logout', 'public', 'write'),
  r('POST', '/transfer-auth', 'authenticity/http/transfer', 'owner', 'write mail secrets'),
  // Mails nothing itself: it starts the reset-link job (infra/constructs/reset-link-job.ts).
  r('POST', '/reset-pwd', 'authenticity/http/reset-password', 'public', 'write secrets'),
  // Added: the owner confirms the reset link mailed by /reset-pwd; only then does the password change.
  r('POST', '/reset-pwd/confirm', 'authenticity/http/confirm-reset', 'public', 'write mail'),

  // Admin (001 §7)
  r('POST', '/admin', 'staff/http/admin-login', 'public', 'write secrets'),
  r('GET', '/admin', 'staff/http/admin-session', 'admin', 'write'),
  r('DELETE', '/admin', 'staff/http/admin-logout', 'public', 'write'),
  r('POST', '/upload-url', 'catalog/admin/media/create-upload', 'admin', 'write media'),
  r('GET', '/audit-log', 'staff/admin/list-audit', 'admin', 'write'),
  r('GET', '/products', 'catalog/admin/products/list-products', 'admin', 'write media'),
  r('POST', '/products', 'catalog/admin/products/create-product', 'admin', 'write'),
  // The staff's product search (a card number may be typed), in a body rather than a URL.
  r('POST', '/products/search', 'catalog/admin/products/search-products', 'admin', 'write'),
  r('PATCH', '/products', 'catalog/admin/products/update-product', 'admin', 'write'),
  r('DELETE', '/products', 'catalog/admin/products/delete-product', 'admin', 'write media'),
  r('GET', '/products-auth', 'authenticity/admin/list-products-auth', 'admin', 'write'),
  // The search of owners' records: an e-mail or a card number, in a body rather than a URL.
  r('POST', '/products-auth/search', 'authenticity/admin/search-products-auth', 'admin', 'write'),
  r('GET', '/typelist', 'catalog/admin/collections/typelist', 'admin', 'write'),
  r('GET', '/types', 'catalog/admin/collections/list-types', 'admin', 'write'),
  r('GET', '/type-id-gender', 'catalog/admin/collections/type-id-gender', 'admin', 'write'),
  r('GET', '/sizelist-by-tid', 'catalog/admin/collections/sizelist-by-tid', 'admin', 'write'),
  r('POST', '/types', 'catalog/admin/collections/create-type', 'admin', 'write media'),
  r('PATCH', '/types', 'catalog/admin/collections/update-type', 'admin', 'write'),
  r('DELETE', '/types', 'catalog/admin/collections/delete-type', 'admin', 'write media'),
  r('PATCH', '/types/productimage', 'catalog/admin/collections/update-product-image', 'admin', 'write media'),
  // The edit form's read of a collection: every field, the admin-only ones too (GET /type is public).
  r('GET', '/type-admin', 'catalog/admin/collections/get-type', 'admin', 'write'),
  r('POST', '/uploadimgs', 'catalog/admin/media/upload-images', 'admin', 'write media'),
  r('DELETE', '/pictures', 'catalog/admin/media/delete-pictures', 'admin', 'write media'),
  // Added: the admin's picture lists (authenticity photos included) and their order.
  r('GET', '/admin-images', 'catalog/admin/media/admin-images', 'admin', 'write media'),
  r('PATCH', '/pictures-order', 'catalog/admin/media/reorder-pictures', 'admin', 'write media'),
  r('GET', '/product-image', 'catalog/admin/media/get-product-image', 'admin', 'write media'),
  r('POST', '/upload-product-img', 'catalog/admin/media/upload-product-image', 'admin', 'write media'),
  r('DELETE', '/product-img', 'catalog/admin/media/delete-product-image', 'admin', 'write media'),
  r('GET', '/get-type-video', 'catalog/admin/videos/get-type-video', 'admin', 'write'),
  r('POST', '/upload-type-video-new', 'catalog/admin/videos/upload-type-video', 'admin', 'write media'),
  r('POST', '/upload-video', 'catalog/admin/videos/upload-video', 'admin', 'write media'),
  r('GET', '/get-video-by-pid', 'catalog/admin/videos/get-video-by-pid', 'admin', 'write'),
  r('DELETE', '/videos', 'catalog/admin/videos/delete-video', 'admin', 'write media'),
  // Added (issue 20): staff put a film (an embed or an upload with a poster) in a slot, or clear it.
  r('POST', '/films', 'catalog/admin/films/set-film', 'admin', 'write media'),
  r('DELETE', '/films', 'catalog/admin/films/clear-film', 'admin', 'write media'),
  r('GET', '/size', 'catalog/admin/sizes/get-size', 'admin', 'write'),
  r('GET', '/sizes', 'catalog/admin/sizes/list-sizes', 'admin', 'write'),
  // media: a meaning video uploaded for the size is checked (and a replaced one deleted).
  r('POST', '/sizes', 'catalog/admin/sizes/create-size', 'admin', 'write media'),
  r('PATCH', '/sizes', 'catalog/admin/sizes/update-size', 'admin', 'write media'),
  r('DELETE', '/sizes', 'catalog/admin/sizes/delete-size', 'admin', 'write media'),
  r('GET', '/size-guide', 'catalog/admin/size-guides/get-size-guide', 'admin', 'write'),
  r('POST', '/size-guide', 'catalog/admin/size-guides/create-size-guide', 'admin', 'write'),
  r('PATCH', '/size-guide', 'catalog/admin/size-guides/update-size-guide', 'admin', 'write'),
  r('DELETE', '/size-guide', 'catalog/admin/size-guides/delete-size-guide', 'admin', 'write media'),
  r('GET', '/size-guides', 'catalog/admin/size-guides/list-size-guides', 'admin', 'write'),
  r('POST', '/upload-sg-img', 'catalog/admin/size-guides/upload-image', 'admin', 'write media'),
  r('DELETE', '/sg-img', 'catalog/admin/size-guides/delete-image', 'admin', 'write media'),
  r('POST', '/add-shipping-all', 'catalog/admin/shipping/add-shipping-all', 'admin', 'write'),
  r('GET', '/shipping-price-one', 'catalog/admin/shipping/shipping-price-one', 'admin', 'write'),
  r('PATCH', '/shippings', 'catalog/admin/shipping/update-shippings', 'admin', 'write'),
  r('GET', '/members', 'members/admin/members/list-members', 'admin', 'write'),
  r('DELETE', '/member', 'members/admin/members/delete-member', 'admin', 'write'),
  r('GET', '/members-export', 'members/admin/members/export-members', 'admin', 'write'),
  // Added (issue 17): announce a collection's release to the confirmed members.
  r('POST', '/release-preview', 'members/admin/releases/preview-release', 'admin', 'write'),
  r('POST', '/release-test', 'members/admin/releases/test-release', 'admin', 'write mail secrets'),
  r('POST', '/releases', 'members/admin/releases/create-release', 'admin', 'write'),
  r('GET', '/releases', 'members/admin/releases/list-releases', 'admin', 'write'),
  // Added (issue 20): publish a new version of the terms; its notice goes to the confirmed
  // members through the release sender. GET /terms (public, below) reads the current version.
  r('POST', '/terms-versions', 'members/admin/terms/publish-terms', 'admin', 'write'),
  r('GET', '/terms-versions', 'members/admin/terms/list-terms', 'admin', 'write'),
  r('GET', '/size-finder', 'size-finder/admin/list-size-finders', 'admin', 'write'),
  r('GET', '/size-finder-id', 'size-finder/admin/get-size-finder', 'admin', 'write'),
  r('POST', '/size-finder', 'size-finder/admin/create-size-finder', 'admin', 'write'),
  r('PATCH', '/size-finder', 'size-finder/admin/update-size-finder', 'admin', 'write'),
  r('DELETE', '/size-finder', 'size-finder/admin/delete-size-finder', 'admin', 'write media'),
  r('GET', '/all-steps', 'size-finder/admin/list-steps', 'admin', 'write'),
  r('GET', '/step', 'size-finder/admin/get-step', 'admin', 'write'),
  r('POST', '/step', 'size-finder/admin/create-step', 'admin', 'write'),
  r('PATCH', '/step', 'size-finder/admin/update-step', 'admin', 'write media'),
  r('DELETE', '/step', 'size-finder/admin/delete-step', 'admin', 'write media'),
  r('POST', '/upload-step-img', 'size-finder/admin/upload-step-image', 'admin', 'write media'),
  r('POST', '/upload-step-video', 'size-finder/admin/upload-step-video', 'admin', 'write media'),
  r('GET', '/all-options', 'size-finder/admin/list-options', 'admin', 'write'),
  r('GET', '/option', 'size-finder/admin/get-option', 'admin', 'write'),
  r('POST', '/option', 'size-finder/admin/create-option', 'admin', 'write'),
  r('PATCH', '/option', 'size-finder/admin/update-option', 'admin', 'write'),
  r('DELETE', '/option', 'size-finder/admin/delete-option', 'admin', 'write media'),
  r('POST', '/upload-option-img', 'size-finder/admin/upload-option-image', 'admin', 'write media'),
  r('DELETE', '/options-img', 'size-finder/admin/delete-option-image', 'admin', 'write media'),
  r('GET', '/answers', 'size-finder/admin/list-answers', 'admin', 'write'),
  r('GET', '/answer-details', 'size-finder/admin/get-answer', 'admin', 'write'),
  // Added (000 §9 "results are reported within 7 business days"): the shop's reply to an
  // answer, mailed to the shopper; and sending its mail again when SES did not take it.
  r('POST', '/answer-reply', 'size-finder/admin/reply-to-answer', 'admin', 'write mail'),
  r('POST', '/answer-reply/mail', 'size-finder/admin/resend-answer-reply', 'admin', 'write mail'),
];

/** The Lambda-facing route key, as API Gateway writes it: `GET /api/type`. */
export function routeKey(route: Route, prefix = '/api'): string {
  return `${route.method} ${prefix}${route.path}`;
}

/** A stable, CloudFormation-safe name for a route's function. */
export function routeName(route: Route): string {
  return route.handler
    .split(/[/-]/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}
