import { parseWitnessPolicy, type WitnessPolicy } from '#shared/passport/witness-policy.ts';

/**
 * The deployment's witnesses (docs/passport.md, Witnesses): PASSPORT_WITNESSES holds the
 * published witness policy, a C2SP tlog-policy text whose `witness` lines carry each witness's
 * name, Ed25519 vkey and submission URL (infra/stack.ts from the deployment's settings; locally
 * infra/local/stack.ts, naming its two stand-ins). Unset: no witnesses, no policy published.
 */
export const PASSPORT_WITNESSES = 'PASSPORT_WITNESSES';

export function witnessPolicyText(): string | undefined {
  const text = process.env[PASSPORT_WITNESSES];
  return text?.trim() ? text : undefined;
}

let parsed: { text: string; policy: Promise<WitnessPolicy | undefined> } | undefined;

/** The policy read, or undefined when there is none; an unreadable one is a deployment fault. */
export async function witnessPolicy(): Promise<WitnessPolicy | undefined> {
  const text = witnessPolicyText();
  if (!text) return undefined;
  if (parsed?.text !== text) parsed = { text, policy: parseWitnessPolicy(text) };
  const policy = await parsed.policy;
  if (!policy) throw new Error(`${PASSPORT_WITNESSES} is not a witness policy (docs/passport.md, Witnesses)`);
  return policy;
}
