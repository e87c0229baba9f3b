import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { recordAwsCalls } from '#platform/aws-call-log.ts';

/**
 * The shop's secrets (Stripe and PayPal keys, webhook secrets, the CloudFront origin check)
 * live in one Secrets Manager secret whose ARN is SHOP_SECRETS_ARN. They are read once per
 * Lambda container, at the first request, and put in the environment beside the other
 * settings, so the code that needs one reads `process.env` as it does locally (where the local
 * stack sets them directly and SHOP_SECRETS_ARN is unset).
 */
let loading: Promise<void> | undefined;

export function loadSecrets(): Promise<void> {
  const arn = process.env.SHOP_SECRETS_ARN;
  if (!arn) return Promise.resolve();
  loading ??= fetchSecrets(arn).catch((error: unknown) => {
    loading = undefined; // the next request tries again
    throw error;
  });
  return loading;
}

async function fetchSecrets(arn: string): Promise<void> {
  const client = recordAwsCalls(new SecretsManagerClient({}));
  const answer = await client.send(new GetSecretValueCommand({ SecretId: arn }));
  const values = JSON.parse(answer.SecretString ?? '{}') as Record<string, unknown>;
  for (const [name, value] of Object.entries(values)) {
    // A setting given explicitly to the function wins; empty placeholders are skipped.
    if (typeof value === 'string' && value !== '' && !process.env[name]) process.env[name] = value;
  }
}
