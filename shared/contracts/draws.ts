import { checkoutKeySchema, checkoutRequestSchema } from '#shared/checkout.ts';
import { emailSchema, idSchema } from '#shared/schemas.ts';
import * as z from '#shared/zod.ts';
import { serverAmountsSchema } from './checkout.ts';
import type { Contract } from './contract.ts';

/** How long a mailed entry link works (functions/draws/entities/entry-link.ts). */
export const ENTRY_LINK_MINUTES = 30;

/**
 * The release draws (issue 35, docs/draw.md): a piece offered by a draw is entered in its window
 * by confirmed members, each through a link mailed to their address (issue 44: holding the
 * mailbox is the proof), one binding entry per person (e-mail, card, shipping address), its card
 * authorised and captured only if it wins; the list of entries is published as commitments when
 * the window closes and the winner follows from it and a drand round nobody knew then.
 */
export const DRAW_MESSAGES = {
  noDraw: 'this draw does not exist.',
  noEntry: 'this entry does not exist.',
  wrongPiece: 'this piece is not the one this draw offers.',
  notMember:
    'only members who confirmed their e-mail may enter a draw. become a member, open the link we mail you, then enter.',
  /** The answer to every link request, member or not: it tells no one who is a member. */
  linkSent: `if this address is a confirmed member's, a link to enter is on its way to it: open it within ${ENTRY_LINK_MINUTES} minutes. each link makes one entry. not a member yet? become one, confirm your e-mail, then ask again.`,
  noLink: 'a draw is entered through the link we mail to a member’s address: ask for one on the draw’s page.',
  linkUnknown: 'this link does not enter this draw. ask for a new one on the draw’s page.',
  linkUsed: 'this link made an entry already: each link makes one. ask for a new one on the draw’s page.',
  linkExpired: `this link has expired: it works for ${ENTRY_LINK_MINUTES} minutes. ask for a new one on the draw’s page.`,
  duplicateEmail: 'this e-mail has entered this draw already: one entry per person.',
  duplicateAddress:
    'another binding entry of this draw ships to this address already: one entry per address. nothing is charged. if nobody else at this address entered, write to us: we have mailed you what to do.',
  duplicateCard:
    'this card or PayPal account has entered this draw already: one entry per person. nothing is charged: its authorisation is released.',
  tooManyTries: 'too many entries from this connection. please try again later.',
  notOpenYet: 'this draw is not open yet. it opens at the time shown on its page.',
  closed: 'this draw is closed: no entry can be made or withdrawn any more.',
  cardOnly: 'a draw is entered with a card or PayPal.',
  notAuthorised: 'your card or PayPal has not authorised the amount yet. please complete the payment step.',
  alreadyWithdrawn: 'this entry was withdrawn already.',
  refused: 'this entry was refused.',
  paymentFailed: 'the card payment could not be started. please try again.',
  /** A client's mistake (the entry form sends 'later' or nothing). */
  badAuthorise: "give 'later' (authorise at the pay click) or leave it out (authorise now).",
  /** Staff's refusals. */
  pieceUnavailable: 'this piece is sold, held in a checkout or offered by another draw.',
  badWindow: 'the window must close after it opens.',
  closesInPast: 'the window must close in the future.',
} as const;

export const drawIdSchema = z
  .string()
  .check(z.regex(/^d-[A-Za-z0-9_-]{22}$/, { error: DRAW_MESSAGES.noDraw }));
export const entryIdSchema = z
  .string()
  .check(z.regex(/^e-[A-Za-z0-9_-]{22}$/, { error: DRAW_MESSAGES.noEntry }));

export const DRAW_STATES = ['open', 'closing', 'closed', 'drawn', 'empty', 'settled'] as const;
export const ENTRY_STATES = ['pending', 'entered', 'withdrawn', 'refused', 'lapsed'] as const;
export const ENTRY_OUTCOMES = ['won', 'capture-failed', 'lost'] as const;

/** What anyone sees of a draw: its window, where it stands, its public files. */
export const publicDrawSchema = z.object({
  drawId: z.string(),
  pid: z.string(),
  pieceName: z.string(),
  opensAt: z.string(),
  closesAt: z.string(),
  state: z.enum(DRAW_STATES),
  /** From the close: the list's hash, how many it holds, the beacon's round it names. */
  listHash: z.optional(z.string()),
  entries: z.optional(z.number()),
  round: z.optional(z.number()),
  chainHash: z.optional(z.string()),
  /**
   * Closed and waiting: since when, and why (the list not yet witnessed, its round not out yet, or
   * the beacon unreachable).
   */
  waitingSince: z.optional(z.string()),
  beaconState: z.optional(z.enum(['witnessing', 'not-yet', 'unreachable'])),
  /** Witnessed: the round the draw is drawn with (the list's, or a later one if witnessed late). */
  roundDrawn: z.optional(z.number()),
  /** Sealed, not drawn yet: when the round it takes is due, so about when the winner is drawn. */
  drawsAt: z.optional(z.string()),
  /** Drawn: the winning commitment (the whole order is in result.json). */
  winner: z.optional(z.string()),
  /** The public files, as paths of the shop's origin. */
  files: z.object({
    entries: z.string(),
    witnessed: z.string(),
    result: z.string(),
    script: z.string(),
    algorithm: z.string(),
  }),
});

/** GET /draws/{drawId}: the draw as anyone sees it. */
export const getDrawContract = {
  path: z.object({ drawId: drawIdSchema }),
  response: z.object({ status: z.literal(200), draw: publicDrawSchema }),
} satisfies Contract;

/**
 * GET /draws/open (issue 45): the draws a shopper may still enter, open now or opening later, the
 * soonest to close first: each one's piece, its first picture and its window. Nothing of entrants.
 */
export const openDrawsContract = {
  response: z.object({
    status: z.literal(200),
    draws: z.array(
      z.object({
        drawId: z.string(),
        pid: z.string(),
        pieceName: z.string(),
        /** The piece's first picture (a stored picture's url), if it has one. */
        picture: z.optional(z.string()),
        opensAt: z.string(),
        closesAt: z.string(),
      }),
    ),
  }),
} satisfies Contract;

/** A mailed entry link's token: 32 random bytes, base64url. */
export const entryLinkSchema = z
  .string({ error: DRAW_MESSAGES.noLink })
  .check(z.regex(/^[A-Za-z0-9_-]{43}$/, { error: DRAW_MESSAGES.linkUnknown }));

/**
 * POST /draws/{drawId}/entry-links { email }: mails a confirmed member's address a link that
 * enters this draw (and a non-member's how to become one). 202 with the same words either way.
 */
export const requestEntryLinkContract = {
  path: z.object({ drawId: drawIdSchema }),
  body: z.object({ email: emailSchema }),
  response: z.object({ status: z.literal(202), message: z.string() }),
} satisfies Contract;

/** POST /draws/{drawId}/entry-links/status { link }: the address the link enters with, while it works. */
export const entryLinkStatusContract = {
  path: z.object({ drawId: drawIdSchema }),
  body: z.object({ link: entryLinkSchema }),
  response: z.object({ status: z.literal(200), email: z.string(), validUntil: z.string() }),
} satisfies Contract;

/**
 * POST /draws/{drawId}/entries (checkout's fields, as a JSON body; `checkoutKey` is the entry's
 * own secret: the same key again is the same entry; `link` the mailed link's token, whose
 * address is the entry's e-mail whatever the form says): a pending entry and an authorisation of
 * the server's amount, not captured: a card's (paymentType 1) or PayPal's (2); with
 * `authorise: 'later'` the entry only, its authorisation started by the same call without it. The entry is
 * binding once the card or PayPal authorised it (…/confirm). Its salt is the entrant's: with it they find their line in the published list.
 */
export const postEntryContract = {
  path: z.object({ drawId: drawIdSchema }),
  body: z.intersection(
    checkoutRequestSchema,
    z.object({
      link: entryLinkSchema,
      /**
       * 'later' (the card's Payment Element, Stripe's deferred intent): the pending entry is made
       * (or answered again) and refused as ever, but no payment is started: the answer has no
       * client_secret. The same body again without it, at the pay click, starts the authorisation.
       */
      authorise: z.optional(z.enum(['later'], { error: DRAW_MESSAGES.badAuthorise })),
    }),
  ),
  response: z.object({
    status: z.literal(200),
    entryId: z.string(),
    state: z.enum(ENTRY_STATES),
    salt: z.string(),
    commitment: z.string(),
    closesAt: z.string(),
    /** A card (paymentType 1): the PaymentIntent's secret, for the card step. */
    client_secret: z.optional(z.string()),
    publishableKey: z.optional(z.string()),
    paymentsMode: z.optional(z.enum(['local', 'stripe'])),
    /** PayPal (paymentType 2): where the entrant approves the authorisation; PayPal sends them back to their entry. */
    approveUrl: z.optional(z.string()),
    /** PayPal (paymentType 2): its order, which the entrant approves in PayPal's window (its JavaScript SDK). */
    approveOrderId: z.optional(z.string()),
    amounts: serverAmountsSchema,
  }),
} satisfies Contract;

const entryPath = z.object({ drawId: drawIdSchema, entryId: entryIdSchema });
/** The entry's secret: the checkout key it was made with. */
const entryTokenBody = z.object({ token: checkoutKeySchema });

/** What the entrant sees of their entry. */
export const entryViewSchema = z.object({
  entryId: z.string(),
  drawId: z.string(),
  state: z.enum(ENTRY_STATES),
  salt: z.string(),
  commitment: z.string(),
  card: z.optional(z.object({ brand: z.string(), last4: z.string(), wallet: z.optional(z.string()) })),
  outcome: z.optional(z.enum(ENTRY_OUTCOMES)),
  /** Refused: which of its claims another binding entry held first. */
  refusedFor: z.optional(z.enum(['email', 'address', 'card'])),
  /** Set once won and paid: the order's code (its page shows it). */
  checkoutCode: z.optional(z.string()),
});

/** POST /draws/{drawId}/entries/{entryId}/confirm { token }: the card authorised → binding (asks Stripe). */
export const confirmEntryContract = {
  path: entryPath,
  body: entryTokenBody,
  response: z.object({ status: z.literal(200), entry: entryViewSchema }),
} satisfies Contract;

/** POST /draws/{drawId}/entries/{entryId}/withdraw { token }: until the window closes; the authorisation released. */
export const withdrawEntryContract = {
  path: entryPath,
  body: entryTokenBody,
  response: z.object({ status: z.literal(200), entry: entryViewSchema }),
} satisfies Contract;

/** POST /draws/{drawId}/entries/{entryId}/status { token }: the entrant's entry and, once drawn, its outcome. */
export const entryStatusContract = {
  path: entryPath,
  body: entryTokenBody,
  response: z.object({ status: z.literal(200), entry: entryViewSchema, draw: publicDrawSchema }),
} satisfies Contract;

/* ---------- staff ---------- */

const isoTime = z.string().check(z.iso.datetime({ offset: true, error: 'give an ISO date-time' }));

/** POST /draws { pid, opensAt, closesAt } or { typeId, … } (every available piece of a collection's release). */
export const createDrawContract = {
  body: z.union([
    z.object({ pid: idSchema, opensAt: isoTime, closesAt: isoTime }),
    z.object({ typeId: idSchema, opensAt: isoTime, closesAt: isoTime }),
  ]),
  response: z.object({
    status: z.literal(200),
    draws: z.array(publicDrawSchema),
    /** A collection's pieces that could not be offered (sold, held, in a draw already). */
    skipped: z.array(z.object({ pid: z.string(), reason: z.string() })),
  }),
} satisfies Contract;

export const adminDrawSchema = z.object({
  draw: publicDrawSchema,
  /** Entries by state, and refusals (never stored as entries) by reason. */
  counts: z.record(z.string(), z.number()),
  refusals: z.record(z.string(), z.number()),
  /** Once settled: the captures and cancellations the settlement made. */
  captured: z.number(),
  cancelled: z.number(),
  mailed: z.number(),
  /** Drawn: the name the winning line's entrant gave (issue 45: staff read a name, not a line). */
  winnerName: z.optional(z.string()),
  /** Sold: to whom (the winner, or a reserve whose card paid) and the order to ship. */
  sale: z.optional(z.object({ name: z.string(), checkoutCode: z.string() })),
});

/** GET /draws: every draw, newest first, with its counts. */
export const listDrawsContract = {
  response: z.object({ status: z.literal(200), draws: z.array(adminDrawSchema) }),
} satisfies Contract;

/** GET /draws/{drawId}/admin: one draw for staff. */
export const adminDrawContract = {
  path: z.object({ drawId: drawIdSchema }),
  response: z.object({ status: z.literal(200), draw: adminDrawSchema }),
} satisfies Contract;

/** GET /draw-pieces: the pieces a draw can offer now, by name, collection and picture (the piece picker). */
export const offerablePiecesContract = {
  response: z.object({
    status: z.literal(200),
    pieces: z.array(
      z.object({ id: z.string(), name: z.string(), typeName: z.string(), picture: z.optional(z.string()) }),
    ),
  }),
} satisfies Contract;
