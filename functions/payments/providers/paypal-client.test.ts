import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  MAX_EVENT_DEPTH,
  paypalBrowserSdk,
  resetPaypalClient,
  verifyPaypalWebhook,
} from './paypal-client.ts';

const headers = {
  'paypal-auth-algo': 'SHA256withRSA',
  'paypal-cert-url': 'https://api.paypal.com/v1/notifications/certs/CERT',
  'paypal-transmission-id': 'id-1',
  'paypal-transmission-sig': 'sig',
  'paypal-transmission-time': '2026-01-01T00:00:00Z',
};

const urlOf = (input: string | URL | Request) => String(input instanceof Request ? input.url : input);
const nested = (depth: number) => `${'{"a":'.repeat(depth - 1)}{}${'}'.repeat(depth - 1)}`;

describe('verifyPaypalWebhook', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
    resetPaypalClient();
  });

  /** PayPal, as far as this check sees it: an OAuth token, then the verification answer. */
  function fakePaypal(status: string) {
    vi.stubEnv('PAYPAL_CLIENT_ID', 'client');
    vi.stubEnv('PAYPAL_CLIENT_SECRET', 'secret');
    vi.stubEnv('PAYPAL_WEBHOOK_ID', 'WH-1');
    vi.stubEnv('PAYPAL_API_BASE', 'http://paypal.test');
    const fetch = vi.fn(async (input: string | URL | Request) => {
      const url = urlOf(input);
      const body = url.endsWith('/v1/oauth2/token')
        ? { access_token: 'token', token_type: 'Bearer', expires_in: 3600 }
        : { verification_status: status };
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    });
    vi.stubGlobal('fetch', fetch);
    return fetch;
  }

  it('asks PayPal about an event of ordinary depth', async () => {
    const fetch = fakePaypal('SUCCESS');
    await expect(verifyPaypalWebhook(headers, nested(MAX_EVENT_DEPTH))).resolves.toBe(true);
    expect(fetch.mock.calls.map(([input]) => urlOf(input))).toContain(
      'http://paypal.test/v1/notifications/verify-webhook-signature',
    );
  });

  it('refuses, without asking PayPal, a body nested deeper than any PayPal event', async () => {
    // Found by the fuzz suite: a body nested 20 000 levels deep overflowed the SDK's JSON writer (500).
    const fetch = fakePaypal('SUCCESS');
    await expect(verifyPaypalWebhook(headers, nested(20_000))).resolves.toBe(false);
    await expect(verifyPaypalWebhook(headers, `[${nested(MAX_EVENT_DEPTH)}]`)).resolves.toBe(false);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('refuses a missing signature header and a body that is not a JSON object', async () => {
    const { 'paypal-transmission-sig': _sig, ...unsigned } = headers;
    await expect(verifyPaypalWebhook(unsigned, '{}')).resolves.toBe(false);
    await expect(verifyPaypalWebhook(headers, '{')).resolves.toBe(false);
    await expect(verifyPaypalWebhook(headers, '7')).resolves.toBe(false);
  });

  it('refuses, without asking PayPal, a transmission time more than 5 minutes ahead, or none', async () => {
    const fetch = fakePaypal('SUCCESS');
    const at = (ms: number) => ({
      ...headers,
      'paypal-transmission-time': new Date(Date.now() + ms).toISOString(),
    });
    await expect(verifyPaypalWebhook(at(3_600_000), '{}')).resolves.toBe(false);
    await expect(verifyPaypalWebhook(at(310_000), '{}')).resolves.toBe(false);
    await expect(verifyPaypalWebhook({ ...headers, 'paypal-transmission-time': 'soon' }, '{}')).resolves.toBe(
      false,
    );
    expect(fetch).not.toHaveBeenCalled();
    // A little ahead (clocks differ), or in the past (PayPal's retries): asked.
    await expect(verifyPaypalWebhook(at(60_000), '{}')).resolves.toBe(true);
    await expect(verifyPaypalWebhook(at(-3 * 86_400_000), '{}')).resolves.toBe(true);
  });
});

describe('paypalBrowserSdk (GET /paypal/sdk)', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('answers the public client id and the environment, and the stand-in script only locally', () => {
    vi.stubEnv('PAYPAL_CLIENT_ID', 'client-public');
    vi.stubEnv('PAYPAL_API_BASE', '');
    vi.stubEnv('PAYPAL_ENVIRONMENT', 'production');
    expect(paypalBrowserSdk()).toEqual({ clientId: 'client-public', environment: 'production' });
    vi.stubEnv('PAYPAL_ENVIRONMENT', 'sandbox');
    expect(paypalBrowserSdk()).toEqual({ clientId: 'client-public', environment: 'sandbox' });
    vi.stubEnv('PAYPAL_API_BASE', 'http://127.0.0.1:4510');
    vi.stubEnv('PAYPAL_ENVIRONMENT', '');
    expect(paypalBrowserSdk()).toEqual({
      clientId: 'client-public',
      environment: 'sandbox',
      standInScript: '/__payments/web-sdk/v6/core',
    });
  });

  it('refuses to answer without a client id or with an unknown environment', () => {
    vi.stubEnv('PAYPAL_API_BASE', '');
    vi.stubEnv('PAYPAL_CLIENT_ID', '');
    vi.stubEnv('PAYPAL_ENVIRONMENT', 'sandbox');
    expect(() => paypalBrowserSdk()).toThrow('PAYPAL_CLIENT_ID is not set');
    vi.stubEnv('PAYPAL_CLIENT_ID', 'client-public');
    vi.stubEnv('PAYPAL_ENVIRONMENT', 'live');
    expect(() => paypalBrowserSdk()).toThrow('PAYPAL_ENVIRONMENT must be sandbox or production, not live');
  });
});
