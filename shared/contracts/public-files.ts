import type { KeySet } from '#shared/passport/keys.ts';
import * as z from '#shared/zod.ts';

/**
 * The passport's key set as published at /.well-known/passport-keys.json (docs/passport.md, Keys):
 * the schema the API document describes it with, held to shared/passport/keys.ts's KeySet both ways.
 */
const passportKey = z.object({
  kid: z.string(),
  jwk: z.object({ kty: z.literal('EC'), crv: z.literal('P-256'), x: z.string(), y: z.string() }),
  from: z.string(),
  until: z.optional(z.string()),
});
export const keySetSchema = z.object({
  issuer: z.string(),
  keys: z.array(passportKey),
  logKeys: z.optional(z.array(z.object({ vkey: z.string(), from: z.string() }))),
  witnessPolicy: z.optional(z.string()),
});
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const keySetIsKeySet: Same<z.infer<typeof keySetSchema>, KeySet> = true;
void keySetIsKeySet;
