import { getAuthRecord } from '#authenticity/index.ts';
import { getProduct } from '#catalog/index.ts';
import { defineHandler } from '#platform/handler.ts';
import { httpError } from '#platform/http-error.ts';
import { passportPieceContract } from '#shared/contracts/passport.ts';
import { PASSPORT_MESSAGES } from '#shared/passport/messages.ts';
import { newestCertificate } from '../entities/log-reads.ts';
import { pieceHistory } from '../piece-history.ts';

/**
 * GET /passport/pieces/{pid}[?since=<size>] — a piece's public passport: its newest certificate
 * and code, its log entries with their proofs against the latest checkpoint, that checkpoint,
 * the map proof that they are all of the piece's entries,
 * whether it is reported lost, and with `since` the consistency proof from that size. Nothing
 * personal: no e-mail, name, card number or salt (the owner appears only as a commitment).
 * 404 "no passport for this piece" for a piece with no certificate and no entry; 400 for a
 * `since` past the log's signed size.
 */
export const handler = defineHandler(passportPieceContract, async ({ path, query }) => {
  const pid = path.pid;
  const [certificate, history, product] = await Promise.all([
    newestCertificate(pid),
    pieceHistory(pid, query.since),
    getProduct(pid),
  ]);
  if (!history) throw httpError(400, 'since is past the log’s signed size');
  if (!certificate && history.entries.length === 0) throw httpError(404, PASSPORT_MESSAGES.noPassport);
  const record = product?.cardNumber ? await getAuthRecord(product.cardNumber) : undefined;
  return {
    status: 200 as const,
    piece: pid,
    certificate: certificate?.jws ?? null,
    code: certificate?.code ?? null,
    entries: history.entries,
    checkpoint: history.checkpoint,
    map: history.map,
    lost: record?.pid === pid && record.lost === true,
    ...(history.consistency ? { consistency: history.consistency } : {}),
  };
});
