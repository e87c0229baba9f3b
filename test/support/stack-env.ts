import { inject } from 'vitest';
import { mailFromHeader } from '#shared/shop-settings.ts';
import { LOCAL_SHOP_SETTINGS } from '../../infra/local/shop-settings.ts';
import { LOCAL_THREE_D_SECURE_ABOVE_CENTS, PASSPORT_SIGNER } from '../../infra/local/stack.ts';

/**
 * Points this test worker's AWS SDK at the run's local stack, the way the gateway process is
 * pointed, so data-layer and domain code can be tested directly.
 */
/** The local stack's shop settings as its functions get them (infra/local/stack.ts). */
export function localShopEnvironment(): Record<
  'MAIL_FROM' | 'SHOP_NAME' | 'SUPPORT_EMAIL' | 'ORDERS_EMAIL',
  string
> {
  return {
    MAIL_FROM: mailFromHeader(LOCAL_SHOP_SETTINGS),
    ORDERS_EMAIL: LOCAL_SHOP_SETTINGS.ordersEmail,
    SHOP_NAME: LOCAL_SHOP_SETTINGS.name,
    SUPPORT_EMAIL: LOCAL_SHOP_SETTINGS.supportEmail,
  };
}

export function pointAtLocalStack(): void {
  Object.assign(process.env, {
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    // This start's session token: the Lambda and KMS stand-ins answer only requests signed with it.
    AWS_SESSION_TOKEN: inject('awsSessionToken'),
    AWS_ENDPOINT_URL_DYNAMODB: inject('dynamoDbUrl'),
    AWS_ENDPOINT_URL_SESV2: inject('sesUrl'),
    AWS_ENDPOINT_URL_KMS: inject('kmsUrl'),
    AWS_ENDPOINT_URL_LAMBDA: inject('lambdaUrl'),
    TABLE_NAME: inject('tableName'),
    // The passport's signing key and its signer, as the stack gives them to its functions.
    PASSPORT_KEY_ID: inject('passportKeyId'),
    PASSPORT_LOG_KEY_ID: inject('passportLogKeyId'),
    PASSPORT_WITNESSES: inject('witnessPolicy'),
    PASSPORT_SIGNER_FUNCTION: PASSPORT_SIGNER,
    // The randomness beacon and its pinned chain.
    ...inject('drand'),
    // Links in mail (the portal's in the password mails) are to the local shop.
    SHOP_URL: inject('baseUrl'),
    ...localShopEnvironment(),
    // The payments stand-in, with the keys the local stack gives it (infra/local/stack.ts).
    STRIPE_SECRET_KEY: 'sk_test_local_boutique',
    STRIPE_API_BASE: inject('paymentsUrl'),
    PAYPAL_CLIENT_ID: 'local-paypal-client',
    PAYPAL_CLIENT_SECRET: 'local-paypal-secret',
    PAYPAL_API_BASE: inject('paymentsUrl'),
    PAYPAL_ENVIRONMENT: 'sandbox',
    // Card payments above it ask for 3-D Secure, as on the local stack.
    THREE_D_SECURE_ABOVE_CENTS: LOCAL_THREE_D_SECURE_ABOVE_CENTS,
  });
}

export interface SentMail {
  destination: { to: string[] };
  subject: string;
  /** The text part and the HTML part, as SES rendered the template. */
  body: { text?: string; html?: string };
}

/** Every mail the SES stand-in received. */
export async function allMail(): Promise<SentMail[]> {
  return ((await (await fetch(`${inject('sesUrl')}/store`)).json()) as { emails: SentMail[] }).emails;
}

/** Mail the SES stand-in received for one address. */
export async function mailTo(address: string): Promise<SentMail[]> {
  return (await allMail()).filter((m) => m.destination.to.includes(address));
}
