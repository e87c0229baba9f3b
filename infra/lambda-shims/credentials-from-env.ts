import { fromEnv } from '@aws-sdk/credential-provider-env';

/**
 * Stands in for `@aws-sdk/credential-provider-node` in the Lambda bundles (an esbuild alias,
 * infra/build-functions.ts): Lambda always gives a function its role's credentials in the
 * environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN), so the default
 * chain's SSO, INI, process, web-identity, container and IMDS providers, with their nested STS
 * and SSO clients, are dead weight in every cold start. Locally the stand-ins get the same
 * variables (infra/local/stack.ts), which the bundles pass proves.
 */
export const defaultProvider = (init?: Parameters<typeof fromEnv>[0]) => fromEnv(init);
