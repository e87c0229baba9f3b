/** The CDK app (`cdk.json` runs it with Node 24, which strips the types). */
import { App, Tags } from 'aws-cdk-lib';
import { parseWitnessPolicy } from '#shared/passport/witness-policy.ts';
import { shopSettingsFromContext } from '#shared/shop-settings.ts';
import { BoutiqueStack } from './stack.ts';

/**
 * One stack per environment: `npx cdk deploy -c stage=prod -c domainName=… -c certificateArn=…
 * -c alarmEmail=…` (stage defaults to dev).
 */
const app = new App();
const context = (name: string): string | undefined => app.node.tryGetContext(name) ?? undefined;
const stage = context('stage') ?? 'dev';
if (!/^[a-z][a-z0-9-]{0,15}$/.test(stage)) throw new Error('stage: lower-case letters, digits and dashes');

// The shop's name, addresses and sister sites (cdk.json context.shop, -c shop.<name>=…): a
// production stage refuses placeholders, so the synth stops here with the values to set.
const shop = shopSettingsFromContext(stage, (name) => app.node.tryGetContext(name));

// The passport log's witnesses (docs/passport.md, Witnesses): `-c passportWitnesses=<policy>` or
// cdk.json's context, a tlog-policy text or its lines as a list. Refused unless it reads.
const witnessContext: unknown = app.node.tryGetContext('passportWitnesses');
const passportWitnesses = Array.isArray(witnessContext)
  ? `${witnessContext.join('\n')}\n`
  : typeof witnessContext === 'string'
    ? witnessContext
    : undefined;
if (passportWitnesses && !(await parseWitnessPolicy(passportWitnesses)))
  throw new Error('passportWitnesses: not a witness policy (docs/passport.md, Witnesses)');

// Above this amount (USD) every card payment asks for 3-D Secure: `-c threeDSecureAboveUsd=1000`.
const threeDSecureAboveUsd = Number(context('threeDSecureAboveUsd') ?? 1000);
if (!Number.isFinite(threeDSecureAboveUsd) || threeDSecureAboveUsd < 0)
  throw new Error('threeDSecureAboveUsd: an amount in USD, 0 or more');

const stack = new BoutiqueStack(app, `Boutique-${stage}`, {
  threeDSecureAboveUsd,
  shop,
  description: `One-of-one boutique (${stage}): CloudFront, HTTP API, Lambda handlers, DynamoDB table, media and web buckets`,
  stage,
  ...(context('domainName') ? { domainName: context('domainName') } : {}),
  ...(context('certificateArn') ? { certificateArn: context('certificateArn') } : {}),
  ...(context('alarmEmail') ? { alarmEmail: context('alarmEmail') } : {}),
  ...(context('mailDomain') ? { mailDomain: context('mailDomain') } : {}),
  ...(passportWitnesses ? { passportWitnesses } : {}),
});
Tags.of(stack).add('app', 'boutique');
Tags.of(stack).add('stage', stage);
app.synth();
