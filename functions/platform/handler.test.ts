import type { Context } from 'aws-lambda';
import Stripe from 'stripe';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiEvent, defineHandler, respond } from '#platform/handler.ts';
import { httpError } from '#platform/http-error.ts';
import { logger } from '#platform/logger.ts';

/** A provider's error never reaches the client: the shop's own words, a 502, and a log to find it by. */
const event = { routeKey: 'GET /orders/{id}', headers: {}, requestContext: {} } as unknown as ApiEvent;
const context = { awsRequestId: 'aws-req-1', functionName: 'test' } as Context;

async function answerTo(error: Error) {
  const handler = defineHandler({}, async () => {
    throw error;
  });
  const answer = await handler(event, context);
  return { status: answer.statusCode, body: JSON.parse(answer.body ?? '{}') as { message: string } };
}

afterEach(() => vi.restoreAllMocks());

describe('errors of the payment providers', () => {
  const stripeErrors = [
    new Stripe.errors.StripeInvalidRequestError({
      message: "No such payment_intent: 'pi_123'",
      code: 'resource_missing',
      statusCode: 404,
      requestId: 'req_missing',
      type: 'invalid_request_error',
    }),
    new Stripe.errors.StripeAuthenticationError({
      message: 'Invalid API Key provided: sk_live_****',
      statusCode: 401,
      requestId: 'req_auth',
      type: 'invalid_request_error',
    }),
    new Stripe.errors.StripeRateLimitError({
      message: 'Too many requests',
      code: 'rate_limit',
      statusCode: 429,
      requestId: 'req_busy',
      type: 'invalid_request_error',
    }),
  ];

  it.each(stripeErrors.map((e) => [e.statusCode, e] as const))(
    'Stripe %i: the shop’s message as a 502, logged as an error with Stripe’s request id',
    async (statusCode, error) => {
      const errors = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
      const info = vi.spyOn(logger, 'info').mockImplementation(() => undefined);
      const answer = await answerTo(error);
      expect(answer).toEqual({
        status: 502,
        body: { message: 'something went wrong. please try again later.' },
      });
      expect(JSON.stringify(answer.body)).not.toMatch(/payment_intent|API Key|Too many/);
      expect(errors).toHaveBeenCalledWith(
        'a provider refused or failed a call',
        expect.objectContaining({
          upstream: expect.objectContaining({ statusCode, requestId: error.requestId }),
        }),
      );
      expect(info.mock.calls.filter(([m]) => m === 'request refused')).toEqual([]);
    },
  );

  it('PayPal: the debug id and issue are logged, nothing of it answered', async () => {
    const errors = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const refused = Object.assign(new Error('Client Authentication failed'), {
      statusCode: 401,
      headers: { 'paypal-debug-id': 'f00d1234' },
      result: { name: 'AUTHENTICATION_FAILURE', details: [{ issue: 'INVALID_CLIENT' }] },
      request: { headers: { authorization: 'Basic bG9jYWw6c2VjcmV0' } },
    });
    const answer = await answerTo(refused);
    expect(answer.status).toBe(502);
    expect(answer.body.message).toBe('something went wrong. please try again later.');
    const logged = JSON.stringify(errors.mock.calls);
    expect(logged).toContain('f00d1234');
    expect(logged).toContain('INVALID_CLIENT');
    expect(logged).not.toContain('bG9jYWw6c2VjcmV0');
  });

  it('still answers what the shop itself chose to say, with its status', async () => {
    vi.spyOn(logger, 'info').mockImplementation(() => undefined);
    expect(await answerTo(httpError(404, 'order not found'))).toEqual({
      status: 404,
      body: { message: 'order not found' },
    });
  });
});

describe('an answer that is not JSON (the API reference page, GET /docs)', () => {
  it('sends a raw body as it is, with its own content-type; any other body as JSON', async () => {
    const html = '<!doctype html><title>"x"</title>';
    const page = defineHandler({}, async () =>
      respond(200, html, { headers: { 'content-type': 'text/html; charset=utf-8' }, raw: true }),
    );
    const answer = await page(event, context);
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe(html);
    expect(answer.headers?.['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.headers?.['cache-control']).toBe('no-store');
    const json = await defineHandler({}, async () => respond(200, html))(event, context);
    expect(json.body).toBe(JSON.stringify(html));
    expect(json.headers?.['content-type']).toBe('application/json; charset=utf-8');
  });
});
