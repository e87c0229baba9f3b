/**
 * The route table: one row per documented endpoint of both spec files (000 §7, 001 §7).
 * It drives the CDK stack (one Lambda and one route per row), the local gateway and the
 * coverage test. `handler` is a module under functions/ exporting `handler`.
 * `pending` rows are documented but not built yet; the gateway answers them with 501.
 */
export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';
/** public: anyone; admin: a server-side admin session; owner: a portal session; webhook: provider signature. */
export type AuthRule = 'public' | 'admin' | 'owner' | 'webhook';

export interface Route {
  method: HttpMethod;
  /** Path under the API prefix, as the spec writes it but without a trailing slash. */
  path: string;
  handler: string;
  auth: AuthRule;
  pending?: true;
}

const r = (method: HttpMethod, path: string, handler: string, auth: AuthRule, pending?: 'pending'): Route =>
  pending ? { method, path, handler, auth, pending: true } : { method, path, handler, auth };

export const routes: readonly Route[] = [
  // Storefront (000 §7)
  r('POST', '/member', 'members/post-member', 'public'),
  r('GET', '/get-pro-related-video', 'catalog/get-pro-related-video', 'public'),
  r('GET', '/getTypeByGender', 'catalog/get-type-by-gender', 'public'),
  r('GET', '/has-single-product', 'catalog/has-single-product', 'public'),
  r('GET', '/get-imgs-by-pid', 'catalog/get-imgs-by-pid', 'public'),
  r('GET', '/type', 'catalog/get-type', 'public'),
  r('GET', '/has-sizes', 'catalog/has-sizes', 'public'),
  r('GET', '/size-guides-for-product', 'catalog/size-guides-for-product', 'public'),
  r('GET', '/all-steps-by-tid', 'size-finder/all-steps-by-tid', 'public'),
  r('POST', '/answers', 'size-finder/post-answers', 'public'),
  r('GET', '/sizes-by-type', 'catalog/sizes-by-type', 'public'),
  r('GET', '/getNextColor', 'catalog/get-next-color', 'public'),
  r('GET', '/getProductIdByColor', 'catalog/get-product-id-by-color', 'public'),
  r('GET', '/get-product-info', 'catalog/get-product-info', 'public'),
  r('GET', '/get-product-details-info', 'catalog/get-product-details-info', 'public'),
  r('GET', '/get-vid-by-pid', 'catalog/get-vid-by-pid', 'public'),
  r('GET', '/is-sold', 'catalog/is-sold', 'public'),
  r('GET', '/price-with-shipping', 'catalog/price-with-shipping', 'public'),
  r('GET', '/products/{id}', 'catalog/get-product', 'public'),

  // Checkout and orders (001 §7)
  r('GET', '/type-discount', 'checkout/type-discount', 'public'),
  r('GET', '/secret', 'checkout/secret', 'public'),
  r('POST', '/orders', 'orders/post-order', 'public'),
  r('PATCH', '/orders', 'orders/patch-order', 'public'),
  r('POST', '/product-auth', 'admin/products/post-product-auth', 'admin'),
  r('GET', '/orders', 'admin/orders/list-orders', 'admin'),
  r('GET', '/orders/{id}', 'orders/get-order', 'public'),
  r('DELETE', '/orders', 'admin/orders/delete-order', 'admin'),
  // The admin's view of one order with every field, and the delete token DELETE /orders needs.
  r('GET', '/order-details', 'admin/orders/get-order-details', 'admin'),
  r('POST', '/paypal/orders', 'checkout/paypal-create-order', 'public'),
  r('POST', '/paypal/capture', 'checkout/paypal-capture', 'public'),
  r('POST', '/webhooks/stripe', 'webhooks/stripe', 'webhook'),
  r('POST', '/webhooks/paypal', 'webhooks/paypal', 'webhook'),

  // Authenticity portal (001 §7)
  // Credentials travel in POST bodies, never in query strings (see each handler).
  r('POST', '/authenticationcard', 'authenticity/login', 'public'),
  r('GET', '/authenticationcard', 'authenticity/card', 'owner'),
  r('DELETE', '/authenticationcard', 'authenticity/logout', 'public'),
  r('POST', '/transfer-auth', 'authenticity/transfer', 'owner'),
  r('POST', '/reset-pwd', 'authenticity/reset-password', 'public'),

  // Admin (001 §7)
  r('POST', '/admin', 'admin/login', 'public'),
  r('GET', '/admin', 'admin/session', 'admin'),
  r('DELETE', '/admin', 'admin/logout', 'public'),
  r('POST', '/upload-url', 'admin/uploads/create-upload', 'admin'),
  r('GET', '/audit-log', 'admin/audit/list-audit', 'admin'),
  r('GET', '/products', 'admin/products/list-products', 'admin'),
  r('POST', '/products', 'admin/products/create-product', 'admin'),
  r('PATCH', '/products', 'admin/products/update-product', 'admin'),
  r('DELETE', '/products', 'admin/products/delete-product', 'admin'),
  r('GET', '/products-auth', 'admin/products/list-products-auth', 'admin'),
  r('GET', '/typelist', 'admin/types/typelist', 'admin'),
  r('GET', '/types', 'admin/types/list-types', 'admin'),
  r('GET', '/type-id-gender', 'admin/types/type-id-gender', 'admin'),
  r('GET', '/sizelist-by-tid', 'admin/types/sizelist-by-tid', 'admin'),
  r('POST', '/types', 'admin/types/create-type', 'admin'),
  r('PATCH', '/types', 'admin/types/update-type', 'admin'),
  r('DELETE', '/types', 'admin/types/delete-type', 'admin'),
  r('PATCH', '/types/productimage', 'admin/types/update-product-image', 'admin'),
  // The edit form's read of a collection: every field, the admin-only ones too (GET /type is public).
  r('GET', '/type-admin', 'admin/types/get-type', 'admin'),
  r('POST', '/uploadimgs', 'admin/media/upload-images', 'admin'),
  r('DELETE', '/pictures', 'admin/media/delete-pictures', 'admin'),
  // Added: the admin's picture lists (authenticity photos included) and their order.
  r('GET', '/admin-images', 'admin/media/admin-images', 'admin'),
  r('PATCH', '/pictures-order', 'admin/media/reorder-pictures', 'admin'),
  r('GET', '/product-image', 'admin/media/get-product-image', 'admin'),
  r('POST', '/upload-product-img', 'admin/media/upload-product-image', 'admin'),
  r('DELETE', '/product-img', 'admin/media/delete-product-image', 'admin'),
  r('GET', '/get-type-video', 'admin/videos/get-type-video', 'admin'),
  r('POST', '/upload-type-video-new', 'admin/videos/upload-type-video', 'admin'),
  r('POST', '/upload-video', 'admin/videos/upload-video', 'admin'),
  r('GET', '/get-video-by-pid', 'admin/videos/get-video-by-pid', 'admin'),
  r('DELETE', '/videos', 'admin/videos/delete-video', 'admin'),
  r('GET', '/size', 'admin/sizes/get-size', 'admin'),
  r('GET', '/sizes', 'admin/sizes/list-sizes', 'admin'),
  r('POST', '/sizes', 'admin/sizes/create-size', 'admin'),
  r('PATCH', '/sizes', 'admin/sizes/update-size', 'admin'),
  r('DELETE', '/sizes', 'admin/sizes/delete-size', 'admin'),
  r('GET', '/size-guide', 'admin/size-guides/get-size-guide', 'admin'),
  r('POST', '/size-guide', 'admin/size-guides/create-size-guide', 'admin'),
  r('PATCH', '/size-guide', 'admin/size-guides/update-size-guide', 'admin'),
  r('DELETE', '/size-guide', 'admin/size-guides/delete-size-guide', 'admin'),
  r('GET', '/size-guides', 'admin/size-guides/list-size-guides', 'admin'),
  r('POST', '/upload-sg-img', 'admin/size-guides/upload-image', 'admin'),
  r('DELETE', '/sg-img', 'admin/size-guides/delete-image', 'admin'),
  r('POST', '/add-shipping-all', 'admin/shipping/add-shipping-all', 'admin'),
  r('GET', '/shipping-price-one', 'admin/shipping/shipping-price-one', 'admin'),
  r('PATCH', '/shippings', 'admin/shipping/update-shippings', 'admin'),
  r('GET', '/members', 'admin/members/list-members', 'admin'),
  r('DELETE', '/member', 'admin/members/delete-member', 'admin'),
  r('GET', '/members-export', 'admin/members/export-members', 'admin'),
  r('GET', '/size-finder', 'admin/size-finders/list-size-finders', 'admin'),
  r('GET', '/size-finder-id', 'admin/size-finders/get-size-finder', 'admin'),
  r('POST', '/size-finder', 'admin/size-finders/create-size-finder', 'admin'),
  r('PATCH', '/size-finder', 'admin/size-finders/update-size-finder', 'admin'),
  r('DELETE', '/size-finder', 'admin/size-finders/delete-size-finder', 'admin'),
  r('GET', '/all-steps', 'admin/size-finders/list-steps', 'admin'),
  r('GET', '/step', 'admin/size-finders/get-step', 'admin'),
  r('POST', '/step', 'admin/size-finders/create-step', 'admin'),
  r('PATCH', '/step', 'admin/size-finders/update-step', 'admin'),
  r('DELETE', '/step', 'admin/size-finders/delete-step', 'admin'),
  r('POST', '/upload-step-img', 'admin/size-finders/upload-step-image', 'admin'),
  r('POST', '/upload-step-video', 'admin/size-finders/upload-step-video', 'admin'),
  r('GET', '/all-options', 'admin/size-finders/list-options', 'admin'),
  r('GET', '/option', 'admin/size-finders/get-option', 'admin'),
  r('POST', '/option', 'admin/size-finders/create-option', 'admin'),
  r('PATCH', '/option', 'admin/size-finders/update-option', 'admin'),
  r('DELETE', '/option', 'admin/size-finders/delete-option', 'admin'),
  r('POST', '/upload-option-img', 'admin/size-finders/upload-option-image', 'admin'),
  r('DELETE', '/options-img', 'admin/size-finders/delete-option-image', 'admin'),
  r('GET', '/answers', 'admin/size-finders/list-answers', 'admin'),
  r('GET', '/answer-details', 'admin/size-finders/get-answer', 'admin'),
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
