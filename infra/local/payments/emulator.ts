import { createServer, type IncomingHttpHeaders } from 'node:http';
import { mapsState, restoreMaps, snapshotFile } from '../snapshot-file.ts';
import {
  type EmulatorRequest,
  type EmulatorResponse,
  escapeHtml,
  header,
  html,
  json,
  preflight,
  type Route,
  readBody,
  redirect,
  send,
} from './http.ts';
import { UnknownEventError, type WebhookControl } from './outbox.ts';
import { type EmulatorPaypalControl, PaypalEmulator, page } from './paypal.ts';
import { type EmulatorStripeControl, StripeEmulator } from './stripe.ts';
import { stripeJsRoutes } from './stripe-js/serve.ts';

export type { EmulatorPaypalControl } from './paypal.ts';
export type { EmulatorStripeControl } from './stripe.ts';

/**
 * A local stand-in for the few Stripe and PayPal REST calls the shop makes, on one loopback HTTP
 * server, with correctly signed webhooks. The real `stripe` and `@paypal/paypal-server-sdk`
 * clients are pointed at it by configuration (STRIPE_API_BASE, PAYPAL_API_BASE). The HTTP
 * surface is listed in infra/local/payments/README.md.
 */
export interface PaymentsEmulatorOptions {
  /** 0 picks a free port. */
  port: number;
  host?: string;
  /** whsec_… secret the Stripe-Signature header is made with. */
  stripeWebhookSecret: string;
  /** Where Stripe events are POSTed (undefined: recorded only; can be set later). */
  stripeWebhookUrl: string | undefined;
  /** Where PayPal events are POSTed; without it they are recorded only. */
  paypalWebhookUrl?: string | undefined;
  /** The webhook id verify-webhook-signature checks against (PAYPAL_WEBHOOK_ID). */
  paypalWebhookId: string;
  /** Only this sk_test_… key is accepted when given (otherwise any sk_test_…). */
  stripeSecretKey?: string | undefined;
  /** Only this pk_test_… key is accepted when given (otherwise any pk_test_…). */
  stripePublishableKey?: string | undefined;
  /** Where the stand-in keeps its state across restarts (none: memory only). */
  stateFile?: string | undefined;
  /** Stripe event types that are sent (all are recorded); default all. */
  stripeEnabledEvents?: string[] | undefined;
  /** Only these PayPal credentials get a token when given. */
  paypalClientId?: string | undefined;
  paypalClientSecret?: string | undefined;
  /** Waits between webhook attempts after a failure; its length bounds the retries. */
  webhookRetryDelaysMs?: number[];
  /**
   * The clock authorisations are judged by (a Stripe hold's 7 days, a PayPal authorisation's
   * 29), epoch ms; default Date.now. Tests move it on to see a hold lapse.
   */
  clock?: () => number;
}

export interface PaymentsEmulator {
  url: string;
  stop(): Promise<void>;
  stripe: EmulatorStripeControl;
  paypal: EmulatorPaypalControl;
}

const defaultRetryDelaysMs = [500, 2_000, 8_000];

export async function startPaymentsEmulator(options: PaymentsEmulatorOptions): Promise<PaymentsEmulator> {
  const host = options.host ?? '127.0.0.1';
  let url = '';
  const baseUrl = () => url;
  const retryDelaysMs = options.webhookRetryDelaysMs ?? defaultRetryDelaysMs;
  const stripe = new StripeEmulator(
    {
      webhookSecret: options.stripeWebhookSecret,
      webhookUrl: options.stripeWebhookUrl,
      secretKey: options.stripeSecretKey,
      publishableKey: options.stripePublishableKey,
      enabledEvents: options.stripeEnabledEvents,
      retryDelaysMs,
      now: options.clock,
    },
    baseUrl,
  );
  const paypal = new PaypalEmulator(
    {
      webhookUrl: options.paypalWebhookUrl,
      webhookId: options.paypalWebhookId,
      clientId: options.paypalClientId,
      clientSecret: options.paypalClientSecret,
      retryDelaysMs,
      now: options.clock,
    },
    baseUrl,
  );
  // Kept across restarts when a state file is given: a pending checkout stays payable.
  const maps = {
    ...prefixed('stripe', stripe.persistentMaps()),
    ...prefixed('paypal', paypal.persistentMaps()),
  };
  const saved = options.stateFile ? snapshotFile(options.stateFile, () => mapsState(maps)) : undefined;
  restoreMaps(maps, saved?.load());
  const stripeControl = stripe.control();
  const paypalControl = paypal.control();

  const routes: Route[] = [
    ...stripe.routes(),
    ...paypal.routes(),
    ...threeDSecureRoutes(stripe),
    ...stripeJsRoutes(),
    ...controlRoutes('stripe', stripeControl, {
      list: () => stripeControl.paymentIntents(),
      get: (id) => stripeControl.paymentIntent(id),
      name: 'payment_intents',
    }),
    ...controlRoutes('paypal', paypalControl, {
      list: () => paypalControl.orders(),
      get: (id) => paypalControl.order(id),
      name: 'orders',
    }),
    {
      method: 'POST',
      pattern: /^\/__emulator\/stripe\/payment_intents\/([^/]+)\/confirm$/,
      handler: (request, params) => {
        const card = String(parseJson(request.rawBody).card ?? '');
        const result = stripeControl.confirmWithCard(params[0] ?? '', card);
        return json(result.status, result.body);
      },
    },
    {
      method: 'POST',
      pattern: /^\/__emulator\/paypal\/orders\/([^/]+)\/approve$/,
      // Optional JSON { account }: the buyer's PayPal account (e-mail), as the approval page takes it.
      handler: (request, params) => {
        const body = parseJson(request.rawBody) as { account?: unknown };
        const account = typeof body.account === 'string' && body.account ? body.account : undefined;
        return json(200, paypalControl.approve(params[0] ?? '', account));
      },
    },
    { method: 'GET', pattern: /^\/__emulator\/health$/, handler: () => json(200, { ok: true }) },
  ];

  const server = createServer((request, response) => {
    void (async () => {
      const target = new URL(request.url ?? '/', 'http://emulator.local');
      const method = request.method ?? 'GET';
      let answer: EmulatorResponse;
      try {
        const refused = target.pathname.startsWith('/__emulator/')
          ? controlRefusal(request.headers, url)
          : undefined;
        if (refused) answer = json(403, { error: { type: 'invalid_request_error', message: refused } });
        else if (method === 'OPTIONS') answer = preflight();
        else {
          const rawBody = await readBody(request);
          const emulatorRequest: EmulatorRequest = {
            method,
            path: target.pathname,
            query: target.searchParams,
            headers: request.headers,
            rawBody,
            baseUrl: url,
          };
          answer = await dispatch(routes, emulatorRequest);
        }
      } catch (error) {
        answer =
          error instanceof UnknownEventError
            ? json(404, { error: { type: 'invalid_request_error', message: error.message } })
            : json(500, { error: { type: 'api_error', message: (error as Error).message } });
      }
      send(response, answer);
      if (method !== 'GET' && method !== 'OPTIONS') saved?.saveSoon();
    })();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => resolve());
  });
  const address = server.address() as { port: number };
  url = `http://${host}:${address.port}`;

  return {
    url,
    stripe: stripeControl,
    paypal: paypalControl,
    stop: async () => {
      stripe.outbox.stop();
      paypal.outbox.stop();
      saved?.flush();
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}

/**
 * Why a call to the control API (`/__emulator/…`: hold, release, drop webhooks, approve, fail
 * the next call) is refused, or undefined. It is for tests and the developer's tools, which send
 * no `Origin`; a web page's request carries its `Origin` (a POST always does) and, in modern
 * browsers, `Sec-Fetch-Site`: one from any other origin than this server's own is refused before
 * it changes anything, simple request or not. The shop's pages never call it: their card calls
 * go through the gateway's /__payments (which forwards no Origin) and PayPal's approval page is
 * this server's own.
 */
export function controlRefusal(headers: IncomingHttpHeaders, ownUrl: string): string | undefined {
  const site = header(headers, 'sec-fetch-site');
  if (site === 'cross-site' || site === 'same-site') return 'the control API does not answer another site';
  const origin = header(headers, 'origin');
  if (origin !== undefined && !sameOrigin(origin, ownUrl))
    return 'the control API does not answer another origin';
  return undefined;
}

/** The same scheme and port on a loopback name (localhost and 127.0.0.1 are one machine). */
function sameOrigin(origin: string, ownUrl: string): boolean {
  let given: URL;
  try {
    given = new URL(origin);
  } catch {
    return false;
  }
  const own = new URL(ownUrl);
  const loopback = (h: string) => h === 'localhost' || h === '127.0.0.1' || h === '[::1]';
  return (
    given.origin === origin &&
    given.protocol === own.protocol &&
    given.port === own.port &&
    (given.hostname === own.hostname || (loopback(given.hostname) && loopback(own.hostname)))
  );
}

function prefixed(prefix: string, maps: Record<string, Map<string, unknown>>) {
  return Object.fromEntries(Object.entries(maps).map(([name, map]) => [`${prefix}.${name}`, map]));
}

async function dispatch(routes: Route[], request: EmulatorRequest): Promise<EmulatorResponse> {
  let pathMatched = false;
  for (const route of routes) {
    const match = route.pattern.exec(request.path);
    if (!match) continue;
    pathMatched = true;
    if (route.method !== request.method) continue;
    return route.handler(
      request,
      match.slice(1).map((p) => decodeURIComponent(p ?? '')),
    );
  }
  if (
    request.path.startsWith('/v2/') ||
    request.path.startsWith('/v1/oauth2') ||
    request.path.startsWith('/v1/notifications')
  ) {
    return json(404, {
      name: 'RESOURCE_NOT_FOUND',
      message: 'The specified resource does not exist.',
      details: [
        { issue: 'INVALID_RESOURCE_ID', description: `${request.method} ${request.path} is not emulated` },
      ],
    });
  }
  return json(pathMatched ? 405 : 404, {
    error: {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${request.method}: ${request.path}). The local emulator does not implement it.`,
    },
  });
}

function parseJson(text: string): Record<string, unknown> {
  if (!text.trim()) return {};
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    // Forms are accepted too (ids[]=a&ids[]=b, drop=true).
    const form = new URLSearchParams(text);
    const ids = form.getAll('ids[]').concat(form.getAll('ids'));
    return { ...Object.fromEntries(form), ...(ids.length ? { ids } : {}) };
  }
}

/** `/__emulator/<provider>/…`: the same controls as the in-process API, for browser tests. */
function controlRoutes<E>(
  provider: 'stripe' | 'paypal',
  control: WebhookControl<E>,
  objects: { name: string; list: () => unknown[]; get: (id: string) => unknown },
): Route[] {
  const base = `^\\/__emulator\\/${provider}`;
  const at = (path: string) => new RegExp(`${base}${path}$`);
  return [
    {
      method: 'GET',
      pattern: at('\\/events'),
      handler: (request) => {
        const type = request.query.get('type');
        return json(200, { data: control.events().filter((e) => !type || e.type === type) });
      },
    },
    {
      method: 'GET',
      pattern: at('\\/events\\/([^/]+)'),
      handler: (_r, p) => {
        const found = control.event(p[0] ?? '');
        return found ? json(200, found) : json(404, { error: { message: `no such event: ${p[0]}` } });
      },
    },
    {
      method: 'POST',
      pattern: at('\\/events\\/([^/]+)\\/redeliver'),
      handler: async (_r, p) => json(200, await control.redeliver(p[0] ?? '')),
    },
    {
      method: 'POST',
      pattern: at('\\/deliver'),
      handler: async (request) => {
        const ids = parseJson(request.rawBody).ids;
        if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string')) {
          return json(400, {
            error: { message: 'give ids: an array of event ids, in the order to send them' },
          });
        }
        return json(200, { data: await control.deliver(ids) });
      },
    },
    {
      method: 'POST',
      pattern: at('\\/pause'),
      handler: () => {
        control.pause();
        return json(200, { paused: true });
      },
    },
    {
      method: 'POST',
      pattern: at('\\/resume'),
      handler: async (request) => {
        const drop = String(parseJson(request.rawBody).drop ?? request.query.get('drop') ?? '') === 'true';
        await control.resume({ drop });
        return json(200, { paused: false, dropped: drop });
      },
    },
    {
      method: 'POST',
      pattern: at('\\/hold'),
      handler: (request) => {
        const match = parseJson(request.rawBody).match;
        if (typeof match !== 'string' || !match) {
          return json(400, { error: { message: 'give match: the text an event must contain to be held' } });
        }
        control.hold(match);
        return json(200, { holding: match });
      },
    },
    {
      method: 'POST',
      pattern: at('\\/release'),
      handler: async (request) => {
        const body = parseJson(request.rawBody);
        if (typeof body.match !== 'string' || !body.match) {
          return json(400, { error: { message: 'give match: the text of the hold to end' } });
        }
        const drop = String(body.drop ?? '') === 'true';
        await control.release(body.match, { drop });
        return json(200, { released: body.match, dropped: drop });
      },
    },
    {
      method: 'POST',
      pattern: at('\\/webhook-url'),
      handler: (request) => {
        const target = parseJson(request.rawBody).url;
        control.setUrl(typeof target === 'string' && target ? target : undefined);
        return json(200, { url: control.url() ?? null });
      },
    },
    { method: 'GET', pattern: at(`\\/${objects.name}`), handler: () => json(200, { data: objects.list() }) },
    {
      method: 'GET',
      pattern: at(`\\/${objects.name}\\/([^/]+)`),
      handler: (_r, p) => {
        const found = objects.get(p[0] ?? '');
        return found ? json(200, found) : json(404, { error: { message: `not found: ${p[0]}` } });
      },
    },
  ];
}

/** The 3-D Secure step of a test card that needs authentication (Stripe's own page in production). */
function threeDSecureRoutes(stripe: StripeEmulator): Route[] {
  return [
    {
      method: 'GET',
      pattern: /^\/stripe\/3ds$/,
      handler: (request) => {
        const id = request.query.get('payment_intent') ?? '';
        const secret = request.query.get('client_secret') ?? '';
        const returnUrl = request.query.get('return_url') ?? '';
        const intent = stripe.intentForPage(id, secret);
        if (!intent) return html(404, page('Payment not found', '<p>No payment matches this link.</p>'));
        const amount = `${(Number(intent.amount) / 100).toFixed(2)} ${String(intent.currency).toUpperCase()}`;
        const content = `<p>Your bank asks you to confirm this payment.</p>
<dl><dt>Amount</dt><dd id="amount">${escapeHtml(amount)}</dd></dl>
${
  intent.status === 'requires_action'
    ? `<form method="post" action="/stripe/3ds">
  <input type="hidden" name="payment_intent" value="${escapeHtml(id)}">
  <input type="hidden" name="client_secret" value="${escapeHtml(secret)}">
  <input type="hidden" name="return_url" value="${escapeHtml(returnUrl)}">
  <button type="submit" name="outcome" value="approve">Complete authentication</button>
  <button type="submit" name="outcome" value="fail">Fail authentication</button>
</form>`
    : `<p role="status">This payment is ${escapeHtml(String(intent.status))}: nothing to authenticate.</p>`
}`;
        return html(200, page('Card authentication (local stand-in)', content));
      },
    },
    {
      method: 'POST',
      pattern: /^\/stripe\/3ds$/,
      handler: (request) => {
        const form = new URLSearchParams(request.rawBody);
        const id = form.get('payment_intent') ?? '';
        const secret = form.get('client_secret') ?? '';
        const returnUrl = form.get('return_url') ?? '';
        if (!stripe.intentForPage(id, secret)) {
          return html(404, page('Payment not found', '<p>No payment matches this link.</p>'));
        }
        let status = 'failed';
        try {
          const intent = stripe.authenticateFromPage(id, secret, form.get('outcome') ?? '');
          status = intent.status === 'succeeded' ? 'succeeded' : 'failed';
        } catch {
          return html(
            409,
            page('Cannot authenticate', '<p role="alert">This payment needs no authentication now.</p>'),
          );
        }
        if (returnUrl) {
          const target = new URL(returnUrl);
          target.searchParams.set('payment_intent', id);
          target.searchParams.set('payment_intent_client_secret', secret);
          target.searchParams.set('redirect_status', status);
          return redirect(target.toString());
        }
        return html(
          200,
          page(
            'Authentication done',
            `<p role="status">Authentication ${status}. You can close this window.</p>`,
          ),
        );
      },
    },
  ];
}
