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
  r('POST', '/product-auth', 'orders/post-product-auth', 'admin', 'pending'),
  r('GET', '/orders', 'admin/orders/list-orders', 'admin', 'pending'),
  r('GET', '/orders/{id}', 'orders/get-order', 'public'),
  r('DELETE', '/orders', 'admin/orders/delete-order', 'admin', 'pending'),
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
  r('GET', '/products', 'admin/products/list-products', 'admin', 'pending'),
  r('POST', '/products', 'admin/products/create-product', 'admin', 'pending'),
  r('PATCH', '/products', 'admin/products/update-product', 'admin', 'pending'),
  r('DELETE', '/products', 'admin/products/delete-product', 'admin', 'pending'),
  r('GET', '/products-auth', 'admin/products/list-products-auth', 'admin', 'pending'),
  r('GET', '/typelist', 'admin/types/typelist', 'admin', 'pending'),
  r('GET', '/types', 'admin/types/list-types', 'admin', 'pending'),
  r('GET', '/type-id-gender', 'admin/types/type-id-gender', 'admin', 'pending'),
  r('GET', '/sizelist-by-tid', 'admin/types/sizelist-by-tid', 'admin', 'pending'),
  r('POST', '/types', 'admin/types/create-type', 'admin', 'pending'),
  r('PATCH', '/types', 'admin/types/update-type', 'admin', 'pending'),
  r('DELETE', '/types', 'admin/types/delete-type', 'admin', 'pending'),
  r('PATCH', '/types/productimage', 'admin/types/update-product-image', 'admin', 'pending'),
  r('POST', '/uploadimgs', 'admin/media/upload-images', 'admin', 'pending'),
  r('DELETE', '/pictures', 'admin/media/delete-pictures', 'admin', 'pending'),
  r('GET', '/product-image', 'admin/media/get-product-image', 'admin', 'pending'),
  r('POST', '/upload-product-img', 'admin/media/upload-product-image', 'admin', 'pending'),
  r('DELETE', '/product-img', 'admin/media/delete-product-image', 'admin', 'pending'),
  r('GET', '/get-type-video', 'admin/videos/get-type-video', 'admin', 'pending'),
  r('POST', '/upload-type-video-new', 'admin/videos/upload-type-video', 'admin', 'pending'),
  r('POST', '/upload-video', 'admin/videos/upload-video', 'admin', 'pending'),
  r('GET', '/get-video-by-pid', 'admin/videos/get-video-by-pid', 'admin', 'pending'),
  r('DELETE', '/videos', 'admin/videos/delete-video', 'admin', 'pending'),
  r('GET', '/size', 'admin/sizes/get-size', 'admin', 'pending'),
  r('GET', '/sizes', 'admin/sizes/list-sizes', 'admin', 'pending'),
  r('POST', '/sizes', 'admin/sizes/create-size', 'admin', 'pending'),
  r('PATCH', '/sizes', 'admin/sizes/update-size', 'admin', 'pending'),
  r('DELETE', '/sizes', 'admin/sizes/delete-size', 'admin', 'pending'),
  r('GET', '/size-guide', 'admin/size-guides/get-size-guide', 'admin', 'pending'),
  r('POST', '/size-guide', 'admin/size-guides/create-size-guide', 'admin', 'pending'),
  r('PATCH', '/size-guide', 'admin/size-guides/update-size-guide', 'admin', 'pending'),
  r('DELETE', '/size-guide', 'admin/size-guides/delete-size-guide', 'admin', 'pending'),
  r('GET', '/size-guides', 'admin/size-guides/list-size-guides', 'admin', 'pending'),
  r('POST', '/upload-sg-img', 'admin/size-guides/upload-image', 'admin', 'pending'),
  r('DELETE', '/sg-img', 'admin/size-guides/delete-image', 'admin', 'pending'),
  r('POST', '/add-shipping-all', 'admin/shipping/add-shipping-all', 'admin', 'pending'),
  r('GET', '/shipping-price-one', 'admin/shipping/shipping-price-one', 'admin', 'pending'),
  r('PATCH', '/shippings', 'admin/shipping/update-shippings', 'admin', 'pending'),
  r('GET', '/members', 'admin/members/list-members', 'admin', 'pending'),
  r('DELETE', '/member', 'admin/members/delete-member', 'admin', 'pending'),
  r('GET', '/size-finder', 'admin/size-finders/list-size-finders', 'admin', 'pending'),
  r('GET', '/size-finder-id', 'admin/size-finders/get-size-finder', 'admin', 'pending'),
  r('POST', '/size-finder', 'admin/size-finders/create-size-finder', 'admin', 'pending'),
  r('PATCH', '/size-finder', 'admin/size-finders/update-size-finder', 'admin', 'pending'),
  r('DELETE', '/size-finder', 'admin/size-finders/delete-size-finder', 'admin', 'pending'),
  r('GET', '/all-steps', 'admin/size-finders/list-steps', 'admin', 'pending'),
  r('GET', '/step', 'admin/size-finders/get-step', 'admin', 'pending'),
  r('POST', '/step', 'admin/size-finders/create-step', 'admin', 'pending'),
  r('PATCH', '/step', 'admin/size-finders/update-step', 'admin', 'pending'),
  r('DELETE', '/step', 'admin/size-finders/delete-step', 'admin', 'pending'),
  r('POST', '/upload-step-img', 'admin/size-finders/upload-step-image', 'admin', 'pending'),
  r('POST', '/upload-step-video', 'admin/size-finders/upload-step-video', 'admin', 'pending'),
  r('GET', '/all-options', 'admin/size-finders/list-options', 'admin', 'pending'),
  r('GET', '/option', 'admin/size-finders/get-option', 'admin', 'pending'),
  r('POST', '/option', 'admin/size-finders/create-option', 'admin', 'pending'),
  r('PATCH', '/option', 'admin/size-finders/update-option', 'admin', 'pending'),
  r('DELETE', '/option', 'admin/size-finders/delete-option', 'admin', 'pending'),
  r('POST', '/upload-option-img', 'admin/size-finders/upload-option-image', 'admin', 'pending'),
  r('DELETE', '/options-img', 'admin/size-finders/delete-option-image', 'admin', 'pending'),
  r('GET', '/answers', 'admin/size-finders/list-answers', 'admin', 'pending'),
  r('GET', '/answer-details', 'admin/size-finders/get-answer', 'admin', 'pending'),
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
