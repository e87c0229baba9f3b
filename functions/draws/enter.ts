import { getProduct, getType, type ProductEntity, type TypeEntity } from '#catalog/index.ts';
import { checkoutCodeFor } from '#checkout/index.ts';
import { isConfirmedMember } from '#members/index.ts';
import {
  inPagePaymentSetup,
  type PaymentTypeCode,
  paymentProvider,
  type StartedPayment,
} from '#payments/index.ts';
import { upstreamFailure } from '#platform/handler.ts';
import { httpError } from '#platform/http-error.ts';
import { logger, safeError } from '#platform/logger.ts';
import { CHECKOUT_MESSAGES, type CheckoutRequest } from '#shared/checkout.ts';
import { DRAW_MESSAGES } from '#shared/contracts/draws.ts';
import { toCents } from '#shared/money.ts';
import { PricingError, type Quote, quote } from '#shared/pricing.ts';
import type { Limit } from '#table/rate-limit.ts';
import { takeAttempt } from '#table/rate-limit.ts';
import { type DrawEntity, getDraw } from './entities/draw.ts';
import { claimedNow, type EntryEntity, enterDraw, getEntry } from './entities/entry.ts';
import {
  bumpPaymentAttempt,
  countRefusal,
  type RefusalReason,
  setEntryPayment,
} from './entities/entry-binding.ts';
import { readEntryLink } from './entities/entry-link.ts';
import { entryPageLink } from './links.ts';
import { mailAddressTaken } from './mail-address-taken.ts';
import { entryIdFor, entryTokenHash, holdsEntryToken } from './rules/entry-token.ts';

/**
 * Entries a client address may make in an hour: a household or an office behind one address
 * enters a few times, a script from one address is refused after these. Retries of one entry
 * (its own key) are not counted.
 */
export const DRAW_ENTRIES_PER_ADDRESS: Limit = { name: 'draw-entry', max: 6, windowSeconds: 60 * 60 };

export interface EnteredDraw {
  entry: EntryEntity;
  /**
   * Where the entrant authorises: the page's payment step (its secret), or the provider's page;
   * asked `later`, no payment yet: only what the page's payment step loads with (an in-page provider's).
   */
  authorise: StartedPayment | { later: true; page?: ReturnType<typeof inPagePaymentSetup> };
  quote: Quote;
  draw: DrawEntity;
}

const refuse = async (drawId: string, reason: RefusalReason, status: number, message: string) => {
  await countRefusal(drawId, reason);
  return httpError(status, message);
};

function priced(form: CheckoutRequest, product: ProductEntity, type: TypeEntity | undefined): Quote {
  try {
    return quote({
      priceUs: product.priceUs,
      removeShipmentCharge: product.removeShipmentCharge,
      shippingPrices: type?.shippingPrices ?? {},
      country: form.country ?? '',
      state: form.state,
      city: form.city,
      discountPercent: 0,
    });
  } catch (error) {
    if (error instanceof PricingError) throw httpError(400, CHECKOUT_MESSAGES.fillAllFields);
    throw error;
  }
}

/** The form an order is made of, without the entry's secret. */
function orderForm(form: CheckoutRequest): Record<string, unknown> {
  const { checkoutKey: _secret, discountCode: _code, discountAmount: _amount, ...kept } = form;
  // As the form is sent (checkout's schema reads these two as text), so the order parses it again.
  return { ...kept, paymentType: String(kept.paymentType), hasBilling: String(kept.hasBilling) };
}

/** Why a mailed link makes no entry, in words. */
const LINK_REFUSALS = {
  unknown: [403, DRAW_MESSAGES.linkUnknown],
  used: [410, DRAW_MESSAGES.linkUsed],
  expired: [410, DRAW_MESSAGES.linkExpired],
} as const;

/**
 * One binding entry's first half (issues 35, 44): made through the link mailed to a confirmed
 * member's address, whose e-mail is the entry's (never the form's), spent by it; in the window;
 * refused early if a binding entry holds the e-mail or the shipping address (claimed only when
 * binding: a pending entry holds nothing); an authorisation of exactly the amount checkout would
 * charge, not captured (payments' manual capture, by the provider the form chose). The entry is
 * binding when its provider says the payment is authorised.
 * The same key again is the same entry: its authorisation is answered again (no link needed).
 * `authorise: 'later'` (Stripe's deferred intent: the Payment Element collects the card before any
 * PaymentIntent exists) makes or answers the entry with every refusal above but starts no payment:
 * the same key again without it, at the pay click, starts the authorisation.
 */
export async function enterDrawWith(
  drawId: string,
  form: CheckoutRequest & { link: string; authorise?: 'later' },
  client: string,
  now = new Date(),
): Promise<EnteredDraw> {
  const draw = await getDraw(drawId);
  if (!draw) throw httpError(404, DRAW_MESSAGES.noDraw);
  if (form.id !== draw.pid) throw httpError(400, DRAW_MESSAGES.wrongPiece);
  const entryId = entryIdFor(drawId, form.checkoutKey);
  let entry = await getEntry(drawId, entryId);
  if (entry && !holdsEntryToken(entry, form.checkoutKey)) throw httpError(409, DRAW_MESSAGES.refused);
  if (entry && entry.state !== 'pending' && entry.state !== 'entered')
    throw httpError(409, stateMessage(entry));
  const product = await getProduct(draw.pid);
  if (!product) throw httpError(404, DRAW_MESSAGES.noDraw);
  const amounts = priced(form, product, await getType(product.typeId));

  if (!entry) {
    if (!(await takeAttempt(DRAW_ENTRIES_PER_ADDRESS, client)))
      throw await refuse(drawId, 'too-many-tries', 429, DRAW_MESSAGES.tooManyTries);
    const link = await readEntryLink(drawId, form.link, now.getTime());
    if (!link.ok) {
      const [status, message] = LINK_REFUSALS[link.reason];
      throw await refuse(drawId, 'invalid-link', status, message);
    }
    const { email } = link.link;
    if (!(await isConfirmedMember(email)))
      throw await refuse(drawId, 'not-a-member', 403, DRAW_MESSAGES.notMember);
    const place = {
      address1: form.address1 ?? '',
      address2: form.address2,
      unit: form.unit,
      city: form.city ?? '',
      state: form.state,
      postalCode: form.postalCode,
      country: form.country ?? '',
    };
    const taken = await claimedNow(drawId, email, place);
    if (taken === 'email') throw await refuse(drawId, 'duplicate-email', 409, DRAW_MESSAGES.duplicateEmail);
    if (taken === 'address') {
      await mailAddressTaken({ drawId, email, place, authorised: false });
      throw await refuse(drawId, 'duplicate-address', 409, DRAW_MESSAGES.duplicateAddress);
    }
    const { link: token, authorise: _when, ...formFields } = form;
    const entered = await enterDraw(
      {
        drawId,
        entryId,
        email,
        address: place,
        awaitingPayment: true,
        link: { token, entity: link.link },
        tokenHash: entryTokenHash(form.checkoutKey),
        // The order is made for the link's address: its mails go to the mailbox that entered.
        order: {
          form: orderForm({ ...formFields, email }),
          amountCents: toCents(amounts.total),
          currency: 'usd',
        },
      },
      now,
    );
    if (!entered.ok) {
      if (entered.reason === 'link-spent')
        throw await refuse(drawId, 'invalid-link', 410, DRAW_MESSAGES.linkUsed);
      if (entered.reason === 'no-draw') throw httpError(404, DRAW_MESSAGES.noDraw);
      throw await refuse(
        drawId,
        'window',
        409,
        entered.reason === 'not-open-yet' ? DRAW_MESSAGES.notOpenYet : DRAW_MESSAGES.closed,
      );
    }
    entry = entered.entry;
  }

  if (form.authorise === 'later') {
    const provider = paymentProvider(form.paymentType as PaymentTypeCode);
    const page = provider.flow === 'in-page' ? inPagePaymentSetup() : undefined;
    return { entry, authorise: { later: true, ...(page ? { page } : {}) }, quote: amounts, draw };
  }

  const amountCents = entry.order?.amountCents ?? toCents(amounts.total);
  const description = `Draw entry: ${product.name} (one of one)`;
  try {
    const provider = paymentProvider(form.paymentType as PaymentTypeCode);
    const started = await provider.start({
      amountCents,
      currency: 'usd',
      capture: 'manual',
      description,
      idempotencyKey: `draw-entry:${entryId}:${entry.paymentAttempt ?? 0}`,
      // The winner's order code: a provider that carries it back (on its capture's notice)
      // completes that order too; the metadata names the entry the authorisation is for.
      reference: checkoutCodeFor(draw.pid, entryId),
      metadata: { drawId, entryId, pid: draw.pid },
      email: entry.email,
      returnUrl: entryPageLink(drawId, entryId),
      cancelUrl: entryPageLink(drawId, entryId),
    });
    const payment = { provider: provider.kind, id: started.paymentRef };
    await setEntryPayment(drawId, entryId, payment);
    return { entry: { ...entry, payment }, authorise: started, quote: amounts, draw };
  } catch (error) {
    logger.error('an entry’s authorisation could not be started', {
      error: safeError(error),
      upstream: upstreamFailure(error),
      drawId,
      entryId,
    });
    // The entry stays pending without a payment: its page tries again with the same key (the same
    // entry, a new attempt); never authorised, it lapses at the close and lets go of its claims.
    if (!entry.payment) await bumpPaymentAttempt(drawId, entryId).catch(() => undefined);
    throw httpError(502, DRAW_MESSAGES.paymentFailed);
  }
}

/** Why an entry in this state can do nothing more. */
export function stateMessage(entry: EntryEntity): string {
  if (entry.state === 'withdrawn') return DRAW_MESSAGES.alreadyWithdrawn;
  if (entry.state === 'refused') return refusalMessage(entry.refusedFor ?? 'card');
  return DRAW_MESSAGES.refused;
}

/** The refusal of an entry whose claim another binding entry held first. */
export function refusalMessage(taken: 'email' | 'address' | 'card'): string {
  if (taken === 'email') return DRAW_MESSAGES.duplicateEmail;
  if (taken === 'address') return DRAW_MESSAGES.duplicateAddress;
  return DRAW_MESSAGES.duplicateCard;
}
