import { type EmulatorResponse, json } from './http.ts';
import { isoAt, newCapture, type PaypalObject, paypalError, paypalId } from './paypal-api.ts';

/**
 * Orders created with `intent: AUTHORIZE`, as PayPal does them: once approved, the order is
 * authorised (`POST /v2/checkout/orders/:id/authorize`: the order COMPLETED, an authorisation
 * CREATED holding the amount until its expiration_time), and the authorisation is then captured
 * or voided (`/v2/payments/authorizations/:id/capture|void`), with PayPal's webhooks and errors.
 */

/** How long PayPal lets an authorisation be captured: 29 days from its creation. */
export const AUTHORIZATION_VALID_MS = 29 * 24 * 60 * 60 * 1000;

export interface StoredAuthorization {
  authorization: PaypalObject;
  orderId: string;
  /** Cents captured so far. */
  capturedCents: number;
}

export interface AuthorizationPorts {
  order(id: string | undefined): PaypalObject;
  saveCapture(capture: PaypalObject, orderId: string): void;
  emit(type: string, resourceType: string, resource: PaypalObject, summary: string): void;
  baseUrl(): string;
  /** The stand-in's clock for authorisations (their validity), epoch ms. */
  now(): number;
}

type Money = { currency_code: string; value: string };

const cents = (value: string) => Math.round(Number(value) * 100);

function unitOf(order: PaypalObject): Record<string, unknown> {
  return (order.purchase_units as Record<string, unknown>[])[0] as Record<string, unknown>;
}

function refused(issue: string, description: string) {
  return paypalError('UNPROCESSABLE_ENTITY', [{ issue, description }], 'payments');
}

export class PaypalAuthorizations {
  readonly stored = new Map<string, StoredAuthorization>();
  private readonly ports: AuthorizationPorts;

  constructor(ports: AuthorizationPorts) {
    this.ports = ports;
  }

  /** POST /v2/checkout/orders/:id/authorize */
  authorizeOrder(orderId: string | undefined): EmulatorResponse {
    const order = this.ports.order(orderId);
    if (order.intent !== 'AUTHORIZE') {
      throw paypalError('UNPROCESSABLE_ENTITY', [
        {
          issue: 'ACTION_DOES_NOT_MATCH_INTENT',
          description:
            "Order was created with an intent of 'CAPTURE'. Please use /v2/checkout/orders/order_id/capture to complete the transaction or alternately Create an order with an intent of 'AUTHORIZE'.",
        },
      ]);
    }
    if (order.status === 'COMPLETED') {
      throw paypalError('UNPROCESSABLE_ENTITY', [
        {
          issue: 'ORDER_ALREADY_AUTHORIZED',
          description:
            "Order already authorized. If 'intent=AUTHORIZE' only one authorization per order is allowed.",
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
    const unit = unitOf(order);
    const amount = unit.amount as Money;
    const base = this.ports.baseUrl();
    const id = paypalId();
    const now = this.ports.now();
    const authorization: PaypalObject = {
      id,
      status: 'CREATED',
      amount: { ...amount },
      ...(typeof unit.custom_id === 'string' ? { custom_id: unit.custom_id } : {}),
      ...(typeof unit.invoice_id === 'string' ? { invoice_id: unit.invoice_id } : {}),
      seller_protection: {
        status: 'ELIGIBLE',
        dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'],
      },
      expiration_time: isoAt(now + AUTHORIZATION_VALID_MS),
      supplementary_data: { related_ids: { order_id: order.id } },
      links: [
        { href: `${base}/v2/payments/authorizations/${id}`, rel: 'self', method: 'GET' },
        { href: `${base}/v2/payments/authorizations/${id}/capture`, rel: 'capture', method: 'POST' },
        { href: `${base}/v2/payments/authorizations/${id}/void`, rel: 'void', method: 'POST' },
        { href: `${base}/v2/payments/authorizations/${id}/reauthorize`, rel: 'reauthorize', method: 'POST' },
        { href: `${base}/v2/checkout/orders/${order.id}`, rel: 'up', method: 'GET' },
      ],
      create_time: isoAt(now),
      update_time: isoAt(now),
    };
    this.stored.set(id, { authorization, orderId: order.id, capturedCents: 0 });
    const { supplementary_data: _related, ...inOrder } = authorization;
    unit.payments = { authorizations: [inOrder] };
    Object.assign(order, { status: 'COMPLETED', update_time: isoAt(now) });
    order.links = [{ href: `${base}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' }];
    this.ports.emit(
      'PAYMENT.AUTHORIZATION.CREATED',
      'authorization',
      authorization,
      `Payment authorized for ${amount.value} ${amount.currency_code}`,
    );
    return json(201, order);
  }

  /** GET /v2/payments/authorizations/:id */
  get(id: string | undefined): EmulatorResponse {
    return json(200, this.find(id).authorization);
  }

  /** POST /v2/payments/authorizations/:id/capture: optional `amount` (≤ what is left), `final_capture`. */
  capture(id: string | undefined, body: Record<string, unknown>): EmulatorResponse {
    const stored = this.find(id);
    const { authorization } = stored;
    if (authorization.status === 'CAPTURED') {
      throw refused('AUTHORIZATION_ALREADY_CAPTURED', 'Authorization has already been captured.');
    }
    if (authorization.status === 'VOIDED') {
      throw refused('AUTHORIZATION_VOIDED', 'A voided authorization cannot be captured or reauthorized.');
    }
    this.refuseIfExpired(authorization);
    const authorized = authorization.amount as Money;
    const left = cents(authorized.value) - stored.capturedCents;
    const requested = body.amount as Partial<Money> | undefined;
    let amount: Money = { currency_code: authorized.currency_code, value: (left / 100).toFixed(2) };
    if (requested !== undefined) {
      if (typeof requested.value !== 'string' || !/^\d{1,10}\.\d{2}$/.test(requested.value)) {
        throw paypalError(
          'INVALID_REQUEST',
          [
            {
              field: '/amount/value',
              value: String(requested.value ?? ''),
              location: 'body',
              issue: 'INVALID_PARAMETER_SYNTAX',
              description: 'The value of a field does not conform to the expected format.',
            },
          ],
          'payments',
        );
      }
      if (requested.currency_code !== authorized.currency_code) {
        throw refused(
          'CURRENCY_MISMATCH',
          'Currency of capture must be the same as currency of authorization.',
        );
      }
      if (cents(requested.value) > left) {
        throw refused(
          'MAX_CAPTURE_AMOUNT_EXCEEDED',
          'Capture amount exceeds allowable limit. Please contact customer service or your account manager to request the change to your overage limit.',
        );
      }
      amount = { currency_code: authorized.currency_code, value: requested.value };
    }
    stored.capturedCents += cents(amount.value);
    const final = body.final_capture === true || stored.capturedCents >= cents(authorized.value);
    const base = this.ports.baseUrl();
    const order = this.ports.order(stored.orderId);
    const capture = newCapture({
      base,
      amount,
      unit: authorization,
      relatedIds: { order_id: stored.orderId, authorization_id: authorization.id },
      up: `${base}/v2/payments/authorizations/${authorization.id}`,
      finalCapture: final,
    });
    this.ports.saveCapture(capture, stored.orderId);
    const payments = unitOf(order).payments as { captures?: unknown[] };
    const { supplementary_data: _related, ...inOrder } = capture;
    payments.captures = [...(payments.captures ?? []), inOrder];
    this.update(stored, final ? 'CAPTURED' : 'PARTIALLY_CAPTURED');
    this.ports.emit(
      'PAYMENT.CAPTURE.COMPLETED',
      'capture',
      capture,
      `Payment completed for ${amount.value} ${amount.currency_code}`,
    );
    return json(201, capture);
  }

  /** POST /v2/payments/authorizations/:id/void: 204, or the authorisation with `Prefer: return=representation`. */
  void(id: string | undefined, prefer: string | undefined): EmulatorResponse {
    const stored = this.find(id);
    const { authorization } = stored;
    if (authorization.status === 'CAPTURED') {
      throw refused(
        'PREVIOUSLY_CAPTURED',
        'Authorization has been previously captured and hence cannot be voided.',
      );
    }
    if (authorization.status === 'VOIDED') {
      throw refused(
        'PREVIOUSLY_VOIDED',
        'Authorization has been previously voided and hence cannot be voided again.',
      );
    }
    this.refuseIfExpired(authorization);
    this.update(stored, 'VOIDED');
    this.ports.emit(
      'PAYMENT.AUTHORIZATION.VOIDED',
      'authorization',
      authorization,
      `A payment authorization was voided`,
    );
    return prefer?.includes('return=representation') ? json(200, authorization) : { status: 204, body: '' };
  }

  private refuseIfExpired(authorization: PaypalObject): void {
    if (this.ports.now() >= Date.parse(String(authorization.expiration_time))) {
      throw refused('AUTHORIZATION_EXPIRED', 'Authorization has expired.');
    }
  }

  /** The new status, on the authorisation and on its copy in the order. */
  private update(stored: StoredAuthorization, status: string): void {
    const at = isoAt(this.ports.now());
    Object.assign(stored.authorization, { status, update_time: at });
    const payments = unitOf(this.ports.order(stored.orderId)).payments as { authorizations?: PaypalObject[] };
    const copy = payments.authorizations?.find((a) => a.id === stored.authorization.id);
    if (copy) Object.assign(copy, { status, update_time: at });
  }

  private find(id: string | undefined): StoredAuthorization {
    const stored = id ? this.stored.get(id) : undefined;
    if (!stored) {
      throw paypalError(
        'RESOURCE_NOT_FOUND',
        [
          {
            field: 'authorization_id',
            value: id ?? '',
            location: 'path',
            issue: 'INVALID_RESOURCE_ID',
            description: 'Specified resource ID does not exist. Please check the resource ID and try again.',
          },
        ],
        'payments',
      );
    }
    return stored;
  }
}
