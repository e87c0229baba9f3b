import {
  createHash,
  createSign,
  createVerify,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
  randomUUID,
} from 'node:crypto';
import { crc32 } from 'node:zlib';
import {
  canonical,
  type EmulatorRequest,
  type EmulatorResponse,
  escapeHtml,
  header,
  html,
  json,
  type Route,
  redirect,
} from './http.ts';
import { Outbox, type WebhookControl, webhookControl } from './outbox.ts';
import {
  isoNow,
  messages,
  newCapture,
  PaypalApiError,
  type PaypalObject,
  paypalError,
  paypalId,
} from './paypal-api.ts';
import { PaypalAuthorizations } from './paypal-authorizations.ts';
import { popupAnswer, popupField, popupOrigin } from './web-sdk/popup.ts';
import { webSdkRoute } from './web-sdk/serve.ts';

export type { PaypalObject } from './paypal-api.ts';

/**
 * The PayPal half of the emulator: OAuth client-credentials tokens, Orders v2 (create, get,
 * capture), capture refunds, the buyer's approval page (PayPal's own site in production) and
 * signed webhooks with the verify-webhook-signature call, in memory.
 */

export interface PaypalEvent {
  id: string;
  event_version: string;
  create_time: string;
  resource_type: string;
  resource_version: string;
  event_type: string;
  summary: string;
  resource: PaypalObject;
  links: { href: string; rel: string; method: string }[];
}

export interface EmulatorPaypalControl extends WebhookControl<PaypalEvent> {
  order(id: string): PaypalObject | undefined;
  orders(): PaypalObject[];
  /** What the buyer does on the approval page, without a browser. */
  approve(orderId: string, account?: string): PaypalObject;
  /** The headers of the last transmission of an event (for forging tests). */
  transmissions(eventId: string): Record<string, string>[];
}

export interface PaypalEmulatorOptions {
  webhookUrl: string | undefined;
  webhookId: string;
  /** When given, only these credentials get a token (otherwise any non-empty pair). */
  clientId?: string | undefined;
  clientSecret?: string | undefined;
  retryDelaysMs: number[];
  /** The clock of authorisations (their validity), epoch ms; default Date.now. */
  now?: (() => number) | undefined;
}

interface StoredOrder {
  order: PaypalObject;
  returnUrl?: string | undefined;
  cancelUrl?: string | undefined;
}

interface Transmission {
  headers: Record<string, string>;
  body: string;
}

export class PaypalEmulator {
  readonly outbox: Outbox<PaypalEvent>;
  private readonly tokens = new Map<string, number>();
  private readonly orders = new Map<string, StoredOrder>();
  private readonly captures = new Map<string, { capture: PaypalObject; orderId: string }>();
  private readonly requestIds = new Map<string, EmulatorResponse>();
  private readonly sent = new Map<string, Transmission[]>();
  private readonly eventsById = new Map<string, PaypalEvent>();
  private readonly authorizations: PaypalAuthorizations;
  private readonly options: PaypalEmulatorOptions;
  private readonly baseUrl: () => string;
  private readonly privateKey: KeyObject;
  readonly publicKeyPem: string;

  constructor(options: PaypalEmulatorOptions, baseUrl: () => string) {
    this.options = options;
    this.baseUrl = baseUrl;
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
    this.privateKey = pair.privateKey;
    this.publicKeyPem = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();
    this.outbox = new Outbox<PaypalEvent>({
      url: options.webhookUrl,
      retryDelaysMs: options.retryDelaysMs,
      prepare: (event) => this.sign(event),
    });
    this.authorizations = new PaypalAuthorizations({
      order: (id) => this.storedOrder(id).order,
      saveCapture: (capture, orderId) => this.captures.set(capture.id, { capture, orderId }),
      emit: (type, resourceType, resource, summary) => this.emit(type, resourceType, resource, summary),
      baseUrl,
      now: () => (options.now ?? Date.now)(),
    });
  }

  certUrl(): string {
    return `${this.baseUrl()}/paypal/certs/CERT-local-emulator`;
  }

  /**
   * PayPal's scheme: SHA256withRSA over `<transmission id>|<time>|<webhook id>|<crc32 of body>`,
   * the certificate at PAYPAL-CERT-URL (here: the emulator's public key in PEM).
   */
  private sign(event: PaypalEvent): { body: string; headers: Record<string, string> } {
    const body = JSON.stringify(event);
    const transmissionId = randomUUID();
    const time = isoNow();
    const message = `${transmissionId}|${time}|${this.options.webhookId}|${crc32(body)}`;
    const signature = createSign('sha256').update(message).sign(this.privateKey, 'base64');
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'PayPal/AUHD-214.0-58443296',
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-auth-version': 'v2',
      'paypal-cert-url': this.certUrl(),
      'paypal-transmission-id': transmissionId,
      'paypal-transmission-sig': signature,
      'paypal-transmission-time': time,
    };
    const list = this.sent.get(event.id) ?? [];
    list.push({ headers, body });
    this.sent.set(event.id, list);
    return { body, headers };
  }

  routes(): Route[] {
    const api = (
      method: string,
      pattern: RegExp,
      handler: (r: EmulatorRequest, p: string[], body: Record<string, unknown>) => EmulatorResponse,
    ): Route => ({ method, pattern, handler: (r, p) => this.call(r, p, handler) });
    return [
      { method: 'POST', pattern: /^\/v1\/oauth2\/token$/, handler: (r) => this.token(r) },
      api('POST', /^\/v2\/checkout\/orders$/, (r, _p, body) =>
        this.idempotent(r, () => this.createOrder(r, body)),
      ),
      api('GET', /^\/v2\/checkout\/orders\/([^/]+)$/, (_r, p) => json(200, this.storedOrder(p[0]).order)),
      api('POST', /^\/v2\/checkout\/orders\/([^/]+)\/capture$/, (r, p) =>
        this.idempotent(r, () => this.capture(p[0])),
      ),
      api('POST', /^\/v2\/checkout\/orders\/([^/]+)\/authorize$/, (r, p) =>
        this.idempotent(r, () => this.authorizations.authorizeOrder(p[0])),
      ),
      api('GET', /^\/v2\/payments\/authorizations\/([^/]+)$/, (_r, p) => this.authorizations.get(p[0])),
      api('POST', /^\/v2\/payments\/authorizations\/([^/]+)\/capture$/, (r, p, body) =>
        this.idempotent(r, () => this.authorizations.capture(p[0], body)),
      ),
      api('POST', /^\/v2\/payments\/authorizations\/([^/]+)\/void$/, (r, p) =>
        this.idempotent(r, () => this.authorizations.void(p[0], header(r.headers, 'prefer'))),
      ),
      api('GET', /^\/v2\/payments\/captures\/([^/]+)$/, (_r, p) =>
        json(200, this.storedCapture(p[0]).capture),
      ),
      api('POST', /^\/v2\/payments\/captures\/([^/]+)\/refund$/, (r, p, body) =>
        this.idempotent(r, () => this.refund(p[0], body)),
      ),
      api('POST', /^\/v1\/notifications\/verify-webhook-signature$/, (_r, _p, body) => this.verify(body)),
      api('GET', /^\/v1\/notifications\/webhooks-events$/, (r) => this.listEvents(r)),
      { method: 'GET', pattern: /^\/paypal\/approve$/, handler: (r) => this.approvalPage(r) },
      webSdkRoute(),
      { method: 'POST', pattern: /^\/paypal\/approve$/, handler: (r) => this.approvalAnswer(r) },
      {
        method: 'GET',
        pattern: /^\/paypal\/certs\/CERT-local-emulator$/,
        handler: () => ({
          status: 200,
          body: this.publicKeyPem,
          headers: { 'content-type': 'application/x-pem-file' },
        }),
      },
    ];
  }

  /** What a restart must keep (infra/local/snapshot-file.ts): orders, captures, tokens, events. */
  persistentMaps(): Record<string, Map<string, unknown>> {
    return {
      tokens: this.tokens,
      orders: this.orders,
      captures: this.captures,
      authorizations: this.authorizations.stored,
      requestIds: this.requestIds,
      sent: this.sent,
      events: this.eventsById,
      outbox: this.outbox.recordedEvents(),
    };
  }

  control(): EmulatorPaypalControl {
    return {
      ...webhookControl(this.outbox),
      order: (id) => this.orders.get(id)?.order,
      orders: () => [...this.orders.values()].map((o) => o.order),
      approve: (id, account) => this.approve(id, account),
      transmissions: (eventId) => (this.sent.get(eventId) ?? []).map((t) => ({ ...t.headers })),
    };
  }

  // ---- plumbing ---------------------------------------------------------------------------

  private async call(
    request: EmulatorRequest,
    params: string[],
    handler: (r: EmulatorRequest, p: string[], body: Record<string, unknown>) => EmulatorResponse,
  ): Promise<EmulatorResponse> {
    const debug = { 'paypal-debug-id': randomBytes(7).toString('hex') };
    try {
      const authorization = header(request.headers, 'authorization') ?? '';
      const token = /^bearer /i.test(authorization) ? authorization.slice(7).trim() : '';
      const expiry = this.tokens.get(token);
      if (!token || expiry === undefined || expiry < Date.now()) {
        return json(
          401,
          {
            name: 'AUTHENTICATION_FAILURE',
            message: messages.AUTHENTICATION_FAILURE,
            links: [
              {
                href: 'https://developer.paypal.com/docs/api/overview/#error',
                rel: 'information_link',
              },
            ],
          },
          debug,
        );
      }
      let body: Record<string, unknown> = {};
      if (request.method === 'POST' && request.rawBody.trim() !== '') {
        let parsed: unknown;
        try {
          parsed = JSON.parse(request.rawBody);
        } catch {
          throw paypalError('INVALID_REQUEST', [
            { issue: 'MALFORMED_REQUEST_JSON', description: 'The request JSON is not well formed.' },
          ]);
        }
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
          throw paypalError('INVALID_REQUEST', [
            { issue: 'MALFORMED_REQUEST_JSON', description: 'The request JSON is not well formed.' },
          ]);
        }
        body = parsed as Record<string, unknown>;
      }
      const answer = handler(request, params, body);
      return { ...answer, headers: { ...debug, ...answer.headers } };
    } catch (error) {
      if (error instanceof PaypalApiError) return json(error.status, error.body, debug);
      throw error;
    }
  }

  /** PayPal-Request-Id: the same id on the same path gets the first answer again. */
  private idempotent(request: EmulatorRequest, run: () => EmulatorResponse): EmulatorResponse {
    const requestId = header(request.headers, 'paypal-request-id');
    if (!requestId) return run();
    const key = `${request.path}|${requestId}`;
    const earlier = this.requestIds.get(key);
    if (earlier) return structuredClone(earlier);
    const answer = run();
    if (answer.status < 500) this.requestIds.set(key, structuredClone(answer));
    return answer;
  }

  private token(request: EmulatorRequest): EmulatorResponse {
    const authorization = header(request.headers, 'authorization') ?? '';
    const [id, secret] = /^basic /i.test(authorization)
      ? Buffer.from(authorization.slice(6).trim(), 'base64').toString('utf8').split(':')
      : [];
    const grant = new URLSearchParams(request.rawBody).get('grant_type');
    const badClient =
      !id ||
      !secret ||
      (this.options.clientId !== undefined && id !== this.options.clientId) ||
      (this.options.clientSecret !== undefined && secret !== this.options.clientSecret);
    if (badClient) {
      return json(401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
    }
    if (grant !== 'client_credentials') {
      return json(400, {
        error: 'unsupported_grant_type',
        error_description: `Grant Type is NULL or not supported`,
      });
    }
    const accessToken = `A21AA${randomBytes(48).toString('base64url')}`;
    const expiresIn = 32_400;
    this.tokens.set(accessToken, Date.now() + expiresIn * 1000);
    return json(200, {
      scope:
        'https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/applications/webhooks https://uri.paypal.com/services/payments/refund',
      access_token: accessToken,
      token_type: 'Bearer',
      app_id: 'APP-LOCAL-EMULATOR',
      expires_in: expiresIn,
      nonce: `${isoNow()}${randomBytes(8).toString('hex')}`,
    });
  }

  private storedOrder(id: string | undefined): StoredOrder {
    const stored = id ? this.orders.get(id) : undefined;
    if (!stored) {
      throw paypalError('RESOURCE_NOT_FOUND', [
        {
          field: 'order_id',
          value: id ?? '',
          location: 'path',
          issue: 'INVALID_RESOURCE_ID',
          description: 'Specified resource ID does not exist. Please check the resource ID and try again.',
        },
      ]);
    }
    return stored;
  }

  private storedCapture(id: string | undefined): { capture: PaypalObject; orderId: string } {
    const stored = id ? this.captures.get(id) : undefined;
    if (!stored) {
      throw paypalError('RESOURCE_NOT_FOUND', [
        {
          field: 'capture_id',
          value: id ?? '',
          location: 'path',
          issue: 'INVALID_RESOURCE_ID',
          description: 'Specified resource ID does not exist. Please check the resource ID and try again.',
        },
      ]);
    }
    return stored;
  }

  // ---- Orders v2 --------------------------------------------------------------------------

  private createOrder(_request: EmulatorRequest, body: Record<string, unknown>): EmulatorResponse {
    if (body.intent !== 'CAPTURE' && body.intent !== 'AUTHORIZE') {
      throw paypalError('INVALID_REQUEST', [
        {
          field: '/intent',
          value: String(body.intent ?? ''),
          location: 'body',
          issue: body.intent === undefined ? 'MISSING_REQUIRED_PARAMETER' : 'INVALID_PARAMETER_VALUE',
          description:
            body.intent === undefined
              ? 'A required field / parameter is missing.'
              : 'intent must be CAPTURE or AUTHORIZE.',
        },
      ]);
    }
    const units = body.purchase_units;
    if (!Array.isArray(units) || units.length !== 1 || !units[0] || typeof units[0] !== 'object') {
      throw paypalError('INVALID_REQUEST', [
        {
          field: '/purchase_units',
          location: 'body',
          issue:
            Array.isArray(units) && units.length > 1
              ? 'INVALID_ARRAY_MAX_ITEMS'
              : 'MISSING_REQUIRED_PARAMETER',
          description: 'The local emulator takes exactly one purchase unit.',
        },
      ]);
    }
    const unit = units[0] as Record<string, unknown>;
    const referenceId = typeof unit.reference_id === 'string' ? unit.reference_id : 'default';
    const field = `/purchase_units/@reference_id=='${referenceId}'/amount`;
    const amount = unit.amount as Record<string, unknown> | undefined;
    if (!amount || typeof amount !== 'object') {
      throw paypalError('INVALID_REQUEST', [
        {
          field,
          location: 'body',
          issue: 'MISSING_REQUIRED_PARAMETER',
          description: 'A required field / parameter is missing.',
        },
      ]);
    }
    const currency = amount.currency_code;
    if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) {
      throw paypalError('INVALID_REQUEST', [
        {
          field: `${field}/currency_code`,
          value: String(currency ?? ''),
          location: 'body',
          issue: 'INVALID_CURRENCY_CODE',
          description: 'Currency code is invalid or is not currently supported.',
        },
      ]);
    }
    const value = amount.value;
    // Stricter than PayPal on purpose: the shop always sends exactly two decimals (spec §4).
    if (typeof value !== 'string' || !/^\d{1,10}\.\d{2}$/.test(value) || Number(value) <= 0) {
      const tooPrecise = typeof value === 'string' && /^\d+\.\d{3,}$/.test(value);
      throw paypalError('INVALID_REQUEST', [
        {
          field: `${field}/value`,
          value: String(value ?? ''),
          location: 'body',
          issue: tooPrecise ? 'DECIMAL_PRECISION' : 'INVALID_PARAMETER_SYNTAX',
          description: tooPrecise
            ? 'If the currency supports decimals, only two decimal place precision is supported.'
            : 'The value of a field does not conform to the expected format: a positive amount with exactly two decimals.',
        },
      ]);
    }
    for (const name of ['description', 'custom_id', 'invoice_id'] as const) {
      const given = unit[name];
      const max = name === 'description' ? 127 : 127;
      if (given !== undefined && (typeof given !== 'string' || given.length > max)) {
        throw paypalError('INVALID_REQUEST', [
          {
            field: `/purchase_units/@reference_id=='${referenceId}'/${name}`,
            value: String(given),
            location: 'body',
            issue: 'INVALID_STRING_LENGTH',
            description: `The value of a field is either too short or too long: at most ${max} characters.`,
          },
        ]);
      }
    }
    const applicationContext = (body.application_context ?? {}) as Record<string, unknown>;
    const paymentSource = (body.payment_source ?? undefined) as Record<string, unknown> | undefined;
    const experience = ((paymentSource?.paypal as Record<string, unknown> | undefined)?.experience_context ??
      {}) as Record<string, unknown>;
    const returnUrl = (experience.return_url ?? applicationContext.return_url) as string | undefined;
    const cancelUrl = (experience.cancel_url ?? applicationContext.cancel_url) as string | undefined;

    const id = paypalId();
    const base = this.baseUrl();
    const approveUrl = `${base}/paypal/approve?token=${id}`;
    // With payment_source.paypal PayPal answers PAYER_ACTION_REQUIRED and a payer-action link;
    // with application_context (or neither) CREATED and an approve link.
    const modern = paymentSource?.paypal !== undefined;
    const order: PaypalObject = {
      id,
      intent: body.intent,
      status: modern ? 'PAYER_ACTION_REQUIRED' : 'CREATED',
      ...(modern ? { payment_source: { paypal: {} } } : {}),
      purchase_units: [
        {
          reference_id: referenceId,
          amount: { currency_code: currency, value },
          payee: { email_address: 'merchant@example.com', merchant_id: 'LOCALMERCHANT1' },
          ...(typeof unit.description === 'string' ? { description: unit.description } : {}),
          ...(typeof unit.custom_id === 'string' ? { custom_id: unit.custom_id } : {}),
          ...(typeof unit.invoice_id === 'string' ? { invoice_id: unit.invoice_id } : {}),
          ...(unit.items ? { items: unit.items } : {}),
          ...(unit.shipping ? { shipping: unit.shipping } : {}),
        },
      ],
      create_time: isoNow(),
      links: [
        { href: `${base}/v2/checkout/orders/${id}`, rel: 'self', method: 'GET' },
        { href: approveUrl, rel: modern ? 'payer-action' : 'approve', method: 'GET' },
        { href: `${base}/v2/checkout/orders/${id}`, rel: 'update', method: 'PATCH' },
        body.intent === 'AUTHORIZE'
          ? { href: `${base}/v2/checkout/orders/${id}/authorize`, rel: 'authorize', method: 'POST' }
          : { href: `${base}/v2/checkout/orders/${id}/capture`, rel: 'capture', method: 'POST' },
      ],
    };
    this.orders.set(id, { order, returnUrl, cancelUrl });
    return json(201, order);
  }

  /**
   * The buyer approves at PayPal with their account: `account` is its e-mail (the approval page's
   * field; a crowd's buyers each their own), the payer id PayPal's stable id of that account.
   */
  private approve(id: string, account = 'buyer@example.com'): PaypalObject {
    const stored = this.storedOrder(id);
    const order = stored.order;
    if (order.status !== 'CREATED' && order.status !== 'PAYER_ACTION_REQUIRED') {
      throw paypalError('UNPROCESSABLE_ENTITY', [
        {
          issue: 'ORDER_NOT_APPROVABLE',
          description: `The order has status ${order.status}: it cannot be approved.`,
        },
      ]);
    }
    const payer = {
      name: { given_name: 'Local', surname: 'Buyer' },
      email_address: account,
      payer_id: payerIdOf(account),
      address: { country_code: 'US' },
    };
    Object.assign(order, {
      status: 'APPROVED',
      payer,
      payment_source: {
        paypal: {
          email_address: payer.email_address,
          account_id: payer.payer_id,
          account_status: 'VERIFIED',
          name: payer.name,
          address: payer.address,
        },
      },
      update_time: isoNow(),
    });
    return order;
  }

  private capture(id: string | undefined): EmulatorResponse {
    const stored = this.storedOrder(id);
    const order = stored.order;
    if (order.intent === 'AUTHORIZE') {
      throw paypalError('UNPROCESSABLE_ENTITY', [
        {
          issue: 'ACTION_DOES_NOT_MATCH_INTENT',
          description:
            "Order was created with an intent of 'AUTHORIZE'. Please use /v2/checkout/orders/order_id/authorize to complete the transaction or alternately Create an order with an intent of 'CAPTURE'.",
        },
      ]);
    }
    if (order.status === 'COMPLETED') {
      throw paypalError('UNPROCESSABLE_ENTITY', [
        {
          issue: 'ORDER_ALREADY_CAPTURED',
          description: "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
        },
      ]);
    }
    if (order.status !== 'APPROVED') {
      throw paypalError('UNPROCESSABLE_ENTITY', [
        {
          issue: 'ORDER_NOT_APPROVED',
          description:
            "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request.",
        },
      ]);
    }
    const unit = (order.purchase_units as Record<string, unknown>[])[0] as Record<string, unknown>;
    const amount = unit.amount as { currency_code: string; value: string };
    const base = this.baseUrl();
    const capture = newCapture({
      base,
      amount,
      unit,
      relatedIds: { order_id: order.id },
      up: `${base}/v2/checkout/orders/${order.id}`,
      finalCapture: true,
    });
    const captureId = capture.id;
    const now = String(capture.create_time);
    this.captures.set(captureId, { capture, orderId: order.id });
    const { supplementary_data: _related, ...inOrder } = capture;
    unit.payments = { captures: [inOrder] };
    Object.assign(order, { status: 'COMPLETED', update_time: now });
    order.links = [{ href: `${base}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' }];
    this.emit(
      'PAYMENT.CAPTURE.COMPLETED',
      'capture',
      capture,
      `Payment completed for ${amount.value} ${amount.currency_code}`,
    );
    return json(201, order);
  }

  private refund(captureId: string | undefined, body: Record<string, unknown>): EmulatorResponse {
    const { capture } = this.storedCapture(captureId);
    const captured = capture.amount as { currency_code: string; value: string };
    const refunded = (capture.refunded_cents as number | undefined) ?? 0;
    const remaining = Math.round(Number(captured.value) * 100) - refunded;
    const requested = body.amount as { currency_code?: string; value?: string } | undefined;
    if (remaining <= 0) {
      throw paypalError('UNPROCESSABLE_ENTITY', [
        { issue: 'CAPTURE_FULLY_REFUNDED', description: 'The capture has already been fully refunded' },
      ]);
    }
    let cents = remaining;
    if (requested) {
      if (typeof requested.value !== 'string' || !/^\d{1,10}(\.\d{1,2})?$/.test(requested.value)) {
        throw paypalError('INVALID_REQUEST', [
          {
            field: '/amount/value',
            value: String(requested.value ?? ''),
            location: 'body',
            issue: 'DECIMAL_PRECISION',
            description: 'If the currency supports decimals, only two decimal place precision is supported.',
          },
        ]);
      }
      if (requested.currency_code !== captured.currency_code) {
        throw paypalError('UNPROCESSABLE_ENTITY', [
          {
            issue: 'REFUND_CURRENCY_MISMATCH',
            description: 'Refund must be in the same currency as the capture.',
          },
        ]);
      }
      cents = Math.round(Number(requested.value) * 100);
      if (cents > remaining) {
        throw paypalError('UNPROCESSABLE_ENTITY', [
          {
            issue: 'REFUND_AMOUNT_EXCEEDED',
            description:
              'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
          },
        ]);
      }
    }
    Object.defineProperty(capture, 'refunded_cents', {
      value: refunded + cents,
      enumerable: false,
      writable: true,
    });
    capture.status =
      refunded + cents === Math.round(Number(captured.value) * 100) ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    const base = this.baseUrl();
    const refundId = paypalId();
    const now = isoNow();
    const refund: PaypalObject = {
      id: refundId,
      status: 'COMPLETED',
      amount: { currency_code: captured.currency_code, value: (cents / 100).toFixed(2) },
      ...(typeof body.custom_id === 'string' ? { custom_id: body.custom_id } : {}),
      ...(typeof body.note_to_payer === 'string' ? { note_to_payer: body.note_to_payer } : {}),
      create_time: now,
      update_time: now,
      links: [
        { href: `${base}/v2/payments/refunds/${refundId}`, rel: 'self', method: 'GET' },
        { href: `${base}/v2/payments/captures/${capture.id}`, rel: 'up', method: 'GET' },
      ],
    };
    this.emit(
      'PAYMENT.CAPTURE.REFUNDED',
      'refund',
      refund,
      `A ${(cents / 100).toFixed(2)} ${captured.currency_code} capture payment was refunded`,
    );
    return json(201, refund);
  }

  private emit(type: string, resourceType: string, resource: PaypalObject, summary: string): void {
    const id = `WH-${paypalId(8)}-${paypalId(17)}`;
    const event: PaypalEvent = {
      id,
      event_version: '1.0',
      create_time: isoNow(),
      resource_type: resourceType,
      resource_version: '2.0',
      event_type: type,
      summary,
      resource: structuredClone(resource),
      links: [
        { href: `${this.baseUrl()}/v1/notifications/webhooks-events/${id}`, rel: 'self', method: 'GET' },
        {
          href: `${this.baseUrl()}/v1/notifications/webhooks-events/${id}/resend`,
          rel: 'resend',
          method: 'POST',
        },
      ],
    };
    this.eventsById.set(id, event);
    this.outbox.add(id, type, event);
  }

  // ---- the events list --------------------------------------------------------------------

  /**
   * GET /v1/notifications/webhooks-events: the events, newest first, `{ events, count, links }`
   * with a `next` link while older ones are left (`move_to=next&index_time=…&index_id=…`, the
   * last event's time and id). Filters: `event_type`, `transaction_id` (the resource's id),
   * `start_time`/`end_time` (RFC 3339, both inclusive); `page_size` 1–300, default 10. A time
   * that is not one, a start after the end or a bad page size: 400 VALIDATION_ERROR.
   */
  private listEvents(request: EmulatorRequest): EmulatorResponse {
    const query = request.query;
    const invalidField = (field: string, issue: string) =>
      new PaypalApiError(400, {
        name: 'VALIDATION_ERROR',
        message: 'Invalid data provided',
        debug_id: randomBytes(7).toString('hex'),
        information_link: 'https://developer.paypal.com/docs/api/webhooks/v1/#errors',
        details: [{ field, location: 'query', issue }],
      });
    const time = (field: string): number | undefined => {
      const text = query.get(field);
      if (text === null) return undefined;
      const at = Date.parse(text);
      if (
        !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(text) ||
        !Number.isFinite(at)
      )
        throw invalidField(field, 'Invalid date-time: must be in Internet date and time format (RFC 3339).');
      return at;
    };
    const start = time('start_time');
    const end = time('end_time');
    if (start !== undefined && end !== undefined && start > end)
      throw invalidField('start_time', 'start_time must be on or before end_time.');
    const sizeText = query.get('page_size') ?? '10';
    const pageSize = /^\d+$/.test(sizeText) ? Number(sizeText) : Number.NaN;
    if (!(pageSize >= 1 && pageSize <= 300))
      throw invalidField('page_size', 'page_size must be an integer from 1 to 300.');
    const type = query.get('event_type');
    const transaction = query.get('transaction_id');
    const moveTo = query.get('move_to');
    if (moveTo !== null && moveTo !== 'next') throw invalidField('move_to', 'move_to must be next.');
    const indexTime = moveTo === 'next' ? time('index_time') : undefined;
    if (moveTo === 'next' && indexTime === undefined)
      throw invalidField('index_time', 'A next page needs its index_time.');
    const indexId = query.get('index_id') ?? '';
    const all = [...this.eventsById.values()].map((event, index) => ({
      event,
      index,
      at: Date.parse(event.create_time),
    }));
    const indexOf = new Map(all.map((e) => [e.event.id, e.index]));
    const cursorIndex = indexOf.get(indexId) ?? Number.POSITIVE_INFINITY;
    const matching = all
      .filter(
        (e) =>
          (!type || e.event.event_type === type) &&
          (!transaction || e.event.resource.id === transaction) &&
          (start === undefined || e.at >= start) &&
          (end === undefined || e.at <= end) &&
          (indexTime === undefined || e.at < indexTime || (e.at === indexTime && e.index < cursorIndex)),
      )
      .sort((a, b) => b.at - a.at || b.index - a.index);
    const page = matching.slice(0, pageSize);
    const last = page.at(-1);
    const links: { href: string; rel: string; method: string }[] = [];
    if (last && matching.length > pageSize) {
      const next = new URLSearchParams();
      for (const name of ['event_type', 'transaction_id', 'start_time', 'end_time'] as const) {
        const value = query.get(name);
        if (value !== null) next.set(name, value);
      }
      next.set('page_size', String(pageSize));
      next.set('move_to', 'next');
      next.set('index_time', last.event.create_time);
      next.set('index_id', last.event.id);
      links.push({
        href: `${this.baseUrl()}/v1/notifications/webhooks-events?${next}`,
        rel: 'next',
        method: 'GET',
      });
    }
    return json(200, { events: page.map((e) => structuredClone(e.event)), count: page.length, links });
  }

  // ---- webhook verification ---------------------------------------------------------------

  private verify(body: Record<string, unknown>): EmulatorResponse {
    const required = [
      'auth_algo',
      'cert_url',
      'transmission_id',
      'transmission_sig',
      'transmission_time',
      'webhook_id',
      'webhook_event',
    ] as const;
    const missing = required.filter(
      (name) => body[name] === undefined || body[name] === null || body[name] === '',
    );
    if (missing.length > 0) {
      throw new PaypalApiError(400, {
        name: 'VALIDATION_ERROR',
        message: 'Invalid request - see details',
        debug_id: randomBytes(7).toString('hex'),
        details: missing.map((name) => ({
          field: name,
          location: 'body',
          issue: 'Required field is missing',
        })),
      });
    }
    const event = body.webhook_event as { id?: unknown };
    const ok = ((): boolean => {
      if (body.webhook_id !== this.options.webhookId) return false;
      if (body.auth_algo !== 'SHA256withRSA' || body.cert_url !== this.certUrl()) return false;
      if (typeof event !== 'object' || typeof event.id !== 'string') return false;
      // What was sent for this event: the same transmission, and the same event content.
      const transmission = (this.sent.get(event.id) ?? []).find(
        (t) => t.headers['paypal-transmission-id'] === body.transmission_id,
      );
      if (!transmission) return false;
      if (canonical(JSON.parse(transmission.body)) !== canonical(event)) return false;
      if (transmission.headers['paypal-transmission-time'] !== body.transmission_time) return false;
      const message = `${body.transmission_id}|${body.transmission_time}|${body.webhook_id}|${crc32(transmission.body)}`;
      try {
        return createVerify('sha256')
          .update(message)
          .verify(this.publicKeyPem, String(body.transmission_sig), 'base64');
      } catch {
        return false;
      }
    })();
    return json(200, { verification_status: ok ? 'SUCCESS' : 'FAILURE' });
  }

  // ---- the buyer's approval page ----------------------------------------------------------

  private approvalPage(request: EmulatorRequest): EmulatorResponse {
    const token = request.query.get('token') ?? '';
    const stored = this.orders.get(token);
    if (!stored)
      return html(404, page('Order not found', '<p>There is no PayPal order with this token.</p>'));
    const order = stored.order;
    const unit = (order.purchase_units as Record<string, unknown>[])[0] as Record<string, unknown>;
    const amount = unit.amount as { currency_code: string; value: string };
    const description = typeof unit.description === 'string' ? unit.description : '';
    const payable = order.status === 'CREATED' || order.status === 'PAYER_ACTION_REQUIRED';
    const details = `
      <dl>
        <dt>Amount</dt><dd id="amount">${escapeHtml(amount.value)} ${escapeHtml(amount.currency_code)}</dd>
        ${description ? `<dt>Description</dt><dd id="description">${escapeHtml(description)}</dd>` : ''}
        <dt>Order</dt><dd>${escapeHtml(order.id)}</dd>
      </dl>`;
    const form = payable
      ? `<form method="post" action="/paypal/approve">
        <input type="hidden" name="token" value="${escapeHtml(order.id)}">${popupField(request.query)}
        <label>PayPal account <input type="email" name="account" value="buyer@example.com"></label>
        <button type="submit" name="action" value="approve">Approve</button>
        <button type="submit" name="action" value="cancel">Cancel</button>
      </form>`
      : `<p role="status">This order is ${escapeHtml(String(order.status))}: there is nothing to approve.</p>`;
    return html(200, page('Pay with PayPal (local stand-in)', `${details}${form}`));
  }

  private approvalAnswer(request: EmulatorRequest): EmulatorResponse {
    const form = new URLSearchParams(request.rawBody);
    const token = form.get('token') ?? '';
    const action = form.get('action');
    const stored = this.orders.get(token);
    if (!stored)
      return html(404, page('Order not found', '<p>There is no PayPal order with this token.</p>'));
    // Opened by the SDK stand-in (web-sdk/): the answer goes back to the shop's page, not by redirect.
    const popup = popupOrigin(form);
    if (popup && action === 'cancel') return popupAnswer(popup, { orderId: token, outcome: 'cancelled' });
    if (action === 'cancel') {
      if (stored.cancelUrl) return redirect(withQuery(stored.cancelUrl, { token }));
      return html(
        200,
        page(
          'Payment cancelled',
          '<p role="status">You cancelled the payment. You can close this window.</p>',
        ),
      );
    }
    if (action !== 'approve') return html(400, page('Unknown action', '<p>Choose Approve or Cancel.</p>'));
    try {
      this.approve(token, form.get('account') || undefined);
    } catch (error) {
      if (!(error instanceof PaypalApiError)) throw error;
      return html(
        409,
        page(
          'Cannot approve',
          `<p role="alert">This order is ${escapeHtml(String(stored.order.status))}.</p>`,
        ),
      );
    }
    const payerId = ((stored.order.payer as { payer_id?: string } | undefined)?.payer_id ?? '') as string;
    if (popup) return popupAnswer(popup, { orderId: token, outcome: 'approved', payerId });
    if (stored.returnUrl) return redirect(withQuery(stored.returnUrl, { token, PayerID: payerId }));
    return html(
      200,
      page('Payment approved', '<p role="status">You approved the payment. You can close this window.</p>'),
    );
  }
}

function withQuery(url: string, params: Record<string, string>): string {
  const target = new URL(url);
  for (const [name, value] of Object.entries(params)) target.searchParams.set(name, value);
  return target.toString();
}

/** A small accessible page (also used by the Stripe 3-D Secure stand-in). */
export function page(title: string, content: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #f5f7fa; color: #1a1a1a; }
  main { max-width: 28rem; margin: 3rem auto; padding: 2rem; background: #fff; border-radius: 8px; box-shadow: 0 1px 4px rgba(0,0,0,.15); }
  h1 { font-size: 1.4rem; margin-top: 0; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: .25rem 1rem; }
  dt { font-weight: 600; } dd { margin: 0; }
  form { display: flex; flex-wrap: wrap; gap: 1rem; margin-top: 1.5rem; }
  button { font: inherit; padding: .6rem 1.4rem; border-radius: 999px; border: 2px solid #003087; cursor: pointer; }
  button[value="approve"] { background: #003087; color: #fff; }
  button[value="cancel"], button[value="fail"] { background: #fff; color: #003087; }
  button:focus-visible { outline: 3px solid #ffc439; outline-offset: 2px; }
  .note { font-size: .875rem; color: #4a4a4a; }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${content}
<p class="note">Local payments emulator: no real money moves.</p>
</main>
</body>
</html>`;
}

/** PayPal's payer id of an account: 13 upper-case characters, the same for the same e-mail. */
function payerIdOf(account: string): string {
  return account === 'buyer@example.com'
    ? 'LOCALBUYER01'
    : createHash('sha256').update(account.trim().toLowerCase()).digest('hex').slice(0, 13).toUpperCase();
}
