/**
 * Every endpoint named in section 7 of both spec files, written as the spec writes it
 * (trailing slashes and all). The route-table test checks each has a row, and — when the spec
 * is beside the repository (../shared/spec) — that each path really occurs in its section 7.
 */
export const STOREFRONT_ENDPOINTS = [
  'POST /member',
  'GET /get-pro-related-video',
  'GET /getTypeByGender',
  'GET /has-single-product',
  'GET /get-imgs-by-pid',
  'GET /type',
  'GET /has-sizes',
  'GET /size-guides-for-product',
  'GET /all-steps-by-tid',
  'POST /answers',
  'GET /sizes-by-type',
  'GET /getNextColor/',
  'GET /getProductIdByColor/',
  'GET /get-product-info',
  'GET /get-product-details-info',
  'GET /get-vid-by-pid',
  'GET /is-sold',
  'GET /price-with-shipping',
  'GET /products/{id}',
] as const;

export const CHECKOUT_PORTAL_ADMIN_ENDPOINTS = [
  'GET /type-discount',
  'GET /secret',
  'POST /orders',
  'PATCH /orders',
  'POST /product-auth',
  'GET /orders',
  'GET /orders/{id}',
  'DELETE /orders',
  'GET /authenticationcard/',
  'POST /transfer-auth',
  'GET /reset-pwd',
  'POST /admin',
  'GET /products',
  'POST /products',
  'PATCH /products',
  'DELETE /products',
  'GET /products/{id}',
  'GET /products-auth',
  'GET /typelist',
  'GET /type',
  'GET /types',
  'GET /type-id-gender',
  'GET /sizelist-by-tid',
  'POST /types',
  'PATCH /types',
  'DELETE /types',
  'PATCH /types/productimage',
  'GET /get-imgs-by-pid',
  'POST /uploadimgs',
  'DELETE /pictures',
  'GET /product-image',
  'POST /upload-product-img',
  'DELETE /product-img',
  'GET /get-type-video',
  'POST /upload-type-video-new',
  'POST /upload-video',
  'GET /get-video-by-pid',
  'DELETE /videos',
  'GET /size',
  'GET /sizes',
  'POST /sizes',
  'PATCH /sizes',
  'DELETE /sizes',
  'GET /size-guide',
  'POST /size-guide',
  'PATCH /size-guide',
  'DELETE /size-guide',
  'GET /size-guides',
  'POST /upload-sg-img',
  'DELETE /sg-img',
  'POST /add-shipping-all',
  'GET /shipping-price-one',
  'PATCH /shippings',
  'GET /members',
  'DELETE /member',
  'GET /size-finder',
  'GET /size-finder-id',
  'POST /size-finder',
  'PATCH /size-finder',
  'DELETE /size-finder',
  'GET /all-steps',
  'GET /step',
  'POST /step',
  'PATCH /step',
  'DELETE /step',
  'POST /upload-step-img',
  'POST /upload-step-video',
  'GET /all-options',
  'GET /option',
  'POST /option',
  'PATCH /option',
  'DELETE /option',
  'POST /upload-option-img',
  'DELETE /options-img',
  'GET /answers',
  'GET /answer-details',
] as const;

/**
 * Rows this project adds for what the spec describes without naming a path: the PayPal order
 * and capture calls, and the providers' webhooks ("Provider callback after capture").
 */
export const ADDED_ENDPOINTS = [
  // The release draws (issue 35, docs/draw.md): anyone reads a draw; a member enters, confirms
  // the card step, withdraws and reads their entry; staff make draws and read them.
  'GET /draws/{drawId}',
  // Issue 45: the storefront lists the draws open and to come.
  'GET /draws/open',
  'POST /draws/{drawId}/entry-links',
  'POST /draws/{drawId}/entry-links/status',
  'POST /draws/{drawId}/entries',
  'POST /draws/{drawId}/entries/{entryId}/confirm',
  'POST /draws/{drawId}/entries/{entryId}/withdraw',
  'POST /draws/{drawId}/entries/{entryId}/status',
  'POST /draws',
  'GET /draws',
  'GET /draws/{drawId}/admin',
  // Issue 45: staff pick a new draw's piece among those for sale now.
  'GET /draw-pieces',
  // The passport (issue 37, docs/passport.md): staff issue and list certificates and rotate the
  // signing key; the owner makes resale proofs and reads their passport; anyone checks a proof.
  'POST /passport/certificates',
  'GET /passport/certificates',
  'POST /passport/keys/rotate',
  // Staff read the public log, newest first.
  'GET /passport/log',
  'POST /passport/proofs',
  'GET /passport/proofs/{id}',
  'GET /passport/mine',
  'GET /paypal/sdk',
  'POST /paypal/orders',
  'POST /paypal/capture',
  'POST /webhooks/stripe',
  'POST /webhooks/paypal',
  // The portal login takes the password in a POST body; GET reads the session; DELETE logs out.
  'POST /authenticationcard',
  'DELETE /authenticationcard',
  'POST /reset-pwd',
  // A reset changes the password only when the owner confirms the link mailed to them.
  'POST /reset-pwd/confirm',
  // A one-time login link for the owner while strangers slow the card down, and its use.
  'POST /authenticationcard/login-link',
  'POST /authenticationcard/login-link/redeem',
  // Members by double opt-in (issue 17): the confirmation link's call and the RFC 8058
  // one-click unsubscribe (also the unsubscribe page's call).
  'POST /member/confirm',
  'POST /member/unsubscribe',
  // Staff: announce a collection's release to the confirmed members (preview, a test to
  // oneself, the announcement) and the releases with their progress.
  'POST /release-preview',
  'POST /release-test',
  'POST /releases',
  'GET /releases',
  // Issue 34: a scheduled release edited or moved, or cancelled, until its sending starts.
  'PATCH /releases',
  'DELETE /releases',
  // Terms of use (issue 20): staff publish a version (its notice goes to the members the same
  // way); the terms page and the checkout read the current version.
  'POST /terms-versions',
  'GET /terms-versions',
  'GET /terms',
  // The checkout start with its personal data in a body (replaces GET /secret, below).
  'POST /secret',
  // The shopper cancelled or left the payment step: their own hold ends at once.
  'POST /secret/release',
  // The wallet sheet's price at each address change, by the server, before any hold (issue 46).
  'POST /checkout/quote',
  // "Continue to payment": the piece held, no payment yet; the pay click's POST /secret creates it (issue 46).
  'POST /checkout/hold',
  // The staff's search of authenticity records by an owner's e-mail, in a body.
  'POST /products-auth/search',
  // The staff's product search (name, card number or collection), in a body.
  'POST /products/search',
  // Staff: who is logged in, log out, presigned uploads straight to S3, the audit log.
  'GET /admin',
  'DELETE /admin',
  'POST /upload-url',
  'GET /audit-log',
  // What is still missing before the shop can open, listed on the admin home (issue 45).
  'GET /opening',
  // Staff pictures: the list of a set with private links to authenticity photos (the public
  // /get-imgs-by-pid never shows them), and the set's order, which staff may change.
  'GET /admin-images',
  'PATCH /pictures-order',
  // Whether a fresh upload's picture set has been made: the admin shows "processing" until it
  // has, instead of asking for a variant that is not there yet (a 404).
  'GET /picture-set',
  // Orders and members: the admin's view of one order with every field (the public GET
  // /orders/{id} is the shopper's success page) and the delete token DELETE /orders takes;
  // the members list as a CSV download.
  'GET /order-details',
  'GET /members-export',
  // The API's own description (issue 48): the public OpenAPI document and its reference page,
  // and the staff's document behind the admin session.
  'GET /openapi.json',
  'GET /docs',
  'GET /openapi-admin.json',
  // The collection edit form reads every field, discountCode and authPortalText too; the
  // storefront's GET /type never shows them.
  'GET /type-admin',
  // Fulfilment (issue 17): ship a paid order with its tracking (the delivery e-mail), correct
  // the shipment, mark it delivered, and run the daily overdue check from the admin.
  'POST /orders/{id}/shipment',
  'PATCH /orders/{id}/shipment',
  'POST /orders/{id}/delivered',
  'POST /overdue-orders',
  // The shop's reply to a size finder answer (000 §9 "reported within 7 business days"),
  // mailed to the shopper, and sending that mail again when SES did not take it.
  'POST /answer-reply',
  'POST /answer-reply/mail',
  // The passport (issue 37, docs/passport.md): a piece's public history with its proofs, and
  // the owner's report of the piece lost or stolen (and found).
  'GET /passport/pieces/{pid}',
  'POST /passport/lost',
  // Films as content (issue 20): every content slot's film, read by the pages (000 §7 /allvideos,
  // /world/mission/video, music, club), and staff setting or clearing a slot's film.
  'GET /films',
  'POST /films',
  'DELETE /films',
];

/**
 * Spec calls served under another method on purpose, with the reason. The spec's GET
 * /reset-pwd carries a card number and an email in the query string (access logs) and changes
 * state (a GET must not). The spec's GET /secret carries the shopper's name, phone, email and
 * address in its query string (CloudFront's logs, proxies) and takes a hold (a GET must not).
 */
export const REPLACED_ENDPOINTS: Record<string, string> = {
  'GET /reset-pwd': 'POST /reset-pwd',
  'GET /secret': 'POST /secret',
};
