import { createHash } from 'node:crypto';
import { FILM_FRAME_ORIGINS } from '#shared/film-providers.ts';
import { START_APP_SCRIPT } from '#shared/pages/start-app.ts';

/**
 * The security headers of every answer of the shop, defined once: CloudFront's response headers
 * policies are built from these (infra/constructs/web-distribution.ts) and the local gateway
 * sends the very same ones (infra/local/gateway.ts), so every browser test runs under the
 * production policy. The only difference is `forPlainHttp`, below.
 */

/**
 * What Stripe's security guide asks of a page with the Payment Element: Stripe.js from
 * js.stripe.com (and its *.js.stripe.com hosts), its frames there and at hooks.stripe.com
 * (3-D Secure), its calls to api.stripe.com. Google Maps is only for the Address Element's
 * autocomplete, which the shop does not use.
 */
/**
 * The Express Checkout Element's wallets (issue 46) beyond that: Google Pay's script and its
 * payment sheet from pay.google.com. Apple Pay and Link run inside Stripe's own frames (Apple
 * Pay needs the domain registered with Stripe and its association file served, not a CSP host).
 */
const GOOGLE_PAY = 'https://pay.google.com';
const STRIPE_SCRIPTS = ['https://js.stripe.com', 'https://*.js.stripe.com', GOOGLE_PAY];
const STRIPE_FRAMES = [
  'https://js.stripe.com',
  'https://*.js.stripe.com',
  'https://hooks.stripe.com',
  GOOGLE_PAY,
];
const STRIPE_API = 'https://api.stripe.com';
/**
 * PayPal's JavaScript SDK (v6): its core script (www.paypal.com / www.sandbox.paypal.com
 * /web-sdk/v6/core), the components, calls and frames it loads, and its images, by the sources
 * PayPal's CSP guidance names (developer.paypal.com/sdk/js/best-practices) for script, connect,
 * frame and img. Not taken from that list: 'unsafe-inline' for scripts, Venmo's hosts (the shop
 * loads only 'paypal-payments'). Its approval window is a popup, which no directive governs.
 */
const PAYPAL_SDK = ['https://*.paypal.com', 'https://*.paypalobjects.com'];

export interface SecurityHeaderOrigins {
  /**
   * The origins of the media buckets as the browser reaches them directly: presigned admin
   * uploads (PUT) to the public bucket and presigned links to the private one (authenticity
   * photos). In AWS `https://<bucket regional domain>` of each; locally the S3 stand-in's origin.
   */
  buckets: readonly string[];
}

/**
 * The one inline script the shop has: a page rendered ahead of time starts the app with it after
 * its first paint (shared/pages/start-app.ts). Allowed by its hash, nothing else inline.
 */
export const START_APP_SCRIPT_HASH = `'sha256-${createHash('sha256').update(START_APP_SCRIPT).digest('base64')}'`;

/** Directive → sources, in the order they are sent. An empty list is a directive without sources. */
export type CspDirectives = Readonly<Record<string, readonly string[]>>;

/** The app's policy (index.html, assets, /api). */
export function appCsp({ buckets }: SecurityHeaderOrigins): CspDirectives {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", START_APP_SCRIPT_HASH, ...STRIPE_SCRIPTS, ...PAYPAL_SDK],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...buckets, ...PAYPAL_SDK],
    // Films uploaded to the media bucket are served at the shop's own /media; blob: for previews.
    'media-src': ["'self'", 'blob:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", STRIPE_API, ...buckets, ...PAYPAL_SDK],
    // Stripe's and PayPal's frames and the film providers staff may embed from, and nothing else.
    'frame-src': [...STRIPE_FRAMES, ...PAYPAL_SDK, ...FILM_FRAME_ORIGINS],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'upgrade-insecure-requests': [],
  };
}

/** The policy of every /media answer: never a page that runs scripts on the shop's origin. */
export const MEDIA_CSP: CspDirectives = {
  'default-src': ["'none'"],
  'img-src': ["'self'"],
  'media-src': ["'self'"],
  'style-src': ["'unsafe-inline'"],
  sandbox: [],
};

export const HSTS = { maxAgeSeconds: 365 * 24 * 60 * 60, includeSubdomains: true } as const;
export const FRAME_OPTIONS = 'DENY';
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';

export function cspText(directives: CspDirectives): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}

export type HeaderSet = Readonly<Record<string, string>>;

const hsts = `max-age=${HSTS.maxAgeSeconds}${HSTS.includeSubdomains ? '; includeSubDomains' : ''}`;

/** Every header of an app answer (lower-case names, as sent). */
export function appHeaders(origins: SecurityHeaderOrigins): HeaderSet {
  return {
    'content-security-policy': cspText(appCsp(origins)),
    'strict-transport-security': hsts,
    'x-frame-options': FRAME_OPTIONS,
    'x-content-type-options': 'nosniff',
    'referrer-policy': REFERRER_POLICY,
  };
}

/** Every header of a /media answer. */
export function mediaHeaders(): HeaderSet {
  return {
    'content-security-policy': cspText(MEDIA_CSP),
    'strict-transport-security': hsts,
    'x-frame-options': FRAME_OPTIONS,
    'x-content-type-options': 'nosniff',
  };
}

/**
 * The one rule by which a plain-http server (the local stack on http://localhost) differs: what
 * only holds over HTTPS is left out, the HSTS header and the CSP's `upgrade-insecure-requests`
 * (which would send every same-origin request to https://localhost). Everything else is identical.
 */
export function forPlainHttp(headers: HeaderSet): HeaderSet {
  const { 'strict-transport-security': _https, ...rest } = headers;
  const csp = rest['content-security-policy'];
  if (csp === undefined) return rest;
  return {
    ...rest,
    'content-security-policy': csp
      .split('; ')
      .filter((d) => d !== 'upgrade-insecure-requests')
      .join('; '),
  };
}
