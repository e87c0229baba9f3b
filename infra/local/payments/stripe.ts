import Stripe from 'stripe';
import { cardFingerprint } from './card-fingerprint.ts';
import { decodeForm, FormError, type FormObject, type FormValue, obj, str } from './form.ts';
import {
  canonical,
  type EmulatorRequest,
  type EmulatorResponse,
  header,
  json,
  nowSeconds,
  type Route,
} from './http.ts';
import { Outbox, type WebhookControl, webhookControl } from './outbox.ts';
import { invalid, StripeApiError, type StripeObject, stripeId } from './stripe-api.ts';
import { captureHold, type HoldPorts, lapseIfDue, placeHold, releaseHold } from './stripe-holds.ts';

export type { StripeObject } from './stripe-api.ts';

/**
 * The Stripe half of the emulator: PaymentIntents, the browser-side confirm of test cards,
 * refunds, events and signed webhooks, in memory. Shapes follow Stripe's API objects (the
 * fields our server reads, with Stripe's names and types); everything is test mode.
 */

export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: StripeObject; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

export interface EmulatorStripeControl extends WebhookControl<StripeEvent> {
  paymentIntent(id: string): StripeObject | undefined;
  paymentIntents(): StripeObject[];
  refunds(): StripeObject[];
  /** What the browser stand-in does: confirm an intent with a test card number. */
  confirmWithCard(
    paymentIntentId: string,
    cardNumber: string,
  ): { status: number; body: StripeObject | { error: unknown } };
}

export interface StripeEmulatorOptions {
  webhookSecret: string;
  webhookUrl: string | undefined;
  /** When given, only this secret key is accepted (otherwise any sk_test_…). */
  secretKey?: string | undefined;
  /** When given, only this publishable key is accepted (otherwise any pk_test_…). */
  publishableKey?: string | undefined;
  /** Event types sent to the webhook URL (all are recorded); default every type. */
  enabledEvents?: string[] | undefined;
  retryDelaysMs: number[];
  /** The clock of authorisation holds (their validity window), epoch ms; default Date.now. */
  now?: (() => number) | undefined;
}

type CardOutcome = 'succeed' | 'decline' | 'insufficient_funds' | 'authenticate';

interface TestCard {
  brand: string;
  last4: string;
  outcome: CardOutcome;
}

/** Stripe's documented test cards that the emulator knows. */
const testCards: Record<string, TestCard> = {
  '4242424242424242': { brand: 'visa', last4: '4242', outcome: 'succeed' },
  '5555555555554444': { brand: 'mastercard', last4: '4444', outcome: 'succeed' },
  '4000000000000002': { brand: 'visa', last4: '0002', outcome: 'decline' },
  '4000000000009995': { brand: 'visa', last4: '9995', outcome: 'insufficient_funds' },
  '4000002500003155': { brand: 'visa', last4: '3155', outcome: 'authenticate' },
  '4000002760003184': { brand: 'visa', last4: '3184', outcome: 'authenticate' },
};

/** Stripe's test PaymentMethod ids, for server-side confirms with a secret key. */
const testPaymentMethods: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_mastercard: '5555555555554444',
  pm_card_visa_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_authenticationRequired: '4000002760003184',
  pm_card_threeDSecure2Required: '4000002500003155',
};

/**
 * Stripe's test mode knows a handful of succeeding cards, so a crowd of entrants (a draw's load
 * test) could not each have a card of their own. The stand-in also takes any other valid number
 * of the 4242 4242 card's first six digits as a visa that succeeds, each its own fingerprint.
 */
const CROWD_CARD_PREFIX = '424242';
function crowdCard(number: string): TestCard | undefined {
  return number.length === 16 && number.startsWith(CROWD_CARD_PREFIX)
    ? { brand: 'visa', last4: number.slice(-4), outcome: 'succeed' }
    : undefined;
}

function luhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

const createParams = new Set([
  'amount',
  'currency',
  'metadata',
  'description',
  'payment_method_types',
  'allowed_payment_method_types',
  'excluded_payment_method_types',
  'automatic_payment_methods',
  'confirmation_method',
  'error_on_requires_action',
  'payment_method_options',
  'statement_descriptor',
  'use_stripe_sdk',
  'receipt_email',
  'shipping',
  'statement_descriptor_suffix',
  'capture_method',
  'confirm',
  'payment_method',
  'return_url',
  'expand',
]);

/** Publishable-key calls from Stripe.js carry these; they are accepted and ignored. */
const browserNoise = new Set([
  'key',
  'client_secret',
  'expand',
  'use_stripe_sdk',
  'payment_user_agent',
  'time_on_page',
  'referrer',
  'guid',
  'muid',
  'sid',
  'return_url',
  'receipt_email',
  'shipping',
  'mandate_data',
  'payment_method',
  'payment_method_data',
  'payment_method_options',
  'setup_future_usage',
  'outcome',
]);

interface IdempotentResult {
  method: string;
  path: string;
  params: string;
  response: EmulatorResponse;
}

export class StripeEmulator {
  readonly outbox: Outbox<StripeEvent>;
  private readonly intents = new Map<string, StripeObject>();
  private readonly charges = new Map<string, StripeObject>();
  /** The money a charge moved, made when it is captured (at once, or at a hold's capture). */
  private readonly balanceTransactions = new Map<string, StripeObject>();
  private readonly refundList = new Map<string, StripeObject>();
  private readonly paymentMethods = new Map<string, StripeObject>();
  private readonly eventsById = new Map<string, StripeEvent>();
  private readonly idempotency = new Map<string, IdempotentResult>();
  /** Calls that answer a 500 before running (the fault tests' Stripe outage). */
  private readonly faults: {
    method: string;
    path: string;
    match: string;
    remaining: number;
    status: number;
  }[] = [];
  private readonly options: StripeEmulatorOptions;
  private readonly baseUrl: () => string;

  constructor(options: StripeEmulatorOptions, baseUrl: () => string) {
    this.options = options;
    this.baseUrl = baseUrl;
    const enabled = options.enabledEvents;
    this.outbox = new Outbox<StripeEvent>({
      url: options.webhookUrl,
      retryDelaysMs: options.retryDelaysMs,
      shouldSend: (type) => !enabled || enabled.includes('*') || enabled.includes(type),
      prepare: (event) => {
        // Stripe sends pretty-printed JSON and signs `${t}.${raw body}` (v1 = HMAC-SHA256).
        const body = JSON.stringify(event, null, 2);
        const signature = Stripe.webhooks.generateTestHeaderString({
          payload: body,
          secret: options.webhookSecret,
          timestamp: nowSeconds(),
        });
        return {
          body,
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
            'stripe-signature': signature,
          },
        };
      },
    });
  }

  routes(): Route[] {
    const route = (
      method: string,
      pattern: RegExp,
      handler: (r: EmulatorRequest, p: string[], ctx: CallContext) => StripeObject | Promise<StripeObject>,
      access: 'secret' | 'either' = 'secret',
    ): Route => ({
      method,
      pattern,
      handler: (request, params) => this.call(request, params, handler, access),
    });
    return [
      {
        // Fault injection: the next `times` calls of `method path` (whose body contains `match`,
        // so one test's fault meets only its own calls) answer Stripe's 500.
        method: 'POST',
        pattern: /^\/__emulator\/stripe\/fail-next$/,
        handler: (request) => {
          const body = (request.rawBody ? JSON.parse(request.rawBody) : {}) as Record<string, unknown>;
          const { method = 'POST', path, match = '', times = 1, status = 500 } = body;
          if (
            typeof path !== 'string' ||
            typeof method !== 'string' ||
            typeof match !== 'string' ||
            typeof times !== 'number' ||
            typeof status !== 'number'
          )
            return json(400, {
              error: { message: 'give path (e.g. /v1/payment_intents), method, match and times' },
            });
          this.faults.push({ method: method.toUpperCase(), path, match, remaining: times, status });
          return json(200, { failing: { method, path, match, times, status } });
        },
      },
      route('POST', /^\/v1\/payment_intents$/, (_r, _p, ctx) => this.createIntent(ctx.form, ctx)),
      route('GET', /^\/v1\/payment_intents$/, (_r, _p, ctx) => this.listIntents(ctx.form)),
      route('GET', /^\/v1\/balance_transactions\/([^/]+)$/, (_r, p) =>
        this.find(this.balanceTransactions, p[0], 'balance_transaction'),
      ),
      route(
        'GET',
        /^\/v1\/payment_intents\/([^/]+)$/,
        (r, p, ctx) => this.retrieveIntent(p[0], r, ctx),
        'either',
      ),
      route('POST', /^\/v1\/payment_intents\/([^/]+)\/cancel$/, (_r, p, ctx) => this.cancelIntent(p[0], ctx)),
      route('POST', /^\/v1\/payment_intents\/([^/]+)\/capture$/, (_r, p, ctx) =>
        captureHold(this.intent(p[0]), ctx.form, this.holdPorts(ctx)),
      ),
      route('GET', /^\/v1\/payment_methods\/([^/]+)$/, (_r, p) =>
        this.find(this.paymentMethods, p[0], 'payment_method'),
      ),
      route(
        'POST',
        /^\/v1\/payment_intents\/([^/]+)\/confirm$/,
        (_r, p, ctx) => this.confirmIntent(p[0], ctx),
        'either',
      ),
      route(
        'POST',
        /^\/v1\/payment_intents\/([^/]+)\/authenticate$/,
        (_r, p, ctx) => this.authenticate(p[0], ctx),
        'either',
      ),
      route('POST', /^\/v1\/refunds$/, (_r, _p, ctx) => this.createRefund(ctx)),
      route('GET', /^\/v1\/refunds\/([^/]+)$/, (_r, p) => this.find(this.refundList, p[0], 'refund')),
      route('GET', /^\/v1\/charges\/([^/]+)$/, (_r, p) => this.find(this.charges, p[0], 'charge')),
      route(
        'GET',
        /^\/v1\/events\/([^/]+)$/,
        (_r, p) => this.find(this.eventsById, p[0], 'event') as unknown as StripeObject,
      ),
    ];
  }

  /** What a restart must keep (infra/local/snapshot-file.ts): every object, event and saved result. */
  persistentMaps(): Record<string, Map<string, unknown>> {
    return {
      intents: this.intents,
      charges: this.charges,
      balanceTransactions: this.balanceTransactions,
      refunds: this.refundList,
      paymentMethods: this.paymentMethods,
      events: this.eventsById,
      idempotency: this.idempotency,
      outbox: this.outbox.recordedEvents(),
    };
  }

  control(): EmulatorStripeControl {
    return {
      ...webhookControl(this.outbox),
      paymentIntent: (id) => {
        const intent = this.intents.get(id);
        if (intent) lapseIfDue(intent, this.holdPorts(null));
        return intent;
      },
      paymentIntents: () => [...this.intents.values()],
      refunds: () => [...this.refundList.values()],
      confirmWithCard: (id, cardNumber) => {
        const ctx: CallContext = {
          form: { payment_method_data: { type: 'card', card: { number: cardNumber } } },
          keyKind: 'secret',
          requestId: stripeId('req', 14),
          idempotencyKey: null,
        };
        try {
          return { status: 200, body: this.confirmIntent(id, ctx) };
        } catch (error) {
          if (error instanceof StripeApiError) return { status: error.status, body: { error: error.body } };
          throw error;
        }
      },
    };
  }

  // ---- plumbing: auth, form decoding, idempotency, errors -------------------------------------

  private async call(
    request: EmulatorRequest,
    params: string[],
    handler: (r: EmulatorRequest, p: string[], ctx: CallContext) => StripeObject | Promise<StripeObject>,
    access: 'secret' | 'either',
  ): Promise<EmulatorResponse> {
    const requestId = stripeId('req', 14);
    const headers = { 'request-id': requestId, 'stripe-version': Stripe.API_VERSION };
    const fail = (error: StripeApiError): EmulatorResponse =>
      json(error.status, { error: error.body }, headers);
    let form: FormObject;
    try {
      form = request.method === 'GET' ? decodeForm(request.query.toString()) : decodeForm(request.rawBody);
    } catch (error) {
      if (error instanceof FormError) return fail(invalid(error.message));
      throw error;
    }
    let keyKind: 'secret' | 'publishable';
    try {
      keyKind = this.authenticate_(request, form, access);
    } catch (error) {
      if (error instanceof StripeApiError) return fail(error);
      throw error;
    }

    const idempotencyKey =
      request.method === 'POST' ? (header(request.headers, 'idempotency-key') ?? null) : null;
    const scope = `${keyKind}:${idempotencyKey}`;
    const fingerprint = canonical(form);
    if (idempotencyKey) {
      const earlier = this.idempotency.get(scope);
      if (earlier) {
        if (
          earlier.method !== request.method ||
          earlier.path !== request.path ||
          earlier.params !== fingerprint
        ) {
          return fail(
            new StripeApiError(400, {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            }),
          );
        }
        return {
          ...earlier.response,
          headers: { ...earlier.response.headers, 'idempotent-replayed': 'true', 'request-id': requestId },
        };
      }
    }

    let response: EmulatorResponse;
    const fault = this.faults.find(
      (f) =>
        f.remaining > 0 &&
        f.method === request.method &&
        f.path === request.path &&
        decodeURIComponent(request.rawBody.replace(/\+/g, ' ')).includes(f.match),
    );
    if (fault) {
      fault.remaining -= 1;
      response = fail(new StripeApiError(fault.status, stripeFault(fault.status, request.path)));
    } else {
      try {
        const result = await handler(request, params, { form, keyKind, requestId, idempotencyKey });
        response = json(200, this.expanded(result, form.expand), headers);
      } catch (error) {
        if (!(error instanceof StripeApiError)) throw error;
        response = fail(error);
      }
    }
    // Like Stripe: results are saved once the call ran (successes, card errors and 500s, which
    // the same key then replays), not for requests refused before running.
    if (idempotencyKey && (response.status < 400 || response.status === 402 || response.status >= 500)) {
      this.idempotency.set(scope, {
        method: request.method,
        path: request.path,
        params: fingerprint,
        response: { ...response, body: structuredClone(response.body) },
      });
    }
    return response;
  }

  /**
   * Secret keys (sk_test_…) as `Authorization: Bearer` or Basic user name, as stripe-node sends
   * them. Publishable keys (pk_test_…) as Stripe.js sends them (form field `key`, or Bearer) on
   * the browser calls only, and always with the intent's client_secret.
   */
  private authenticate_(request: EmulatorRequest, form: FormObject, access: 'secret' | 'either') {
    const authorization = header(request.headers, 'authorization') ?? '';
    let key: string | undefined;
    if (/^bearer /i.test(authorization)) key = authorization.slice(7).trim();
    else if (/^basic /i.test(authorization)) {
      key = Buffer.from(authorization.slice(6).trim(), 'base64').toString('utf8').split(':')[0];
    }
    key ||= str(form.key) ?? (access === 'either' ? request.query.get('key') : null) ?? undefined;
    if (!key) {
      throw invalid(
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
        {},
        401,
      );
    }
    const masked = `${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`;
    if (/^(sk|rk|pk)_live_/.test(key)) {
      throw invalid(`The local emulator accepts test mode keys only: ${masked}`, {}, 401);
    }
    if (/^(sk|rk)_test_/.test(key) && (!this.options.secretKey || key === this.options.secretKey)) {
      return 'secret' as const;
    }
    if (key.startsWith('pk_test_') && (!this.options.publishableKey || key === this.options.publishableKey)) {
      if (access !== 'either') {
        throw invalid(
          'This API call cannot be made with a publishable API key. Please use a secret API key.',
          {},
          401,
        );
      }
      return 'publishable' as const;
    }
    throw invalid(`Invalid API Key provided: ${masked}`, {}, 401);
  }

  private find<T>(store: Map<string, T>, id: string | undefined, kind: string): T {
    const found = id ? store.get(id) : undefined;
    if (!found) {
      throw invalid(`No such ${kind}: '${id}'`, { code: 'resource_missing', param: 'id' }, 404);
    }
    return found;
  }

  private intent(id: string | undefined): StripeObject {
    const found = id ? this.intents.get(id) : undefined;
    if (!found) {
      throw invalid(`No such payment_intent: '${id}'`, { code: 'resource_missing', param: 'intent' }, 404);
    }
    lapseIfDue(found, this.holdPorts(null));
    return found;
  }

  private holdPorts(ctx: CallContext | null): HoldPorts {
    return {
      charge: (id) => this.find(this.charges, typeof id === 'string' ? id : undefined, 'charge'),
      emit: (type, object) => this.emit(type, object, ctx),
      now: () => Math.floor((this.options.now ?? Date.now)() / 1000),
      settle: (charge, amount) => this.settle(charge, amount),
    };
  }

  /** The balance transaction of a charge's captured money (Stripe's `type: charge`), dated now. */
  private settle(charge: StripeObject, amount: number): void {
    const fee = Math.round(amount * 0.029) + 30;
    const transaction: StripeObject = {
      id: stripeId('txn'),
      object: 'balance_transaction',
      amount,
      available_on: nowSeconds() + 2 * 24 * 60 * 60,
      created: nowSeconds(),
      currency: charge.currency,
      description: charge.description ?? null,
      fee,
      net: amount - fee,
      reporting_category: 'charge',
      source: charge.id,
      status: 'pending',
      type: 'charge',
    };
    this.balanceTransactions.set(transaction.id, transaction);
    charge.balance_transaction = transaction.id;
  }

  /**
   * `expand[]=…` on an answer: the objects instead of their ids (`payment_method`,
   * `latest_charge`, `balance_transaction`, nested with dots: `latest_charge.balance_transaction`).
   * On a list each path starts with `data.` (Stripe refuses any other: 400).
   */
  private expanded(result: StripeObject, expand: FormValue | undefined): StripeObject {
    const fields = (Array.isArray(expand) ? expand : []).filter((f): f is string => typeof f === 'string');
    if (fields.length === 0) return result;
    const copy = structuredClone(result);
    if (copy.object !== 'list') {
      for (const field of fields) this.expandPath(copy, field.split('.'));
      return copy;
    }
    for (const field of fields) {
      if (!field.startsWith('data.'))
        throw invalid(`This property cannot be expanded (${field}).`, { param: 'expand' });
      for (const item of copy.data as StripeObject[]) this.expandPath(item, field.slice(5).split('.'));
    }
    return copy;
  }

  private expandPath(object: Record<string, unknown>, path: string[]): void {
    const [name, ...rest] = path;
    if (!name) return;
    const stores: Record<string, Map<string, StripeObject>> = {
      payment_method: this.paymentMethods,
      latest_charge: this.charges,
      balance_transaction: this.balanceTransactions,
    };
    const value = object[name];
    const store = stores[name];
    if (typeof value === 'string' && store?.has(value)) object[name] = structuredClone(store.get(value));
    const next = object[name];
    if (rest.length > 0 && next && typeof next === 'object')
      this.expandPath(next as Record<string, unknown>, rest);
  }

  /**
   * GET /v1/payment_intents as Stripe answers it: a list object, newest first (by `created`,
   * then the later made first), `limit` 1–100 (default 10), `created` as a timestamp or
   * `created[gt|gte|lt|lte]`, one cursor of `starting_after` (the page after that intent) or
   * `ending_before` (the page before it); `has_more` when the cursor's side holds more.
   */
  private listIntents(form: FormObject): StripeObject {
    const known = ['created', 'limit', 'starting_after', 'ending_before', 'expand', 'customer'];
    for (const name of Object.keys(form)) {
      if (!known.includes(name))
        throw invalid(`Received unknown parameter: ${name}`, { code: 'parameter_unknown', param: name });
    }
    const limit = listInteger(form.limit, 'limit') ?? 10;
    if (limit < 1) throw invalid('This value must be greater than or equal to 1.', { param: 'limit' });
    if (limit > 100) throw invalid('This value must be less than or equal to 100.', { param: 'limit' });
    const inCreated = createdFilter(form.created);
    const after = str(form.starting_after);
    const before = str(form.ending_before);
    if (after !== undefined && before !== undefined)
      throw invalid('You may only specify one of these parameters: ending_before, starting_after.', {
        param: 'ending_before',
      });
    const ports = this.holdPorts(null);
    const all = [...this.intents.values()].map((intent, index) => ({ intent, index }));
    for (const { intent } of all) lapseIfDue(intent, ports);
    const newestFirst = all
      .sort((a, b) => Number(b.intent.created) - Number(a.intent.created) || b.index - a.index)
      .map((e) => e.intent);
    const cursor = after ?? before;
    let at = -1;
    if (cursor !== undefined) {
      at = newestFirst.findIndex((intent) => intent.id === cursor);
      if (at < 0)
        throw invalid(`No such payment_intent: '${cursor}'`, {
          code: 'resource_missing',
          param: after !== undefined ? 'starting_after' : 'ending_before',
        });
    }
    const matching = (list: StripeObject[]) => list.filter((intent) => inCreated(Number(intent.created)));
    let data: StripeObject[];
    let hasMore: boolean;
    if (before !== undefined) {
      const earlier = matching(newestFirst.slice(0, at));
      data = earlier.slice(Math.max(0, earlier.length - limit));
      hasMore = earlier.length > limit;
    } else {
      const later = matching(newestFirst.slice(at + 1));
      data = later.slice(0, limit);
      hasMore = later.length > limit;
    }
    return {
      object: 'list',
      data: structuredClone(data),
      has_more: hasMore,
      url: '/v1/payment_intents',
    } as unknown as StripeObject;
  }

  /** Browser calls must carry the intent's client_secret; server calls may, and then it must match. */
  private checkClientSecret(intent: StripeObject, given: string | undefined | null, ctx: CallContext) {
    if (ctx.keyKind === 'publishable' && !given) {
      throw invalid('A client_secret is required when using a publishable key.', {
        code: 'parameter_missing',
        param: 'client_secret',
      });
    }
    if (given && given !== intent.client_secret) {
      throw invalid(
        `The client_secret provided does not match the client_secret associated with the PaymentIntent.`,
        { code: 'payment_intent_invalid_parameter', param: 'client_secret' },
      );
    }
  }

  private emit(type: string, object: StripeObject, ctx: CallContext | null): void {
    const event: StripeEvent = {
      id: stripeId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: nowSeconds(),
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: this.outbox.url() ? 1 : 0,
      request: { id: ctx?.requestId ?? null, idempotency_key: ctx?.idempotencyKey ?? null },
      type,
    };
    this.eventsById.set(event.id, event);
    this.outbox.add(event.id, type, event);
  }

  // ---- PaymentIntents -----------------------------------------------------------------------

  private createIntent(form: FormObject, ctx: CallContext): StripeObject {
    for (const name of Object.keys(form)) {
      if (name === 'key') continue;
      if (!createParams.has(name))
        throw invalid(`Received unknown parameter: ${name}`, { code: 'parameter_unknown', param: name });
    }
    const amountText = str(form.amount);
    if (amountText === undefined) {
      throw invalid('Missing required param: amount.', { code: 'parameter_missing', param: 'amount' });
    }
    if (!/^\d+$/.test(amountText)) {
      throw invalid(`Invalid integer: ${amountText}`, { code: 'parameter_invalid_integer', param: 'amount' });
    }
    const amount = Number(amountText);
    const currency = str(form.currency)?.toLowerCase();
    if (!currency)
      throw invalid('Missing required param: currency.', { code: 'parameter_missing', param: 'currency' });
    if (!/^[a-z]{3}$/.test(currency)) {
      throw invalid(`Invalid currency: ${currency}.`, { code: 'parameter_invalid_empty', param: 'currency' });
    }
    if (amount < 50) {
      throw invalid(`Amount must be at least 50 cents`, { code: 'amount_too_small', param: 'amount' });
    }
    if (amount > 99_999_999) {
      throw invalid('Amount must be no more than $999,999.99', { code: 'amount_too_large', param: 'amount' });
    }
    const metadata = readMetadata(form.metadata);
    // payment_method_types (older API versions) or allowed_payment_method_types (2026 versions).
    const legacyTypes = form.payment_method_types;
    const allowedTypes = form.allowed_payment_method_types;
    if (legacyTypes !== undefined && allowedTypes !== undefined) {
      throw invalid(
        'You may only specify one of these parameters: allowed_payment_method_types, payment_method_types.',
        { param: 'payment_method_types' },
      );
    }
    const types = legacyTypes ?? allowedTypes;
    const automatic = obj(form.automatic_payment_methods);
    if (types !== undefined && automatic && str(automatic.enabled) === 'true') {
      throw invalid(
        'You may only specify one of these parameters: automatic_payment_methods, payment_method_types.',
        { param: 'automatic_payment_methods' },
      );
    }
    // Automatic payment methods: what this account offers in the Payment Element, card and Link.
    const methodTypes = Array.isArray(types)
      ? types.filter((t): t is string => typeof t === 'string')
      : ['card', 'link'];
    if (methodTypes.length === 0) methodTypes.push('card');
    const unsupported = methodTypes.find((t) => t !== 'card' && t !== 'link');
    if (unsupported) {
      throw invalid(`The payment method type "${unsupported}" is not supported by the local emulator.`, {
        code: 'payment_intent_invalid_parameter',
        param: legacyTypes !== undefined ? 'payment_method_types' : 'allowed_payment_method_types',
      });
    }
    const captureMethod = str(form.capture_method) ?? 'automatic_async';
    if (!['automatic', 'automatic_async', 'manual'].includes(captureMethod)) {
      throw invalid(`Invalid capture_method: must be one of automatic, automatic_async, or manual`, {
        code: 'parameter_invalid_empty',
        param: 'capture_method',
      });
    }
    const threeDSecure =
      str(obj(obj(form.payment_method_options)?.card)?.request_three_d_secure) ?? 'automatic';
    if (!['automatic', 'any', 'challenge'].includes(threeDSecure)) {
      throw invalid('Invalid request_three_d_secure: must be one of automatic, any, or challenge', {
        code: 'parameter_invalid_empty',
        param: 'payment_method_options[card][request_three_d_secure]',
      });
    }
    const id = stripeId('pi');
    const intent: StripeObject = {
      id,
      object: 'payment_intent',
      allowed_payment_method_types: allowedTypes !== undefined ? methodTypes : null,
      amount,
      amount_capturable: 0,
      amount_details: { tip: {} },
      amount_received: 0,
      application: null,
      application_fee_amount: null,
      automatic_payment_methods:
        types === undefined
          ? { allow_redirects: str(automatic?.allow_redirects) ?? 'always', enabled: true }
          : null,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: captureMethod,
      client_secret: `${id}_secret_${stripeId('x', 25).slice(2)}`,
      confirmation_method: str(form.confirmation_method) ?? 'automatic',
      created: nowSeconds(),
      currency,
      customer: null,
      description: str(form.description) ?? null,
      excluded_payment_method_types: null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata,
      next_action: null,
      on_behalf_of: null,
      payment_method: null,
      payment_method_configuration_details: null,
      payment_method_options: {
        card: {
          installments: null,
          mandate_options: null,
          network: null,
          request_three_d_secure: threeDSecure,
        },
        ...(methodTypes.includes('link') ? { link: { persistent_token: null } } : {}),
      },
      payment_method_types: methodTypes,
      processing: null,
      receipt_email: str(form.receipt_email) ?? null,
      review: null,
      setup_future_usage: null,
      shipping: form.shipping ?? null,
      source: null,
      statement_descriptor: str(form.statement_descriptor) ?? null,
      statement_descriptor_suffix: str(form.statement_descriptor_suffix) ?? null,
      status: 'requires_payment_method',
      transfer_data: null,
      transfer_group: null,
    };
    this.intents.set(id, intent);
    this.emit('payment_intent.created', intent, ctx);
    if (str(form.confirm) === 'true') {
      return this.confirmIntent(id, {
        ...ctx,
        form: { payment_method: form.payment_method ?? '', return_url: form.return_url ?? '' },
      });
    }
    return intent;
  }

  private retrieveIntent(id: string | undefined, request: EmulatorRequest, ctx: CallContext): StripeObject {
    const intent = this.intent(id);
    this.checkClientSecret(intent, str(ctx.form.client_secret) ?? request.query.get('client_secret'), ctx);
    return intent;
  }

  private cancelIntent(id: string | undefined, ctx: CallContext): StripeObject {
    const intent = this.intent(id);
    const cancelable = [
      'requires_payment_method',
      'requires_capture',
      'requires_confirmation',
      'requires_action',
      'processing',
    ];
    if (!cancelable.includes(String(intent.status))) {
      throw invalid(
        `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${cancelable.join(', ')}.`,
        { code: 'payment_intent_unexpected_state', payment_intent: structuredClone(intent) },
      );
    }
    const reason = str(ctx.form.cancellation_reason) ?? null;
    const allowed = ['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned'];
    if (reason && !allowed.includes(reason)) {
      throw invalid(`Invalid cancellation_reason: must be one of ${allowed.join(', ')}`, {
        param: 'cancellation_reason',
      });
    }
    releaseHold(intent, this.holdPorts(ctx));
    Object.assign(intent, {
      status: 'canceled',
      canceled_at: nowSeconds(),
      cancellation_reason: reason,
      next_action: null,
    });
    this.emit('payment_intent.canceled', intent, ctx);
    return intent;
  }

  private confirmIntent(id: string | undefined, ctx: CallContext): StripeObject {
    const intent = this.intent(id);
    const form = ctx.form;
    this.checkClientSecret(intent, str(form.client_secret), ctx);
    if (ctx.keyKind === 'publishable') {
      const unknown = Object.keys(form).find((k) => !browserNoise.has(k));
      if (unknown)
        throw invalid(`Received unknown parameter: ${unknown}`, {
          code: 'parameter_unknown',
          param: unknown,
        });
    }
    if (intent.status === 'succeeded') {
      throw invalid(
        'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
        { code: 'payment_intent_unexpected_state', payment_intent: structuredClone(intent) },
      );
    }
    if (intent.status === 'canceled' || intent.status === 'requires_capture') {
      throw invalid(`You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`, {
        code: 'payment_intent_unexpected_state',
        payment_intent: structuredClone(intent),
      });
    }
    const link = this.readLink(form, intent);
    if (link) {
      intent.payment_method = link.id;
      intent.last_payment_error = null;
      return this.succeed(intent, ctx);
    }
    const card = this.readCard(form);
    const paymentMethod = this.createPaymentMethod(card, walletOf(form));
    intent.payment_method = paymentMethod.id;
    intent.last_payment_error = null;
    const returnUrl = str(form.return_url) || undefined;
    // 3-D Secure asked for every card (`request_three_d_secure: any`): a card that would pass asks first.
    const requested = (intent.payment_method_options as { card?: { request_three_d_secure?: string } } | null)
      ?.card?.request_three_d_secure;
    const outcome = card.outcome === 'succeed' && requested !== 'automatic' ? 'authenticate' : card.outcome;
    switch (outcome) {
      case 'succeed':
        return this.succeed(intent, ctx);
      case 'authenticate': {
        const base = this.baseUrl();
        const secret = encodeURIComponent(String(intent.client_secret));
        const page = `${base}/stripe/3ds?payment_intent=${intent.id}&client_secret=${secret}${returnUrl ? `&return_url=${encodeURIComponent(returnUrl)}` : ''}`;
        Object.assign(intent, {
          status: 'requires_action',
          next_action: returnUrl
            ? { type: 'redirect_to_url', redirect_to_url: { return_url: returnUrl, url: page } }
            : {
                type: 'use_stripe_sdk',
                use_stripe_sdk: {
                  type: 'three_d_secure_redirect',
                  stripe_js: page,
                  authenticate_url: `${base}/v1/payment_intents/${intent.id}/authenticate`,
                },
              },
        });
        this.emit('payment_intent.requires_action', intent, ctx);
        return intent;
      }
      default: {
        const insufficient = card.outcome === 'insufficient_funds';
        const error = {
          type: 'card_error',
          code: 'card_declined',
          decline_code: insufficient ? 'insufficient_funds' : 'generic_decline',
          message: insufficient ? 'Your card has insufficient funds.' : 'Your card was declined.',
          doc_url: 'https://stripe.com/docs/error-codes/card-declined',
          charge: stripeId('ch'),
          advice_code: insufficient ? 'try_again_later' : 'do_not_try_again',
          payment_method: structuredClone(paymentMethod),
        };
        Object.assign(intent, {
          status: 'requires_payment_method',
          next_action: null,
          payment_method: null,
          last_payment_error: error,
        });
        this.emit('payment_intent.payment_failed', intent, ctx);
        // Stripe answers a declined confirm with 402 and the intent inside the error.
        throw new StripeApiError(402, { ...error, payment_intent: structuredClone(intent) });
      }
    }
  }

  /** Completes the 3-D Secure step of the stand-in: approve succeeds, fail declines. */
  private authenticate(id: string | undefined, ctx: CallContext): StripeObject {
    const intent = this.intent(id);
    this.checkClientSecret(intent, str(ctx.form.client_secret), ctx);
    if (intent.status !== 'requires_action') {
      throw invalid(
        `This PaymentIntent has a status of ${intent.status}: only a PaymentIntent that requires_action can be authenticated.`,
        { code: 'payment_intent_unexpected_state', payment_intent: structuredClone(intent) },
      );
    }
    const outcome = str(ctx.form.outcome);
    if (outcome !== 'approve' && outcome !== 'fail') {
      throw invalid('outcome must be approve or fail', { code: 'parameter_invalid_empty', param: 'outcome' });
    }
    if (outcome === 'approve') return this.succeed(intent, ctx);
    Object.assign(intent, {
      status: 'requires_payment_method',
      next_action: null,
      last_payment_error: {
        type: 'invalid_request_error',
        code: 'payment_intent_authentication_failure',
        message:
          'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
        doc_url: 'https://stripe.com/docs/error-codes/payment-intent-authentication-failure',
        payment_method: this.paymentMethods.get(String(intent.payment_method)) ?? null,
      },
      payment_method: null,
    });
    this.emit('payment_intent.payment_failed', intent, ctx);
    return intent;
  }

  /** Used by the 3-D Secure page. */
  authenticateFromPage(id: string, clientSecret: string, outcome: string): StripeObject {
    return this.authenticate(id, {
      form: { client_secret: clientSecret, outcome },
      keyKind: 'publishable',
      requestId: stripeId('req', 14),
      idempotencyKey: null,
    });
  }

  intentForPage(id: string, clientSecret: string): StripeObject | undefined {
    const intent = this.intents.get(id);
    return intent && intent.client_secret === clientSecret ? intent : undefined;
  }

  private succeed(intent: StripeObject, ctx: CallContext): StripeObject {
    const paymentMethod = this.paymentMethods.get(String(intent.payment_method));
    const charge: StripeObject = {
      id: stripeId('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_captured: intent.amount,
      amount_refunded: 0,
      balance_transaction: null,
      billing_details: paymentMethod?.billing_details ?? null,
      captured: true,
      created: nowSeconds(),
      currency: intent.currency,
      description: intent.description,
      livemode: false,
      metadata: structuredClone(intent.metadata),
      outcome: {
        network_status: 'approved_by_network',
        risk_level: 'normal',
        seller_message: 'Payment complete.',
        type: 'authorized',
      },
      paid: true,
      payment_intent: intent.id,
      payment_method: intent.payment_method,
      payment_method_details: !paymentMethod
        ? null
        : paymentMethod.type === 'link'
          ? { link: { country: 'US' }, type: 'link' }
          : { card: paymentMethod.card, type: 'card' },
      refunded: false,
      status: 'succeeded',
    };
    this.charges.set(charge.id, charge);
    if (intent.capture_method === 'manual') return placeHold(intent, charge, this.holdPorts(ctx));
    this.settle(charge, Number(intent.amount));
    Object.assign(intent, {
      status: 'succeeded',
      amount_received: intent.amount,
      latest_charge: charge.id,
      next_action: null,
      last_payment_error: null,
    });
    this.emit('charge.succeeded', charge, ctx);
    this.emit('payment_intent.succeeded', intent, ctx);
    return intent;
  }

  private readCard(form: FormObject): TestCard & { number: string; expMonth: number; expYear: number } {
    const pm = str(form.payment_method);
    const data = obj(form.payment_method_data);
    const card = obj(data?.card);
    let number: string | undefined;
    if (pm) {
      number = testPaymentMethods[pm];
      if (!number) {
        throw invalid(
          `No such PaymentMethod: '${pm}'`,
          { code: 'resource_missing', param: 'payment_method' },
          400,
        );
      }
    } else if (card) {
      number = str(card.number)?.replace(/[\s-]/g, '');
    }
    if (!number) {
      throw invalid(
        "You cannot confirm this PaymentIntent because it's missing a payment method. To confirm the PaymentIntent, pass a payment_method or payment_method_data[card][number].",
        { code: 'payment_intent_unexpected_state', param: 'payment_method' },
      );
    }
    const now = new Date();
    const expMonth = Number(str(card?.exp_month) ?? 12);
    let expYear = Number(str(card?.exp_year) ?? now.getUTCFullYear() + 3);
    if (expYear < 100) expYear += 2000;
    if (!/^\d{12,19}$/.test(number) || !luhn(number)) {
      throw new StripeApiError(402, {
        type: 'card_error',
        code: 'incorrect_number',
        message: 'Your card number is incorrect.',
        param: 'number',
        doc_url: 'https://stripe.com/docs/error-codes/incorrect-number',
      });
    }
    if (
      !(expMonth >= 1 && expMonth <= 12) ||
      expYear * 12 + expMonth < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1
    ) {
      throw new StripeApiError(402, {
        type: 'card_error',
        code: 'expired_card',
        message: 'Your card has expired.',
        param: 'exp_year',
        doc_url: 'https://stripe.com/docs/error-codes/expired-card',
      });
    }
    const known = testCards[number] ?? crowdCard(number);
    if (!known) {
      return {
        brand: 'unknown',
        last4: number.slice(-4),
        outcome: 'decline',
        number,
        expMonth,
        expYear,
      };
    }
    return { ...known, number, expMonth, expYear };
  }

  /**
   * Link (`payment_method_data[type]=link`, the e-mail the payer signed in with): a saved card
   * of theirs at Link, which the stand-in always authorises. Only when the intent offers Link.
   */
  private readLink(form: FormObject, intent: StripeObject): StripeObject | undefined {
    const data = obj(form.payment_method_data);
    if (str(data?.type) !== 'link') return undefined;
    if (!(intent.payment_method_types as string[]).includes('link')) {
      throw invalid('The payment method type "link" is not allowed for this PaymentIntent.', {
        code: 'payment_intent_invalid_parameter',
        param: 'payment_method_data[type]',
      });
    }
    const email = str(obj(data?.billing_details)?.email) ?? str(obj(data?.link)?.email);
    if (!email || !/^[^@\s]+@[^@\s]+$/.test(email)) {
      throw invalid('Missing required param: payment_method_data[billing_details][email].', {
        code: 'parameter_missing',
        param: 'payment_method_data[billing_details][email]',
      });
    }
    const method: StripeObject = {
      id: stripeId('pm'),
      object: 'payment_method',
      billing_details: { address: null, email, name: null, phone: null },
      link: { email, persistent_token: null },
      created: nowSeconds(),
      customer: null,
      livemode: false,
      metadata: {},
      type: 'link',
    };
    this.paymentMethods.set(method.id, method);
    return method;
  }

  private createPaymentMethod(
    card: TestCard & { number: string; expMonth: number; expYear: number },
    wallet?: 'apple_pay' | 'google_pay',
  ): StripeObject {
    const method: StripeObject = {
      id: stripeId('pm'),
      object: 'payment_method',
      billing_details: { address: null, email: null, name: null, phone: null },
      card: {
        brand: card.brand,
        country: 'US',
        exp_month: card.expMonth,
        exp_year: card.expYear,
        fingerprint: cardFingerprint(card.number, this.options.secretKey ?? this.options.webhookSecret),
        funding: 'credit',
        last4: card.last4,
        // A card from Apple Pay or Google Pay (the stand-in's Express Checkout Element), as Stripe records it.
        wallet: wallet ? { type: wallet, [wallet]: {}, dynamic_last4: card.last4 } : null,
      },
      created: nowSeconds(),
      customer: null,
      livemode: false,
      metadata: {},
      type: 'card',
    };
    this.paymentMethods.set(method.id, method);
    return method;
  }

  // ---- Refunds ----------------------------------------------------------------------------

  private createRefund(ctx: CallContext): StripeObject {
    const form = ctx.form;
    for (const name of Object.keys(form)) {
      if (!['payment_intent', 'charge', 'amount', 'reason', 'metadata', 'expand'].includes(name)) {
        throw invalid(`Received unknown parameter: ${name}`, { code: 'parameter_unknown', param: name });
      }
    }
    let intent: StripeObject | undefined;
    const intentId = str(form.payment_intent);
    const chargeId = str(form.charge);
    if (intentId) intent = this.intent(intentId);
    else if (chargeId) {
      const charge = this.find(this.charges, chargeId, 'charge');
      intent = this.intent(String(charge.payment_intent));
    } else {
      throw invalid(
        'One of the following params should be provided for this request: payment_intent or charge.',
        {
          code: 'parameter_missing',
        },
      );
    }
    const charge = intent.latest_charge ? this.charges.get(String(intent.latest_charge)) : undefined;
    if (intent.status !== 'succeeded' || !charge) {
      throw invalid(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, {
        code: 'charge_not_refundable',
        param: 'payment_intent',
      });
    }
    const remaining = Number(charge.amount) - Number(charge.amount_refunded);
    if (remaining <= 0) {
      throw invalid(`Charge ${charge.id} has already been refunded.`, { code: 'charge_already_refunded' });
    }
    const amountText = str(form.amount);
    if (amountText !== undefined && !/^\d+$/.test(amountText)) {
      throw invalid(`Invalid integer: ${amountText}`, { code: 'parameter_invalid_integer', param: 'amount' });
    }
    const amount = amountText === undefined ? remaining : Number(amountText);
    if (amount <= 0) throw invalid('Amount must be positive.', { param: 'amount' });
    if (amount > remaining) {
      throw invalid(`Refund amount (${amount}) is greater than unrefunded amount on charge (${remaining})`, {
        code: 'amount_too_large',
        param: 'amount',
      });
    }
    const reason = str(form.reason) ?? null;
    if (reason && !['duplicate', 'fraudulent', 'requested_by_customer'].includes(reason)) {
      throw invalid('Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer', {
        param: 'reason',
      });
    }
    const refund: StripeObject = {
      id: stripeId('re'),
      object: 'refund',
      amount,
      balance_transaction: stripeId('txn'),
      charge: charge.id,
      created: nowSeconds(),
      currency: intent.currency,
      destination_details: {
        card: { reference_status: 'pending', reference_type: 'acquirer_reference_number', type: 'refund' },
        type: 'card',
      },
      metadata: readMetadata(form.metadata),
      payment_intent: intent.id,
      reason,
      receipt_number: null,
      source_transfer_reversal: null,
      status: 'succeeded',
      transfer_reversal: null,
    };
    this.refundList.set(refund.id, refund);
    Object.assign(charge, {
      amount_refunded: Number(charge.amount_refunded) + amount,
      refunded: Number(charge.amount_refunded) + amount === Number(charge.amount),
    });
    this.emit('refund.created', refund, ctx);
    this.emit('charge.refunded', charge, ctx);
    return refund;
  }
}

interface CallContext {
  form: FormObject;
  keyKind: 'secret' | 'publishable';
  requestId: string;
  idempotencyKey: string | null;
}

/** Stripe's metadata rules: at most 50 keys, keys up to 40 characters, values up to 500. */
function readMetadata(value: FormValue | undefined): Record<string, string> {
  if (value === undefined || value === '') return {};
  const metadata = obj(value);
  if (!metadata) throw invalid('Invalid metadata: must be a hash', { param: 'metadata' });
  const entries = Object.entries(metadata);
  if (entries.length > 50)
    throw invalid('Invalid metadata: You can have at most 50 keys.', { param: 'metadata' });
  const result: Record<string, string> = {};
  for (const [key, v] of entries) {
    if (typeof v !== 'string')
      throw invalid(`Invalid metadata[${key}]: must be a string`, { param: `metadata[${key}]` });
    if (key.length > 40)
      throw invalid(`Invalid metadata: keys can be at most 40 characters.`, { param: `metadata[${key}]` });
    if (v.length > 500)
      throw invalid(`Invalid metadata: values can be at most 500 characters.`, { param: `metadata[${key}]` });
    result[key] = v;
  }
  return result;
}

/** The error bodies Stripe gives for the statuses the fault tests inject. */
function stripeFault(status: number, path: string): Record<string, unknown> {
  if (status === 401)
    return { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****' };
  if (status === 404) {
    const id = path.split('/').pop() ?? '';
    return {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: `No such payment_intent: '${id}'`,
      param: 'intent',
    };
  }
  if (status === 429)
    return { type: 'invalid_request_error', code: 'rate_limit', message: 'Too many requests. Please retry.' };
  return { type: 'api_error', message: 'An unknown error occurred while processing this request.' };
}

/** `payment_method_data[card][wallet][type]`: the stand-in's wallets send it (Stripe.js's own wallet tokens carry it). */
function walletOf(form: FormObject): 'apple_pay' | 'google_pay' | undefined {
  const type = str(obj(obj(obj(form.payment_method_data)?.card)?.wallet)?.type);
  return type === 'apple_pay' || type === 'google_pay' ? type : undefined;
}

/** A list's integer parameter (`limit`), or undefined when not given; 400 as Stripe when not an integer. */
function listInteger(value: FormValue | undefined, param: string): number | undefined {
  if (value === undefined) return undefined;
  const text = str(value);
  if (text === undefined || !/^-?\d+$/.test(text))
    throw invalid(`Invalid integer: ${text ?? 'an object'}`, { code: 'parameter_invalid_integer', param });
  return Number(text);
}

/** `created=<ts>` or `created[gt|gte|lt|lte]=<ts>` (unix seconds) as a test of an object's `created`. */
function createdFilter(value: FormValue | undefined): (created: number) => boolean {
  if (value === undefined) return () => true;
  if (typeof value === 'string') {
    const at = listInteger(value, 'created') as number;
    return (created) => created === at;
  }
  const range = obj(value);
  if (!range) throw invalid('Invalid hash', { param: 'created' });
  const bounds: Record<string, number> = {};
  for (const [name, bound] of Object.entries(range)) {
    if (!['gt', 'gte', 'lt', 'lte'].includes(name))
      throw invalid(`Received unknown parameter: created[${name}]`, {
        code: 'parameter_unknown',
        param: `created[${name}]`,
      });
    bounds[name] = listInteger(bound, `created[${name}]`) as number;
  }
  const { gt, gte, lt, lte } = bounds;
  return (created) =>
    (gt === undefined || created > gt) &&
    (gte === undefined || created >= gte) &&
    (lt === undefined || created < lt) &&
    (lte === undefined || created <= lte);
}
