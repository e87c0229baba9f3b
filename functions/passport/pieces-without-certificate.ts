import { listPieceIds } from '#catalog/index.ts';
import { eachWithin } from '#platform/each-within.ts';
import { hasCertificate } from './entities/certificate.ts';

/** Pieces looked up at once. */
const LOOKUPS_AT_ONCE = 8;

/** The pieces without a certificate, oldest first; of `pieces` only, when given. */
export async function piecesWithoutCertificate(pieces?: readonly string[]): Promise<string[]> {
  const ids = pieces ?? (await listPieceIds()).map((piece) => piece.id);
  const lacking = new Set<string>();
  await eachWithin(ids, LOOKUPS_AT_ONCE, Number.POSITIVE_INFINITY, async (pid) => {
    if (!(await hasCertificate(pid))) lacking.add(pid);
  });
  return ids.filter((pid) => lacking.has(pid));
}
