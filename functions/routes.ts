import * as apiDocs from '#shared/contracts/api-docs.ts';
import * as authenticity from '#shared/contracts/authenticity.ts';
import * as authenticityAdmin from '#shared/contracts/authenticity-admin.ts';
import * as catalog from '#shared/contracts/catalog.ts';
import * as catalogAdmin from '#shared/contracts/catalog-admin.ts';
import * as catalogAdminMedia from '#shared/contracts/catalog-admin-media.ts';
import * as catalogAdminProducts from '#shared/contracts/catalog-admin-products.ts';
import * as catalogAdminSizes from '#shared/contracts/catalog-admin-sizes.ts';
import * as checkout from '#shared/contracts/checkout.ts';
import type { Contract } from '#shared/contracts/contract.ts';
import * as draws from '#shared/contracts/draws.ts';
import * as films from '#shared/contracts/films.ts';
import { getFilmsContract } from '#shared/contracts/films.ts';
import * as fulfilment from '#shared/contracts/fulfilment.ts';
import * as media from '#shared/contracts/media.ts';
import * as members from '#shared/contracts/members.ts';
import * as opening from '#shared/contracts/opening.ts';
import * as passport from '#shared/contracts/passport.ts';
import * as payments from '#shared/contracts/payments.ts';
import * as releases from '#shared/contracts/releases.ts';
import * as sizeFinder from '#shared/contracts/size-finder.ts';
import * as sizeFinderPublic from '#shared/contracts/size-finder-public.ts';
import { allStepsByTidContract } from '#shared/contracts/size-finder-public.ts';
import * as staff from '#shared/contracts/staff.ts';
import * as terms from '#shared/contracts/terms.ts';
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
 * What a function may touch in AWS, as the actions its code calls; its IAM policy grants exactly
 * these (infra/constructs/data-access.ts) and test/iam checks them against every recorded call.
 * A row writes them as words: `'table:get,query,update media:get,delete,list mail secrets'`.
 * - `table:` DynamoDB on the table and its indexes: `get` GetItem, `batch-get` BatchGetItem,
 *   `query` Query, `put` PutItem, `update` UpdateItem, `delete` DeleteItem, `batch-write`
 *   BatchWriteItem, `condition-check` ConditionCheckItem. A transaction (TransactWriteItems)
 *   has no action of its own: each of its items needs its kind's word (Put → put …).
 * - `media:` the public media bucket, `private-media:` the private one (authenticity/* only):
 *   `get` GetObject (HeadObject, a signed GET link), `put` PutObject (a presigned upload),
 *   `delete` DeleteObject, `list` ListBucket (S3 answers a HEAD of a missing object 404, not 403).
 * - `mail`: the shop's templated mail through SES; `mail-identity`: whether the identity it is
 *   sent from is verified (ses:GetEmailIdentity); `secrets`: the provider keys and the
 *   CloudFront origin check.
 * An action no test's recording shows is held only with a reason (`why`, keyed by `table:delete`,
 * `media:list`, `mail` …): test/iam/recorded-calls.check.ts fails on one held without a reason.
 * test/bundle.test.ts fails when a bundle uses S3, SES or the secrets its row does not declare,
 * or declares one it does not use.
 */
export interface Access {
  table: readonly TableWord[];
  media?: readonly BucketWord[];
  privateMedia?: readonly BucketWord[];
  mail?: true;
  /** Read the mail identity's verification in SES (ses:GetEmailIdentity): the opening checklist. */
  mailIdentity?: true;
  secrets?: true;
  /** Why an action is held that no test reaches, by its word (`'table:batch-write'`). */
  why: Readonly<Record<string, string>>;
}

export const TABLE_WORDS = [
  'get',
  'batch-get',
  'query',
  'put',
  'update',
  'delete',
  'batch-write',
  'condition-check',
] as const;
export type TableWord = (typeof TABLE_WORDS)[number];
export const BUCKET_WORDS = ['get', 'put', 'delete', 'list'] as const;
export type BucketWord = (typeof BUCKET_WORDS)[number];

/** Reasons shared by several rows for an action held on a path no test reaches. */
export const WHY = {
  session:
    'an admin or owner session is renewed (readSession, functions/table/sessions.ts) once it is older than RENEW_AFTER_MS; tests log in fresh',
  leftovers:
    'deleteKeys (functions/table/query.ts) deletes the leftovers 25 at a time when they outgrow one transaction; no test makes that many',
  uploadMissing:
    'verifyUpload (functions/platform/uploads.ts) HEADs an upload that may not have arrived: S3 answers 404 only to a caller that may list, else 403 and a 500 instead of "the file has not arrived yet"; locally every upload arrives',
  authenticityLinks:
    'signs links to a product’s authenticity photos (catalog/admin/media/views.ts adminImage); no test lists a product that has one here',
  replacedMedia:
    'deletes a replaced or refused upload (functions/platform/uploads.ts); no test replaces one through this route',
  uploadTicket:
    'a new upload’s ticket is deleted in the write that uses it (verifyUpload’s consume, functions/platform/uploads.ts); no test sends a new upload here',
  finderVersion:
    'the size finder’s version guard and final write (size-finder/entities/size-finder.ts writeFinder): updated, or deleted with its last part',
  passportPhotos:
    'hashes the piece’s authenticity photographs for its certificate and publishes them beside it (functions/passport/issue-certificate.ts); a piece just registered has none yet',
  endedOwnerSession:
    'ends the session of a card that was transferred or reset meanwhile (ownerSession, functions/authenticity/owner-session.ts); no test calls with such a session',
  jobByTestCode:
    'the job’s tests call its module directly, so its calls are recorded without a function; the action is read from its code',
} as const;

/** `'table:get,update media:get mail'` → { table: ['get', 'update'], media: ['get'], mail: true }. */
export function parseAccess(words: string, why: Record<string, string> = {}): Access {
  const access: { -readonly [K in keyof Access]: Access[K] } = { table: [], why: { ...why } };
  const seen = new Set<string>();
  for (const token of words.split(' ').filter(Boolean)) {
    const [kind = '', list] = token.split(':');
    if (seen.has(kind)) throw new Error(`access '${words}' names ${kind} twice`);
    seen.add(kind);
    const actions = list?.split(',') ?? [];
    if (kind === 'table') {
      for (const a of actions)
        if (!(TABLE_WORDS as readonly string[]).includes(a))
          throw new Error(`unknown table action '${a}' in '${words}' (one of ${TABLE_WORDS.join(', ')})`);
      access.table = actions as TableWord[];
    } else if (kind === 'media' || kind === 'private-media') {
      for (const a of actions)
        if (!(BUCKET_WORDS as readonly string[]).includes(a))
          throw new Error(`unknown ${kind} action '${a}' in '${words}' (one of ${BUCKET_WORDS.join(', ')})`);
      if (!actions.length) throw new Error(`${kind} needs its actions in '${words}'`);
      if (kind === 'media') access.media = actions as BucketWord[];
      else access.privateMedia = actions as BucketWord[];
    } else if ((kind === 'mail' || kind === 'secrets') && list === undefined) access[kind] = true;
    else if (kind === 'mail-identity' && list === undefined) access.mailIdentity = true;
    else throw new Error(`unknown access word '${token}' in '${words}'`);
  }
  for (const word of Object.keys(access.why))
    if (!accessWords(access).includes(word))
      throw new Error(`access '${words}' gives a reason for '${word}', which it does not hold`);
  return access;
}

/** Every word an access holds, as `why` keys them: `table:get`, `media:list`, `mail`, `secrets`. */
export function accessWords(access: Omit<Access, 'why'>): string[] {
  return [
    ...access.table.map((w) => `table:${w}`),
    ...(access.media ?? []).map((w) => `media:${w}`),
    ...(access.privateMedia ?? []).map((w) => `private-media:${w}`),
    ...(access.mail ? ['mail'] : []),
    ...(access.mailIdentity ? ['mail-identity'] : []),
    ...(access.secrets ? ['secrets'] : []),
  ];
}

/** Whether a function writes the table (anything beyond get, batch-get and query). */
export function writesTable(access: Pick<Access, 'table'>): boolean {
  return access.table.some((w) => w !== 'get' && w !== 'batch-get' && w !== 'query');
}

export interface Route {
  method: HttpMethod;
  /** Path under the API prefix, as the spec writes it but without a trailing slash. */
  path: string;
  handler: string;
  /** The handler's contract (shared/contracts/): its request and 200 answer, and the API document's. */
  contract: Contract;
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

/**
 * A row: `access` as words (see Access), `why` the reason for each action it holds that no test
 * reaches. An admin or owner row's session renewal (table:update) needs no reason of its own.
 */
const r = (
  method: HttpMethod,
  path: string,
  handler: string,
  contract: Contract,
  auth: AuthRule,
  access: string,
  why: Record<string, string> = {},
): Route => ({
  method,
  path,
  handler,
  contract,
  auth,
  access: parseAccess(access, {
    ...((auth === 'admin' || auth === 'owner') && /\btable:\S*\bupdate\b/.test(access)
      ? { 'table:update': WHY.session }
      : {}),
    ...why,
  }),
});

/** A public read of the storefront whose answers the edge keeps (its contract names how long). */
function cachedRead(path: string, handler: string, contract: Contract, access: string): Route {
  if (!contract.cache) throw new Error(`${path}: its contract names no edge cache`);
  const shape = (contract.query as { _zod?: { def?: { shape?: Record<string, unknown> } } } | undefined)?._zod
    ?.def?.shape;
  return {
    ...r('GET', path, handler, contract, 'public', access),
    edge: { cache: contract.cache, query: Object.keys(shape ?? {}) },
  };
}

export const routes: readonly Route[] = [
  // Storefront (000 §7)
  // Also the membership page's "send it again" (issue 34): the same sign-up, its limits and its answer.
  r(
    'POST',
    '/member',
    'members/http/post-member',
    staff.postMemberContract,
    'public',
    'table:get,put,update,condition-check mail secrets',
  ),
  // Added: double opt-in and unsubscribe, by signed links mailed to the member (no login).
  r(
    'POST',
    '/member/confirm',
    'members/http/confirm-member',
    staff.confirmMemberContract,
    'public',
    'table:get,update,delete secrets',
  ),
  r(
    'POST',
    '/member/unsubscribe',
    'members/http/unsubscribe-member',
    staff.unsubscribeMemberContract,
    'public',
    'table:get,update secrets',
  ),
  cachedRead(
    '/get-pro-related-video',
    'catalog/http/get-pro-related-video',
    catalog.getProRelatedVideoContract,
    'table:query',
  ),
  cachedRead(
    '/getTypeByGender',
    'catalog/http/get-type-by-gender',
    catalog.getTypeByGenderContract,
    'table:query',
  ),
  cachedRead(
    '/has-single-product',
    'catalog/http/has-single-product',
    catalog.hasSingleProductContract,
    'table:query',
  ),
  cachedRead('/get-imgs-by-pid', 'catalog/http/get-imgs-by-pid', catalog.getImgsByPidContract, 'table:query'),
  cachedRead('/type', 'catalog/http/get-type', catalog.getTypeContract, 'table:get'),
  cachedRead('/has-sizes', 'catalog/http/has-sizes', catalog.hasSizesContract, 'table:query'),
  cachedRead(
    '/size-guides-for-product',
    'catalog/http/size-guides-for-product',
    catalog.sizeGuidesForProductContract,
    'table:query',
  ),
  cachedRead('/all-steps-by-tid', 'size-finder/http/all-steps-by-tid', allStepsByTidContract, 'table:query'),
  // Limited per client address, which is read behind the CloudFront origin check (secrets).
  r(
    'POST',
    '/answers',
    'size-finder/http/post-answers',
    sizeFinderPublic.postAnswersContract,
    'public',
    'table:put,update,condition-check secrets',
  ),
  cachedRead('/sizes-by-type', 'catalog/http/sizes-by-type', catalog.sizesByTypeContract, 'table:query'),
  cachedRead('/getNextColor', 'catalog/http/get-next-color', catalog.getNextColorContract, 'table:query'),
  cachedRead(
    '/getProductIdByColor',
    'catalog/http/get-product-id-by-color',
    catalog.getProductIdByColorContract,
    'table:query',
  ),
  cachedRead(
    '/get-product-info',
    'catalog/http/get-product-info',
    catalog.getProductInfoContract,
    'table:get',
  ),
  cachedRead(
    '/get-product-details-info',
    'catalog/http/get-product-details-info',
    catalog.getProductDetailsInfoContract,
    'table:get',
  ),
  cachedRead('/get-vid-by-pid', 'catalog/http/get-vid-by-pid', catalog.getVidByPidContract, 'table:query'),
  cachedRead('/is-sold', 'catalog/http/is-sold', catalog.isSoldContract, 'table:get'),
  cachedRead(
    '/price-with-shipping',
    'catalog/http/price-with-shipping',
    catalog.priceWithShippingContract,
    'table:batch-get',
  ),
  cachedRead('/products/{id}', 'catalog/http/get-product', catalog.getProductContract, 'table:get'),
  // Added (issue 20): the films of /allvideos, the mission, music and club pages, as content.
  cachedRead('/films', 'catalog/http/get-films', getFilmsContract, 'table:query'),
  // Added (issue 20): the current version of the terms and its date, for the terms page and checkout.
  cachedRead('/terms', 'members/http/get-terms', currentTermsContract, 'table:query'),

  // Checkout and orders (001 §7)
  r(
    'GET',
    '/type-discount',
    'checkout/http/type-discount',
    checkout.typeDiscountContract,
    'public',
    'table:get,update secrets',
  ),
  // POST, not the spec's GET: the body carries personal data and the call takes a hold.
  r(
    'POST',
    '/secret',
    'checkout/http/secret',
    checkout.secretContract,
    'public',
    'table:get,put,update secrets',
  ),
  // "Continue to payment" of the purchase page: the same hold as /secret, no payment yet (the
  // card is collected first; the pay click's /secret creates it). Secrets: the client address.
  r(
    'POST',
    '/checkout/hold',
    'checkout/http/hold',
    checkout.holdContract,
    'public',
    'table:get,put,update secrets',
  ),
  // A price for the wallet sheet's address: no hold, a discount code counted as a try.
  r(
    'POST',
    '/checkout/quote',
    'checkout/http/quote',
    checkout.checkoutQuoteContract,
    'public',
    'table:get,update secrets',
  ),
  r(
    'POST',
    '/secret/release',
    'checkout/http/release-checkout',
    checkout.releaseCheckoutContract,
    'public',
    'table:get,update secrets',
  ),
  r('POST', '/orders', 'checkout/http/post-order', checkout.postOrderContract, 'public', 'table:get'),
  r('PATCH', '/orders', 'checkout/http/patch-order', checkout.patchOrderContract, 'public', 'table:get'),
  r(
    'POST',
    '/product-auth',
    'authenticity/admin/post-product-auth',
    authenticityAdmin.postProductAuthContract,
    'admin',
    'table:get,put,update,condition-check mail',
  ),
  r(
    'GET',
    '/orders',
    'checkout/admin/list-orders',
    checkout.listOrdersContract,
    'admin',
    'table:get,query,update',
  ),
  r(
    'GET',
    '/orders/{id}',
    'checkout/http/get-order',
    checkout.getOrderContract,
    'public',
    'table:get,query,put,update mail secrets',
  ),
  r(
    'DELETE',
    '/orders',
    'checkout/admin/delete-order',
    checkout.deleteOrderContract,
    'admin',
    'table:get,put,update,delete',
  ),
  // The admin's view of one order with every field, and the delete token DELETE /orders needs.
  r(
    'GET',
    '/order-details',
    'checkout/admin/get-order-details',
    checkout.orderDetailsContract,
    'admin',
    'table:get,put,update',
  ),
  // Fulfilment (issue 17): ship a paid order (carrier, tracking; the delivery e-mail), correct the
  // shipment, mark it delivered, and run the daily overdue check now.
  r(
    'POST',
    '/orders/{id}/shipment',
    'checkout/admin/ship-order',
    fulfilment.shipOrderContract,
    'admin',
    'table:get,put,update mail',
  ),
  r(
    'PATCH',
    '/orders/{id}/shipment',
    'checkout/admin/correct-shipment',
    fulfilment.correctShipmentContract,
    'admin',
    'table:get,put,update',
  ),
  r(
    'POST',
    '/orders/{id}/delivered',
    'checkout/admin/mark-delivered',
    fulfilment.markDeliveredContract,
    'admin',
    'table:get,put,update',
  ),
  r(
    'POST',
    '/overdue-orders',
    'checkout/admin/check-overdue-orders',
    fulfilment.checkOverdueOrdersContract,
    'admin',
    'table:get,query,update',
  ),
  // PayPal's JavaScript SDK (v6) in the browser: its client id and environment (payments/http/).
  r('GET', '/paypal/sdk', 'payments/http/paypal-sdk', payments.paypalSdkContract, 'public', 'secrets'),
  r(
    'POST',
    '/paypal/orders',
    'checkout/http/paypal-create-order',
    checkout.paypalCreateOrderContract,
    'public',
    'table:get,put,update secrets',
  ),
  r(
    'POST',
    '/paypal/capture',
    'checkout/http/paypal-capture',
    checkout.paypalCaptureContract,
    'public',
    'table:get,query,put,update mail secrets',
    {
      mail: 'the completion mails the sale when this capture completes the order (checkout’s completion); in the tests the webhook or the success page completes it first',
      'table:query':
        'the sale’s mail shows the piece’s picture, read from its pictures (catalog’s piecePicture) when this capture completes the order; in the tests the webhook or the success page completes it first',
    },
  ),
  // query: the sale's mail shows the piece's picture (catalog's piecePicture).
  r(
    'POST',
    '/webhooks/stripe',
    'checkout/webhooks/stripe',
    checkout.stripeWebhookContract,
    'webhook',
    'table:get,query,put,update mail secrets',
  ),
  r(
    'POST',
    '/webhooks/paypal',
    'checkout/webhooks/paypal',
    checkout.paypalWebhookContract,
    'webhook',
    'table:get,query,put,update mail secrets',
    {
      mail: 'a sale the webhook completes first is mailed from here (payment-completion.ts); in the suites the PayPal capture route completes it first and mails',
      'table:query':
        'the sale’s mail shows the piece’s picture (catalog’s piecePicture); in the suites the PayPal capture route completes it first and mails',
    },
  ),

  // Authenticity portal (001 §7)
  // Credentials travel in POST bodies, never in query strings (see each handler).
  r(
    'POST',
    '/authenticationcard',
    'authenticity/http/login',
    authenticity.portalLoginContract,
    'public',
    'table:get,query,put,update,delete private-media:get mail secrets',
  ),
  r(
    'GET',
    '/authenticationcard',
    'authenticity/http/card',
    authenticity.portalCardContract,
    'owner',
    'table:get,query,update,delete private-media:get',
    {
      'table:delete':
        'ends the session of a card that was transferred or reset meanwhile (endSession, functions/table/sessions.ts); no test reads the card then',
    },
  ),
  r(
    'DELETE',
    '/authenticationcard',
    'authenticity/http/logout',
    authenticity.portalLogoutContract,
    'public',
    'table:delete',
  ),
  r(
    'POST',
    '/transfer-auth',
    'authenticity/http/transfer',
    authenticity.transferContract,
    'owner',
    'table:get,put,update,delete mail secrets',
  ),
  // Mails nothing itself: it starts the reset-link job (infra/constructs/reset-link-job.ts).
  r(
    'POST',
    '/reset-pwd',
    'authenticity/http/reset-password',
    authenticity.resetPasswordContract,
    'public',
    'table:update secrets',
  ),
  // Added: the owner confirms the reset link mailed by /reset-pwd; only then does the password change.
  r(
    'POST',
    '/reset-pwd/confirm',
    'authenticity/http/confirm-reset',
    authenticity.confirmResetContract,
    'public',
    'table:get,put,update,delete mail',
  ),
  // Added: a one-time login link mailed to the owner (the way in while strangers slow the card
  // down), and its redemption from the page the link opens. The request mails nothing itself: it
  // starts the portal's link job (infra/constructs/reset-link-job.ts), as /reset-pwd does.
  r(
    'POST',
    '/authenticationcard/login-link',
    'authenticity/http/login-link',
    authenticity.loginLinkContract,
    'public',
    'table:update secrets',
  ),
  r(
    'POST',
    '/authenticationcard/login-link/redeem',
    'authenticity/http/redeem-login-link',
    authenticity.redeemLoginLinkContract,
    'public',
    'table:get,query,put,update,delete private-media:get secrets',
    {
      'private-media:get':
        'signs the links of the card’s authenticity photos, as a password login does (cardView); the link’s tests use cards without photos',
    },
  ),

  // The passport (issue 37, docs/passport.md; shared/contracts/passport.ts). Signing goes through
  // the passport signer (infra/constructs/passport-signer.ts PASSPORT_SIGNING_HANDLERS). A piece's
  // public history, and its owner's lost-or-stolen report (the record's state and its log entry,
  // one transaction).
  r(
    'GET',
    '/passport/pieces/{pid}',
    'passport/http/get-piece',
    passport.passportPieceContract,
    'public',
    'table:get,query',
  ),
  r(
    'POST',
    '/passport/lost',
    'passport/http/report-lost',
    passport.reportLostContract,
    'owner',
    'table:get,put,update,delete',
    {
      'table:delete': WHY.endedOwnerSession,
    },
  ),
  r(
    'POST',
    '/passport/certificates',
    'passport/admin/issue-certificate',
    passport.issueCertificateContract,
    'admin',
    // list: a photograph whose upload has not arrived is NoSuchKey (→ 409) only to a caller that
    // may list; without it S3 answers 403 and issuing a 500.
    'table:get,query,put,update private-media:get,list media:put',
  ),
  r(
    'GET',
    '/passport/certificates',
    'passport/admin/list-certificates',
    passport.listCertificatesContract,
    'admin',
    'table:get,query,update',
  ),
  r(
    'POST',
    '/passport/keys/rotate',
    'passport/admin/rotate-keys',
    passport.rotateKeyContract,
    'admin',
    'table:get,update',
  ),
  r(
    'GET',
    '/passport/log',
    'passport/admin/list-log',
    passport.adminLogContract,
    'admin',
    'table:get,query,update',
  ),
  r(
    'POST',
    '/passport/proofs',
    'passport/http/create-proof',
    passport.createProofContract,
    'owner',
    'table:get,query,put,update,delete',
    {
      'table:delete': WHY.endedOwnerSession,
    },
  ),
  r(
    'GET',
    '/passport/proofs/{id}',
    'passport/http/proof-status',
    passport.proofStatusContract,
    'public',
    'table:get',
  ),
  // private-media:get: short-lived links to the photographs the owner's certificate names.
  r(
    'GET',
    '/passport/mine',
    'passport/http/owner-passport',
    passport.ownerPassportContract,
    'owner',
    'table:get,query,update,delete private-media:get',
    { 'table:delete': WHY.endedOwnerSession },
  ),

  // The release draws (issue 35, docs/draw.md; shared/contracts/draws.ts). Anyone reads a draw;
  // a confirmed member asks for a link to their mailbox (issue 44), enters through it with a card
  // authorised, not captured (Stripe's key is a secret), confirms, withdraws and reads the entry
  // with its secret; staff make and read draws.
  // Before /draws/{drawId}: the local gateway takes the first row that matches (API Gateway the most specific).
  r('GET', '/draws/open', 'draws/http/open-draws', draws.openDrawsContract, 'public', 'table:query'),
  r('GET', '/draws/{drawId}', 'draws/http/get-draw', draws.getDrawContract, 'public', 'table:get'),
  // The link (stored hashed), or to a non-member how to become one; requests counted.
  r(
    'POST',
    '/draws/{drawId}/entry-links',
    'draws/http/request-entry-link',
    draws.requestEntryLinkContract,
    'public',
    'table:get,put,update mail secrets',
  ),
  r(
    'POST',
    '/draws/{drawId}/entry-links/status',
    'draws/http/entry-link-status',
    draws.entryLinkStatusContract,
    'public',
    'table:get',
  ),
  r(
    'POST',
    '/draws/{drawId}/entries',
    'draws/http/post-entry',
    draws.postEntryContract,
    'public',
    // mail: a member refused because a binding entry ships to their address (mail-address-taken.ts).
    'table:get,put,update,condition-check mail secrets',
  ),
  r(
    'POST',
    '/draws/{drawId}/entries/{entryId}/confirm',
    'draws/http/confirm-entry',
    draws.confirmEntryContract,
    'public',
    // mail: the binding entry's salt and withdrawal link to the entrant (functions/draws/mail-entered.ts),
    // or, refused for its address, the member's notice.
    'table:get,put,update,condition-check mail secrets',
  ),
  r(
    'POST',
    '/draws/{drawId}/entries/{entryId}/withdraw',
    'draws/http/withdraw-entry',
    draws.withdrawEntryContract,
    'public',
    'table:get,update,delete,condition-check secrets',
  ),
  r(
    'POST',
    '/draws/{drawId}/entries/{entryId}/status',
    'draws/http/entry-status',
    draws.entryStatusContract,
    'public',
    'table:get',
  ),
  r(
    'POST',
    '/draws',
    'draws/admin/create-draws',
    draws.createDrawContract,
    'admin',
    'table:get,query,put,update',
  ),
  r('GET', '/draws', 'draws/admin/list-draws', draws.listDrawsContract, 'admin', 'table:get,query,update'),
  r(
    'GET',
    '/draws/{drawId}/admin',
    'draws/admin/get-draw-admin',
    draws.adminDrawContract,
    'admin',
    'table:get,query,update',
  ),
  r(
    'GET',
    '/draw-pieces',
    'draws/admin/offerable-pieces',
    draws.offerablePiecesContract,
    'admin',
    'table:get,query,update',
  ),

  // Admin (001 §7)
  r(
    'POST',
    '/admin',
    'staff/http/admin-login',
    staff.adminLoginContract,
    'public',
    'table:get,put,update,delete secrets',
  ),
  r('GET', '/admin', 'staff/http/admin-session', staff.adminSessionContract, 'admin', 'table:get,update'),
  r('DELETE', '/admin', 'staff/http/admin-logout', staff.adminLogoutContract, 'public', 'table:delete'),
  r(
    'POST',
    '/upload-url',
    'catalog/admin/media/create-upload',
    catalogAdminMedia.createUploadContract,
    'admin',
    'table:get,put,update media:put private-media:put',
  ),
  r(
    'GET',
    '/audit-log',
    'staff/admin/list-audit',
    staff.listAuditContract,
    'admin',
    'table:get,query,update',
  ),
  // Added (issue 45): what is still missing before the shop can open (terms, films, addresses,
  // sister sites, the mail identity's verification), listed on the admin home.
  r(
    'GET',
    '/opening',
    'staff/admin/opening-checklist',
    opening.openingChecklistContract,
    'admin',
    'table:get,query,update mail-identity',
  ),
  r(
    'GET',
    '/products',
    'catalog/admin/products/list-products',
    catalogAdminProducts.listProductsContract,
    'admin',
    'table:get,query,update private-media:get',
    { 'private-media:get': WHY.authenticityLinks },
  ),
  // Issues the new piece's passport certificate too (functions/passport/issue-certificate.ts).
  r(
    'POST',
    '/products',
    'catalog/admin/products/create-product',
    catalogAdminProducts.createProductContract,
    'admin',
    'table:get,query,put,update,condition-check private-media:get media:put',
    { 'private-media:get': WHY.passportPhotos, 'media:put': WHY.passportPhotos },
  ),
  // The staff's product search (a card number may be typed), in a body rather than a URL.
  r(
    'POST',
    '/products/search',
    'catalog/admin/products/search-products',
    catalogAdminProducts.searchProductsContract,
    'admin',
    'table:get,query,update',
  ),
  r(
    'PATCH',
    '/products',
    'catalog/admin/products/update-product',
    catalogAdminProducts.updateProductContract,
    'admin',
    'table:get,query,put,update,delete,condition-check',
    {
      'table:query':
        'reads the collection’s family (table/query.ts queryAll) when a product moves to another collection; no test moves one',
      'table:delete':
        'frees the old card number (catalog/entities/card-claim.ts releaseClaimItem) when the card number changes; no test changes it',
      'table:condition-check':
        'the collection-exists check (catalog/entities/product.ts typeExistsItem) when a product moves to another collection; no test moves one',
    },
  ),
  r(
    'DELETE',
    '/products',
    'catalog/admin/products/delete-product',
    catalogAdminProducts.deleteProductContract,
    'admin',
    'table:get,query,put,update,delete,batch-write,condition-check media:delete private-media:delete',
    { 'table:batch-write': WHY.leftovers },
  ),
  r(
    'GET',
    '/products-auth',
    'authenticity/admin/list-products-auth',
    authenticityAdmin.listProductsAuthContract,
    'admin',
    'table:get,query,update',
  ),
  // The search of owners' records: an e-mail or a card number, in a body rather than a URL.
  r(
    'POST',
    '/products-auth/search',
    'authenticity/admin/search-products-auth',
    authenticityAdmin.searchProductsAuthContract,
    'admin',
    'table:get,query,update',
  ),
  r(
    'GET',
    '/typelist',
    'catalog/admin/collections/typelist',
    catalogAdmin.typelistContract,
    'admin',
    'table:get,query,update',
  ),
  r(
    'GET',
    '/types',
    'catalog/admin/collections/list-types',
    catalogAdmin.listTypesContract,
    'admin',
    'table:get,query,update',
  ),
  r(
    'GET',
    '/type-id-gender',
    'catalog/admin/collections/type-id-gender',
    catalogAdmin.typeIdGenderContract,
    'admin',
    'table:get,query,update',
  ),
  r(
    'GET',
    '/sizelist-by-tid',
    'catalog/admin/collections/sizelist-by-tid',
    catalogAdmin.sizelistByTidContract,
    'admin',
    'table:get,query,update',
  ),
  r(
    'POST',
    '/types',
    'catalog/admin/collections/create-type',
    catalogAdmin.createTypeContract,
    'admin',
    'table:get,query,put,update,delete media:get,delete,list',
    { 'media:list': WHY.uploadMissing },
  ),
  r(
    'PATCH',
    '/types',
    'catalog/admin/collections/update-type',
    catalogAdmin.updateTypeContract,
    'admin',
    'table:get,query,put,update',
  ),
  r(
    'DELETE',
    '/types',
    'catalog/admin/collections/delete-type',
    catalogAdmin.deleteTypeContract,
    'admin',
    'table:get,query,put,update,delete,batch-write media:delete',
    { 'table:batch-write': WHY.leftovers },
  ),
  r(
    'PATCH',
    '/types/productimage',
    'catalog/admin/collections/update-product-image',
    catalogAdmin.updateProductImageContract,
    'admin',
    'table:get,put,update,delete media:get,delete,list',
    { 'media:list': WHY.uploadMissing },
  ),
  // The edit form's read of a collection: every field, the admin-only ones too (GET /type is public).
  r(
    'GET',
    '/type-admin',
    'catalog/admin/collections/get-type',
    catalogAdmin.getTypeAdminContract,
    'admin',
    'table:get,update',
  ),
  r(
    'POST',
    '/uploadimgs',
    'catalog/admin/media/upload-images',
    catalogAdminMedia.uploadImagesContract,
    'admin',
    'table:get,query,put,update,delete,condition-check media:get,delete,list private-media:get,delete,list',
    { 'media:list': WHY.uploadMissing, 'private-media:list': WHY.uploadMissing },
  ),
  r(
    'DELETE',
    '/pictures',
    'catalog/admin/media/delete-pictures',
    catalogAdminMedia.deletePicturesContract,
    'admin',
    'table:get,query,put,update,delete,condition-check media:delete',
  ),
  // Added: the admin's picture lists (authenticity photos included) and their order.
  r(
    'GET',
    '/admin-images',
    'catalog/admin/media/admin-images',
    catalogAdminMedia.adminImagesContract,
    'admin',
    'table:get,query,update private-media:get',
  ),
  // Added: whether a stored picture's set has been made; the admin shows a fresh upload as
  // "processing" until it has, and never asks for a variant before (no 404 on its pages).
  r(
    'GET',
    '/picture-set',
    'media/admin/picture-set',
    media.pictureSetContract,
    'admin',
    'table:get,update media:get,list private-media:get,list',
  ),
  r(
    'PATCH',
    '/pictures-order',
    'catalog/admin/media/reorder-pictures',
    catalogAdminMedia.reorderPicturesContract,
    'admin',
    'table:get,query,put,update,delete,condition-check private-media:get',
    { 'private-media:get': WHY.authenticityLinks },
  ),
  r(
    'GET',
    '/product-image',
    'catalog/admin/media/get-product-image',
    catalogAdminMedia.getProductImageContract,
    'admin',
    'table:get,query,update private-media:get',
    { 'private-media:get': WHY.authenticityLinks },
  ),
  r(
    'POST',
    '/upload-product-img',
    'catalog/admin/media/upload-product-image',
    catalogAdminMedia.uploadProductImageContract,
    'admin',
    'table:get,query,put,update,delete,condition-check media:get,delete,list',
    { 'media:list': WHY.uploadMissing },
  ),
  r(
    'DELETE',
    '/product-img',
    'catalog/admin/media/delete-product-image',
    catalogAdminMedia.deleteProductImageContract,
    'admin',
    'table:get,query,put,update,delete,condition-check media:delete',
  ),
  r(
    'GET',
    '/get-type-video',
    'catalog/admin/videos/get-type-video',
    catalogAdmin.getTypeVideoContract,
    'admin',
    'table:get,query,update',
  ),
  r(
    'POST',
    '/upload-type-video-new',
    'catalog/admin/videos/upload-type-video',
    catalogAdmin.uploadTypeVideoContract,
    'admin',
    'table:get,query,put,update,delete,condition-check media:get,delete,list',
    { 'media:list': WHY.uploadMissing },
  ),
  r(
    'POST',
    '/upload-video',
    'catalog/admin/videos/upload-video',
    catalogAdminMedia.uploadVideoContract,
    'admin',
    'table:get,query,put,update,delete,condition-check media:get,delete,list',
    { 'media:list': WHY.uploadMissing },
  ),
  r(
    'GET',
    '/get-video-by-pid',
    'catalog/admin/videos/get-video-by-pid',
    catalogAdminMedia.getVideoByPidContract,
    'admin',
    'table:get,query,update',
  ),
  r(
    'DELETE',
    '/videos',
    'catalog/admin/videos/delete-video',
    catalogAdminMedia.deleteVideoContract,
    'admin',
    'table:get,query,put,update,delete media:delete',
  ),
  // Added (issue 20): staff put a film (an embed or an upload with a poster) in a slot, or clear it.
  r(
    'POST',
    '/films',
    'catalog/admin/films/set-film',
    films.setFilmContract,
    'admin',
    'table:get,query,put,update,delete media:get,delete,list',
    { 'media:list': WHY.uploadMissing },
  ),
  r(
    'DELETE',
    '/films',
    'catalog/admin/films/clear-film',
    films.clearFilmContract,
    'admin',
    'table:get,query,put,update,delete media:delete',
    { 'media:delete': WHY.replacedMedia },
  ),
  r(
    'GET',
    '/size',
    'catalog/admin/sizes/get-size',
    catalogAdminSizes.getSizeContract,
    'admin',
    'table:get,update',
  ),
  r(
    'GET',
    '/sizes',
    'catalog/admin/sizes/list-sizes',
    catalogAdminSizes.listSizesContract,
    'admin',
    'table:get,query,update',
  ),
  // media: a meaning video uploaded for the size is checked (and a replaced one deleted).
  r(
    'POST',
    '/sizes',
    'catalog/admin/sizes/create-size',
    catalogAdminSizes.createSizeContract,
    'admin',
    'table:get,query,put,update,delete,condition-check media:get,delete,list',
    { 'media:delete': WHY.replacedMedia, 'media:list': WHY.uploadMissing },
  ),
  r(
    'PATCH',
    '/sizes',
    'catalog/admin/sizes/update-size',
    catalogAdminSizes.updateSizeContract,
    'admin',
    'table:get,query,put,update,delete,condition-check media:get,delete,list',
    {
      'table:delete': WHY.uploadTicket,
      'table:condition-check':
        'the collection-exists check (catalog/entities/size.ts typeExists) when a size moves to another collection; no test moves one',
      'media:get':
        'HEADs a new meaning video (verifyUpload, functions/platform/uploads.ts); no test uploads one through this route',
      'media:list': WHY.uploadMissing,
    },
  ),
  r(
    'DELETE',
    '/sizes',
    'catalog/admin/sizes/delete-size',
    catalogAdminSizes.deleteSizeContract,
    'admin',
    'table:get,query,put,update,delete media:delete',
  ),
  r(
    'GET',
    '/size-guide',
    'catalog/admin/size-guides/get-size-guide',
    catalogAdminSizes.getSizeGuideContract,
    'admin',
    'table:get,update',
  ),
  r(
    'POST',
    '/size-guide',
    'catalog/admin/size-guides/create-size-guide',
    catalogAdminSizes.createSizeGuideContract,
    'admin',
    'table:get,query,put,update,condition-check',
  ),
  r(
    'PATCH',
    '/size-guide',
    'catalog/admin/size-guides/update-size-guide',
    catalogAdminSizes.updateSizeGuideContract,
    'admin',
    'table:get,put,update',
  ),
  r(
    'DELETE',
    '/size-guide',
    'catalog/admin/size-guides/delete-size-guide',
    catalogAdminSizes.deleteSizeGuideContract,
    'admin',
    'table:get,put,update,delete media:delete',
  ),
  r(
    'GET',
    '/size-guides',
    'catalog/admin/size-guides/list-size-guides',
    catalogAdminSizes.listSizeGuidesContract,
    'admin',
    'table:get,query,update',
  ),
  r(
    'POST',
    '/upload-sg-img',
    'catalog/admin/size-guides/upload-image',
    catalogAdminSizes.uploadGuideImageContract,
    'admin',
    'table:get,put,update,delete media:get,delete,list',
    { 'media:list': WHY.uploadMissing },
  ),
  r(
    'DELETE',
    '/sg-img',
    'catalog/admin/size-guides/delete-image',
    catalogAdminSizes.deleteGuideImageContract,
    'admin',
    'table:get,put,update,delete media:delete',
    { 'table:delete': WHY.uploadTicket },
  ),
  r(
    'POST',
    '/add-shipping-all',
    'catalog/admin/shipping/add-shipping-all',
    catalogAdmin.addShippingAllContract,
    'admin',
    'table:get,put,update',
  ),
  r(
    'GET',
    '/shipping-price-one',
    'catalog/admin/shipping/shipping-price-one',
    catalogAdmin.shippingPriceOneContract,
    'admin',
    'table:get,update',
  ),
  r(
    'PATCH',
    '/shippings',
    'catalog/admin/shipping/update-shippings',
    catalogAdmin.updateShippingsContract,
    'admin',
    'table:get,put,update',
  ),
  r(
    'GET',
    '/members',
    'members/admin/members/list-members',
    members.listMembersContract,
    'admin',
    'table:get,query,update',
  ),
  r(
    'DELETE',
    '/member',
    'members/admin/members/delete-member',
    members.deleteMemberContract,
    'admin',
    'table:get,put,update,delete',
  ),
  r(
    'GET',
    '/members-export',
    'members/admin/members/export-members',
    members.exportMembersContract,
    'admin',
    'table:get,query,put,update',
  ),
  // Added (issue 17): announce a collection's release to the confirmed members.
  r(
    'POST',
    '/release-preview',
    'members/admin/releases/preview-release',
    releases.releasePreviewContract,
    'admin',
    'table:get,update',
  ),
  r(
    'POST',
    '/release-test',
    'members/admin/releases/test-release',
    releases.releaseTestContract,
    'admin',
    'table:get,update mail secrets',
  ),
  r(
    'POST',
    '/releases',
    'members/admin/releases/create-release',
    releases.createReleaseContract,
    'admin',
    'table:get,put,update',
  ),
  r(
    'GET',
    '/releases',
    'members/admin/releases/list-releases',
    releases.listReleasesContract,
    'admin',
    'table:get,query,update',
  ),
  // Added (issue 34): a scheduled release edited or moved, or cancelled, until its sending starts.
  r(
    'PATCH',
    '/releases',
    'members/admin/releases/update-release',
    releases.updateReleaseContract,
    'admin',
    'table:get,put,update',
  ),
  r(
    'DELETE',
    '/releases',
    'members/admin/releases/cancel-release',
    releases.cancelReleaseContract,
    'admin',
    'table:get,put,update',
  ),
  // Added (issue 20): publish a new version of the terms; its notice goes to the confirmed
  // members through the release sender. GET /terms (public, below) reads the current version.
  r(
    'POST',
    '/terms-versions',
    'members/admin/terms/publish-terms',
    terms.publishTermsContract,
    'admin',
    'table:get,put,update',
  ),
  r(
    'GET',
    '/terms-versions',
    'members/admin/terms/list-terms',
    terms.listTermsContract,
    'admin',
    'table:get,query,update',
  ),
  r(
    'GET',
    '/size-finder',
    'size-finder/admin/list-size-finders',
    sizeFinder.listSizeFindersContract,
    'admin',
    'table:get,query,update',
  ),
  r(
    'GET',
    '/size-finder-id',
    'size-finder/admin/get-size-finder',
    sizeFinder.getSizeFinderContract,
    'admin',
    'table:get,query,update',
  ),
  r(
    'POST',
    '/size-finder',
    'size-finder/admin/create-size-finder',
    sizeFinder.createSizeFinderContract,
    'admin',
    'table:get,query,put,update,condition-check',
  ),
  r(
    'PATCH',
    '/size-finder',
    'size-finder/admin/update-size-finder',
    sizeFinder.updateSizeFinderContract,
    'admin',
    'table:get,query,put,update,delete',
  ),
  r(
    'DELETE',
    '/size-finder',
    'size-finder/admin/delete-size-finder',
    sizeFinder.deleteSizeFinderContract,
    'admin',
    'table:get,query,put,update,delete media:delete',
  ),
  r(
    'GET',
    '/all-steps',
    'size-finder/admin/list-steps',
    sizeFinder.listStepsContract,
    'admin',
    'table:get,query,update',
  ),
  r(
    'GET',
    '/step',
    'size-finder/admin/get-step',
    sizeFinder.getStepContract,
    'admin',
    'table:get,query,update',
  ),
  r(
    'POST',
    '/step',
    'size-finder/admin/create-step',
    sizeFinder.createStepContract,
    'admin',
    'table:get,query,put,update,delete',
    {
      'table:delete': WHY.finderVersion,
    },
  ),
  r(
    'PATCH',
    '/step',
    'size-finder/admin/update-step',
    sizeFinder.updateStepContract,
    'admin',
    'table:get,query,put,update,delete media:delete',
    { 'table:delete': WHY.finderVersion },
  ),
  r(
    'DELETE',
    '/step',
    'size-finder/admin/delete-step',
    sizeFinder.deleteStepContract,
    'admin',
    'table:get,query,put,update,delete media:delete',
  ),
  r(
    'POST',
    '/upload-step-img',
    'size-finder/admin/upload-step-image',
    sizeFinder.uploadStepMediaContract,
    'admin',
    'table:get,query,put,update,delete media:get,delete,list',
    { 'media:list': WHY.uploadMissing },
  ),
  r(
    'POST',
    '/upload-step-video',
    'size-finder/admin/upload-step-video',
    sizeFinder.uploadStepMediaContract,
    'admin',
    'table:get,query,put,update,delete media:get,delete,list',
    { 'media:list': WHY.uploadMissing },
  ),
  r(
    'GET',
    '/all-options',
    'size-finder/admin/list-options',
    sizeFinder.listOptionsContract,
    'admin',
    'table:get,query,update',
  ),
  r(
    'GET',
    '/option',
    'size-finder/admin/get-option',
    sizeFinder.getOptionContract,
    'admin',
    'table:get,query,update',
  ),
  r(
    'POST',
    '/option',
    'size-finder/admin/create-option',
    sizeFinder.createOptionContract,
    'admin',
    'table:get,query,put,update,delete',
    {
      'table:delete': WHY.finderVersion,
    },
  ),
  r(
    'PATCH',
    '/option',
    'size-finder/admin/update-option',
    sizeFinder.updateOptionContract,
    'admin',
    'table:get,query,put,update,delete',
    {
      'table:delete': WHY.finderVersion,
    },
  ),
  r(
    'DELETE',
    '/option',
    'size-finder/admin/delete-option',
    sizeFinder.deleteOptionContract,
    'admin',
    'table:get,query,put,update,delete media:delete',
    { 'media:delete': WHY.replacedMedia },
  ),
  r(
    'POST',
    '/upload-option-img',
    'size-finder/admin/upload-option-image',
    sizeFinder.uploadOptionImageContract,
    'admin',
    'table:get,query,put,update,delete media:get,delete,list',
    { 'media:list': WHY.uploadMissing },
  ),
  r(
    'DELETE',
    '/options-img',
    'size-finder/admin/delete-option-image',
    sizeFinder.deleteOptionImageContract,
    'admin',
    'table:get,query,put,update,delete media:delete',
    { 'table:delete': WHY.finderVersion },
  ),
  r(
    'GET',
    '/answers',
    'size-finder/admin/list-answers',
    sizeFinder.listAnswersContract,
    'admin',
    'table:get,batch-get,query,update',
  ),
  r(
    'GET',
    '/answer-details',
    'size-finder/admin/get-answer',
    sizeFinder.getAnswerContract,
    'admin',
    'table:get,batch-get,update',
  ),
  // Added (000 §9 "results are reported within 7 business days"): the shop's reply to an
  // answer, mailed to the shopper; and sending its mail again when SES did not take it.
  r(
    'POST',
    '/answer-reply',
    'size-finder/admin/reply-to-answer',
    sizeFinder.replyToAnswerContract,
    'admin',
    'table:get,batch-get,put,update,condition-check mail',
  ),
  r(
    'POST',
    '/answer-reply/mail',
    'size-finder/admin/resend-answer-reply',
    sizeFinder.resendAnswerReplyContract,
    'admin',
    'table:get,batch-get,update mail',
  ),

  // The API's own description (issue 48): the OpenAPI 3.1 documents as committed (shared/api/,
  // infra/api/write-documents.ts), the public one's reference page, and the staff's document
  // behind the admin session. None touches AWS. Not edge-cached: CloudFront's 25 behaviours are
  // all taken (infra/edge/api-behaviours.ts gives every cached read one of its own).
  r('GET', '/openapi.json', 'api-docs/http/openapi', apiDocs.publicDocumentContract, 'public', ''),
  r('GET', '/docs', 'api-docs/http/reference-page', apiDocs.referencePageContract, 'public', ''),
  r(
    'GET',
    '/openapi-admin.json',
    'api-docs/admin/openapi-admin',
    apiDocs.adminDocumentContract,
    'admin',
    'table:get,update',
  ),
];

/**
 * The functions that serve no route, by module: what each may touch, written as a row's access
 * (their constructs grant it: infra/constructs/scheduled-job.ts, mail-feedback.ts; the picture
 * sets' function has its own grant, infra/constructs/picture-sets.ts).
 */
export const jobAccess = {
  'checkout/jobs/mail-sweep': parseAccess('table:get,query,update mail', {
    mail: 'the sweep mails a paid order whose sender failed (functions/checkout/jobs/mail-sweep.ts); its test sends through the module in the test process, recorded without a function',
  }),
  'checkout/jobs/reconcile-payments': parseAccess('table:get,query,put,update mail secrets', {
    'table:get': WHY.jobByTestCode,
    'table:query': WHY.jobByTestCode,
    'table:put': WHY.jobByTestCode,
    'table:update': WHY.jobByTestCode,
    mail: WHY.jobByTestCode,
  }),
  'checkout/jobs/overdue-orders': parseAccess('table:query'),
  'members/jobs/send-releases': parseAccess('table:get,query,put,update mail secrets', {
    'table:get': WHY.jobByTestCode,
    'table:query': WHY.jobByTestCode,
    'table:put': WHY.jobByTestCode,
    'table:update': WHY.jobByTestCode,
    mail: WHY.jobByTestCode,
  }),
  'members/events/ses-feedback': parseAccess('table:update'),
  // After POST /reset-pwd answered: the record, the card's daily link, the token, the mail.
  'authenticity/jobs/reset-link': parseAccess('table:get,put,update mail'),
  // The key set (PASSPORT#KEYS, a rotation's audit entry) and `passport/keys.json`; its KMS grant
  // (sign and read keys tagged for the passport, make such keys) is its construct's
  // (infra/constructs/passport-signer.ts); no other function may sign. It reads the log's head
  // itself, to sign only the head's own checkpoint.
  'passport/jobs/passport-signer': parseAccess('table:get,query,put,update media:put'),
  // The log's sequencer (issue 37): the pending queue, the entries and the head in one
  // transaction, the tiles and the checkpoint in the public bucket (and it invokes the signer).
  // media:get: the published checkpoint, which the table's log must not be behind (a restore);
  // media:list: before the first checkpoint its GetObject answers NoSuchKey only with ListBucket (else 403).
  'passport/jobs/sequence-log': parseAccess('table:get,query,put,update,delete media:get,list,put'),
  // The passport job (docs/passport.md, Certificates): the pieces without a certificate, each
  // issued as staff's button does (its photographs read from the private bucket, published under
  // passport/photos/; infra/stack.ts grants both prefixes only), and it invokes the signer.
  'passport/jobs/issue-missing-certificates': parseAccess(
    // update: the piece's bit in the status list is given from a counter (functions/passport/status-index.ts).
    'table:get,query,put,update private-media:get,list media:put',
    {
      'private-media:list':
        'a photograph whose upload has not arrived is NoSuchKey (a wait: the next run tries again) only to a caller that may list; without it S3 answers 403',
    },
  ),
  // The release draws (issue 35): seals a closed window, decides the entries still waiting for
  // their card (Stripe), records its list, then draws (the draw moved and the piece's pointer
  // deleted in one transaction); reads and writes draws/<id>/entries.txt and result.json
  // (infra/stack.ts grants them under draws/ only); settles: captures the winner's card, sells the
  // piece as checkout does (order, record, passport entry, mails), cancels the other holds,
  // mails every entrant.
  'draws/jobs/run-draws': parseAccess(
    'table:get,query,put,update,delete,condition-check media:get,put,list mail secrets',
    {
      'media:list':
        'the job reads whether a draw’s file is written yet (functions/draws/adapters/published-files.ts): S3 answers 404 only to a caller that may list, else 403; locally every read is answered 404',
    },
  ),
  // The public pages rendered ahead of time (issue 47; infra/constructs/page-rendering.ts, which
  // grants them the web bucket's pages/*, sitemap.xml and robots.txt, and the build they are
  // rendered into). Both render pages with the storefront's own read handlers, in process
  // (functions/pages/app/storefront-api.ts): the reads those routes declare.
  'pages/jobs/render-on-change': parseAccess('table:get,query', {
    'table:get': 'a page’s reads (a piece, a collection, a draw), as the storefront’s read routes make them',
    'table:query':
      'a page’s reads (a collection’s pieces and pictures, the lists), as the storefront’s read routes make them',
  }),
  // The order journal (issue 49; infra/constructs/order-journal.ts): the table stream's order
  // items, written to the journal bucket's orders/* (its construct's grant); it reads no item.
  'checkout/jobs/journal-orders': parseAccess(''),
  // The edge's renderer of a page not rendered yet (http/render-missing.ts): one page's reads.
  'pages/http/render-missing': parseAccess('table:get,query', {
    'table:get': 'a page’s reads (a piece, a collection, a draw), as the storefront’s read routes make them',
    'table:query':
      'a page’s reads (a collection’s pieces and pictures, the lists), as the storefront’s read routes make them',
  }),
  // Daily, the full re-render: every piece (gsi2) and every draw (gsi1), each page's reads.
  'pages/jobs/render-all': parseAccess('table:get,query', {
    'table:get': 'a page’s reads (a piece, a collection, a draw), as the storefront’s read routes make them',
    'table:query': WHY.jobByTestCode,
  }),
  // AWS Backup's restore testing (issue 49; infra/constructs/table-backups.ts): reads the passport
  // log's published checkpoint; its reads of the restored scratch table (Scan, Describe*) and its
  // backup:PutRestoreValidationResult are granted by its construct, the table not being this one.
  'backups/jobs/validate-restore': parseAccess('media:get'),
  // Run by hand after a table restore (issue 49, docs/restore.md; infra/constructs/manual-job.ts,
  // no schedule): the providers' paid payments of the range whose order the table lacks, each
  // remade from the order journal (its GetObject on the journal bucket's orders/* and ListBucket
  // there, so a missing order is NoSuchKey and not 403, are its construct's grant, the journal
  // not being a word) and completed as the reconciliation completes a payment (the sale, its
  // mails, the providers' keys); it starts the passport log's sequencer as a sale does.
  'checkout/jobs/recover-payments': parseAccess('table:get,query,put,update mail secrets', {
    'table:get': WHY.jobByTestCode,
    'table:query': WHY.jobByTestCode,
    'table:put': WHY.jobByTestCode,
    'table:update': WHY.jobByTestCode,
    mail: WHY.jobByTestCode,
  }),
  // Run by hand after a table restore, before the sequencer runs again (issue 49,
  // docs/restore.md): the passport log brought up to its published checkpoint
  // (functions/passport/restore-log.ts). Reads the key set, the log's entries, head and pending
  // queue; writes the missing entries and checkpoints, removes the pending entries already
  // published, moves the head; reads passport/log/* of the public bucket (infra/stack.ts grants
  // that prefix only). media:list: a file not published (no checkpoint yet, no checkpoints.txt)
  // is NoSuchKey only to a caller that may list, else S3 answers 403.
  'passport/restore-log': parseAccess('table:get,query,put,update,delete media:get,list', {
    'table:get': WHY.jobByTestCode,
    'table:query': WHY.jobByTestCode,
    'table:put': WHY.jobByTestCode,
    'table:update': WHY.jobByTestCode,
    'table:delete': WHY.jobByTestCode,
    'media:get': WHY.jobByTestCode,
    'media:list':
      'a log file not published yet (the checkpoint of a shop that never sequenced, checkpoints.txt) is NoSuchKey only to a caller that may list; without it S3 answers 403',
  }),
} as const satisfies Record<string, Access>;
export type JobModule = keyof typeof jobAccess;

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
