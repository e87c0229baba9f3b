import { vancouverTime } from '#shared/vancouver-time.ts';
import { CARRIERS, type CarrierId } from '#shared/vocabulary.ts';

/**
 * The carriers of 000 §9 and where each one's tracking page is: the link the delivery e-mail
 * and the admin show. "other" has no pattern: staff type the carrier's tracking link, which
 * must be https. Pure: no AWS, no HTTP.
 */
const TRACKING_PAGES: Record<Exclude<CarrierId, 'other'>, (number: string) => string> = {
  dhl: (n) => `https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=${n}`,
  fedex: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}`,
  ups: (n) => `https://www.ups.com/track?loc=en_US&tracknum=${n}`,
  'canada-post': (n) => `https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor=${n}`,
};

export const SHIPMENT_REFUSALS = {
  trackingNumber: 'the tracking number must be 6 to 40 letters or digits (spaces and dashes are ignored).',
  otherUrlMissing: 'give the tracking link of the carrier (https://…).',
  otherUrl: 'the tracking link must be a full https:// address of the carrier’s tracking page.',
  urlNotOther: 'a tracking link is typed only for the carrier "other"; the others have theirs.',
  notPaid: 'only a paid order can be shipped.',
  alreadyShipped:
    'this order was already shipped. to change the carrier or tracking number, correct the shipment.',
  notShipped: 'this order has not been shipped yet.',
  alreadyDelivered: 'this order was already marked as delivered.',
  noChange: 'nothing to correct: the carrier and tracking number are the same.',
} as const;

export const carrierName = (id: CarrierId): string =>
  CARRIERS.find((carrier) => carrier.id === id)?.name ?? id;

/** A tracking number as carriers print it: letters and digits, upper case, no spaces or dashes. */
export function normalTrackingNumber(raw: string): string | undefined {
  const number = raw.replace(/[\s-]+/g, '').toUpperCase();
  return /^[A-Z0-9]{6,40}$/.test(number) ? number : undefined;
}

/** A link staff typed: https, a real host name, no credentials, at most 500 characters. */
export function validTrackingUrl(raw: string): string | undefined {
  const text = raw.trim();
  if (text.length > 500 || /\s/.test(text)) return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return undefined;
  if (!/^([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/.test(url.hostname)) return undefined;
  return url.href;
}

export interface ShipmentInput {
  carrier: CarrierId;
  trackingNumber: string;
  trackingUrl?: string | undefined;
}

export interface ShipmentDetails {
  carrier: CarrierId;
  trackingNumber: string;
  trackingUrl: string;
}

/** The shipment to record, or why not (a message for a 400). */
export function shipmentDetails(input: ShipmentInput): ShipmentDetails | { refusal: string } {
  const trackingNumber = normalTrackingNumber(input.trackingNumber);
  if (!trackingNumber) return { refusal: SHIPMENT_REFUSALS.trackingNumber };
  const typed = input.trackingUrl?.trim() ?? '';
  if (input.carrier === 'other') {
    if (!typed) return { refusal: SHIPMENT_REFUSALS.otherUrlMissing };
    const url = validTrackingUrl(typed);
    if (!url) return { refusal: SHIPMENT_REFUSALS.otherUrl };
    return { carrier: 'other', trackingNumber, trackingUrl: url };
  }
  if (typed) return { refusal: SHIPMENT_REFUSALS.urlNotOther };
  return {
    carrier: input.carrier,
    trackingNumber,
    trackingUrl: TRACKING_PAGES[input.carrier](encodeURIComponent(trackingNumber)),
  };
}

/**
 * Why an order cannot be shipped now (a message for a 409), or undefined. A paid order is shipped
 * even if it was deleted as an abandoned checkout before its payment came: the piece is sold.
 */
export function shipRefusal(order: {
  status: string;
  fulfilment?: string;
  shipment?: { carrier: CarrierId; trackingNumber: string; shippedAt: string; shippedBy: string };
}): string | undefined {
  if (order.status !== 'paid') return SHIPMENT_REFUSALS.notPaid;
  if (!order.fulfilment) return undefined;
  const s = order.shipment;
  return s
    ? `this order was already shipped on ${vancouverTime(s.shippedAt, 'sentence')} (Vancouver) by ${s.shippedBy}, ${carrierName(s.carrier)} ${s.trackingNumber}. to change the carrier or tracking number, correct the shipment.`
    : SHIPMENT_REFUSALS.alreadyShipped;
}
