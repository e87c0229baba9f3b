import { shopUrl } from '#authenticity/index.ts';
import { drawHoldId, endDrawItem, getProduct, piecePicture } from '#catalog/index.ts';
import { completeDrawSale, drawOrderFor, orderCents } from '#checkout/index.ts';
import { eachWithin } from '#platform/each-within.ts';
import { logger } from '#platform/logger.ts';
import { sendMail } from '#platform/mail.ts';
import type { DrawResult } from '#shared/draw/result.ts';
import { formatPrice } from '#shared/format.ts';
import { mailPictureLink } from '#shared/media.ts';
import { fromCents } from '#shared/money.ts';
import { captureEntry } from './adapters/entry-payments.ts';
import { readPublished } from './adapters/published-files.ts';
import { releaseHold } from './bind-payment.ts';
import { applyMove, type DrawEntity, drawMoveItem, getDraw } from './entities/draw.ts';
import { type EntryEntity, listEntries } from './entities/entry.ts';
import { claimResultMail, recordOutcome } from './entities/entry-outcome.ts';
import { resultFile } from './entities/keys.ts';
import { drawLink } from './links.ts';

/** Holds cancelled and mails sent side by side (each its own conditional write). */
const SETTLE_CONCURRENCY = 16;
/** How long one sender has an entrant's result mail before another may send it. */
const MAIL_LEASE_MS = 30_000;

export type SettleAnswer =
  | { state: 'no-draw' | 'not-drawn' }
  /** The provider could not answer a capture or a cancellation: the next run goes on. */
  | { state: 'waiting'; reason: string }
  | { state: 'settled'; draw: DrawEntity };

type Capture = typeof captureEntry;

/**
 * Settles a drawn draw (issue 35): the piece is sold to the first entrant in the published order
 * whose authorisation can still be captured (a failed capture goes to the next reserve at once),
 * with checkout's guarantees; every other authorisation is cancelled; every entrant is mailed the
 * result once. Each step is recorded as it is done, so a settlement killed anywhere and run again
 * walks the same order to the same winner, and never captures a second card or mails twice.
 */
export async function settleDraw(
  drawId: string,
  now = new Date(),
  capture: Capture = captureEntry,
): Promise<SettleAnswer> {
  let draw = await getDraw(drawId);
  if (!draw) return { state: 'no-draw' };
  if (draw.state !== 'drawn') return { state: 'not-drawn' };
  let entries = await listEntries(drawId);
  if (!draw.soldTo && !draw.unsold) {
    const sold = await sellInOrder(draw, entries, now, capture);
    if (sold) return sold;
    draw = (await getDraw(drawId)) ?? draw;
    entries = await listEntries(drawId);
  }
  const cancelProblems = await cancelOtherHolds(draw, entries);
  await mailEntrants(draw, entries);
  if (cancelProblems > 0)
    return { state: 'waiting', reason: `${cancelProblems} authorisation(s) not cancelled yet` };
  await applyMove([
    drawMoveItem(drawId, 'drawn', {
      set: { state: 'settled', settledAt: new Date().toISOString() },
      remove: ['gsi2pk', 'gsi2sk'],
    }),
  ]);
  return { state: 'settled', draw: (await getDraw(drawId)) ?? draw };
}

/** Walks the published order until a capture succeeds; undefined once the piece is sold or given back. */
async function sellInOrder(
  draw: DrawEntity,
  entries: EntryEntity[],
  now: Date,
  capture: Capture,
): Promise<SettleAnswer | undefined> {
  const text = await readPublished(resultFile(draw.drawId));
  if (text === undefined) throw new Error(`draw ${draw.drawId} is drawn without its result`);
  const result = JSON.parse(text) as DrawResult;
  const entered = new Map(entries.filter((e) => e.state === 'entered').map((e) => [e.commitment, e]));
  for (const commitment of result.order) {
    const entry = entered.get(commitment);
    if (!entry) throw new Error(`draw ${draw.drawId}: the result names ${commitment}, no entry of the draw`);
    if (entry.outcome === 'capture-failed') continue;
    if (!entry.payment || !entry.order) {
      // Nothing to charge (an entry made without a payment): it cannot take the piece.
      await recordOutcome(entry, { outcome: 'capture-failed' });
      continue;
    }
    const order = await drawOrderFor(
      {
        productId: draw.pid,
        holdId: drawHoldId(draw.drawId),
        entryId: entry.entryId,
        form: entry.order.form,
        provider: entry.payment.provider,
      },
      now.getTime(),
    );
    if (!order || orderCents(order) !== entry.order.amountCents)
      throw new Error(`draw ${draw.drawId}: the winner's order is not the amount authorised`);
    const captured = await capture(entry);
    if (captured.outcome === 'failed') return { state: 'waiting', reason: captured.message };
    if (captured.outcome === 'cannot-capture') {
      logger.warn('a draw winner’s authorisation could not be captured: the next reserve is offered', {
        drawId: draw.drawId,
        entryId: entry.entryId,
        reason: captured.reason,
      });
      await recordOutcome(entry, { outcome: 'capture-failed' });
      continue;
    }
    await recordOutcome(entry, { outcome: 'won', paymentSettled: 'captured' });
    const sale = await completeDrawSale(
      order,
      {
        provider: entry.payment.provider,
        paymentRef: entry.payment.id,
        amountCents: captured.amountCents,
        eventId: `draw:${draw.drawId}`,
      },
      now.getTime(),
    );
    if (sale !== 'sold' && sale !== 'already-done')
      throw new Error(`draw ${draw.drawId}: the winner's sale needs attention (${sale})`);
    await applyMove([
      drawMoveItem(draw.drawId, 'drawn', {
        set: { soldTo: entry.entryId, checkoutCode: order.checkoutCode },
        condition: 'attribute_not_exists(soldTo) OR soldTo = :entry',
        values: { ':entry': entry.entryId },
      }),
    ]);
    return undefined;
  }
  // No entrant's card could pay: the piece is first come again.
  await applyMove([
    drawMoveItem(draw.drawId, 'drawn', { set: { unsold: true } }),
    endDrawItem(draw.pid, draw.drawId),
  ]);
  return undefined;
}

/** Cancels every authorisation but the winner's; answers how many could not be cancelled now. */
async function cancelOtherHolds(draw: DrawEntity, entries: EntryEntity[]): Promise<number> {
  let problems = 0;
  const toCancel = entries.filter((e) => e.payment && !e.paymentSettled && e.entryId !== draw.soldTo);
  await eachWithin(toCancel, SETTLE_CONCURRENCY, Number.POSITIVE_INFINITY, async (entry) => {
    if (await releaseHold(entry)) await recordOutcome(entry, { paymentSettled: 'cancelled' });
    else problems++;
  });
  return problems;
}

/** Every binding entrant is told the result, once. */
async function mailEntrants(draw: DrawEntity, entries: EntryEntity[]): Promise<void> {
  const piece = await getProduct(draw.pid);
  const productName = piece?.name ?? draw.pid;
  const picture = await piecePicture(draw.pid);
  const pictureLink = (picture && mailPictureLink(picture, shopUrl())) ?? '';
  const toMail = entries.filter((e) => e.state === 'entered' && !e.mailedAt);
  await eachWithin(toMail, SETTLE_CONCURRENCY, Number.POSITIVE_INFINITY, async (entry) => {
    const at = Date.now();
    if (!(await claimResultMail(entry, at, at + MAIL_LEASE_MS))) return;
    const won = entry.entryId === draw.soldTo;
    const common = { productName, drawLink: drawLink(draw.drawId), salt: entry.salt };
    await sendMail(
      won
        ? {
            to: entry.email,
            template: 'draw-won',
            data: {
              ...common,
              name: String(entry.order?.form.name ?? ''),
              total: formatPrice(fromCents(entry.order?.amountCents ?? 0)),
              checkoutCode: draw.checkoutCode ?? '',
              pictureLink,
            },
          }
        : { to: entry.email, template: 'draw-lost', data: common },
    );
    await recordOutcome(entry, {
      mailedAt: new Date(at).toISOString(),
      ...(won ? {} : { outcome: entry.outcome ?? 'lost' }),
    });
  });
}
