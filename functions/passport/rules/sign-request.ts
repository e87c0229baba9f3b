import { toBase64url } from '#shared/passport/base64url.ts';
import { fromBase64 } from '#shared/passport/bytes.ts';
import { checkpointBody } from '#shared/passport/checkpoint.ts';
import { type CodeFields, codeBody, codeText, parseCode } from '#shared/passport/code.ts';
import * as z from '#shared/zod.ts';

/**
 * What the passport signer is asked to sign (functions/passport/jobs/passport-signer.ts). Only
 * what the passport's formats allow is ever signed: a card code's body (docs/passport.md, The
 * code) as `codeBody` writes it, by the field rules of `parseCode`, on a real calendar day.
 */
const NO_SIGNATURE_YET = toBase64url(new Uint8Array(64));

/** The fields of a code body, or undefined for anything `codeBody` would not have written. */
export function codeBodyFields(body: string): CodeFields | undefined {
  const code = parseCode(codeText(body, NO_SIGNATURE_YET));
  if (!code || code.signed !== body || codeBody(code) !== body) return undefined;
  const day = new Date(`${code.issued}T00:00:00.000Z`);
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== code.issued) return undefined;
  const { signed: _signed, signature: _signature, ...fields } = code;
  return fields;
}

/**
 * The fields of a checkpoint note body (docs/passport.md, The log: `<origin>\n<size>\n<base64
 * root>\n`) as `checkpointBody` writes it, or undefined for anything else.
 */
export function checkpointBodyFields(
  body: string,
): { origin: string; size: number; root: string } | undefined {
  const match = /^([^\s+]+)\n(0|[1-9]\d{0,15})\n([A-Za-z0-9+/]{43}=)\n$/.exec(body);
  const root = match && fromBase64(match[3] as string);
  if (!match || root?.length !== 32) return undefined;
  const fields = { origin: match[1] as string, size: Number(match[2]), root: match[3] as string };
  if (!Number.isSafeInteger(fields.size) || checkpointBody({ ...fields, root }) !== body) return undefined;
  return fields;
}

export const signRequestSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('sign-code'),
    body: z.string().check(
      z.refine((body) => codeBodyFields(body) !== undefined, {
        error: 'not a card code body (docs/passport.md, The code)',
      }),
    ),
  }),
  // The signer signs it only when it is the head's own (size and root), which it reads itself.
  z.strictObject({
    kind: z.literal('checkpoint'),
    body: z.string().check(
      z.refine((body) => checkpointBodyFields(body) !== undefined, {
        error: 'not a checkpoint note body (docs/passport.md, The log)',
      }),
    ),
  }),
]);
export type SignRequest = z.infer<typeof signRequestSchema>;
