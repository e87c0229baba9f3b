import { invokeFunction } from '#platform/invoke-function.ts';
import { fromBase64 } from '#shared/passport/bytes.ts';
import { checkpointBody, logOrigin } from '#shared/passport/checkpoint.ts';
import * as z from '#shared/zod.ts';
import type { LogHead } from './entities/log-items.ts';
import { issuer } from './issuer.ts';
import { PASSPORT_SIGNER_FUNCTION } from './signer.ts';

/** The log's origin line: the shop's host (docs/passport.md, The log). */
export const shopLogOrigin = () => logOrigin(issuer());

/** The note body of the log's checkpoint at this head (docs/passport.md, The log). */
export function headCheckpointBody(head: LogHead): string {
  const root = fromBase64(head.root);
  if (!root) throw new Error('the head root is not base64');
  return checkpointBody({ origin: shopLogOrigin(), size: head.size, root });
}

const checkpointAnswerSchema = z.strictObject({
  kid: z.string().check(z.regex(/^[0-9a-f]{8}$/)),
  note: z.string(),
});

/**
 * The signed checkpoint note of the head, from the passport signer (which checks the body is
 * the head's own, read by itself, before signing).
 */
export async function signCheckpointNote(head: LogHead): Promise<string> {
  const answer = await invokeFunction(PASSPORT_SIGNER_FUNCTION, {
    kind: 'checkpoint',
    body: headCheckpointBody(head),
  });
  return z.parse(checkpointAnswerSchema, answer).note;
}
