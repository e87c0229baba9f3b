import type { Answer } from '#shared/contracts/contract.ts';
import type { getDrawContract } from '#shared/contracts/draws.ts';
import { formatPrice, paymentAmount } from '#shared/format.ts';
import { PREVIEW_CONTENT_TYPE, PREVIEW_HEIGHT, PREVIEW_WIDTH, previewSrc } from '#shared/media.ts';
import { MESSAGES } from '#shared/messages.ts';
import { momentInWords, windowInWords } from '#shared/time-words.ts';
import { type PieceFacts, pieceAvailability, pieceColours, pieceLead, piecePictures } from './piece.ts';
import { CONTENT_PATHS, type PublicPage, pagePath } from './public-pages.ts';

/**
 * What every page rendered ahead of time carries in its <head> (issue 47): its title, its
 * description and its canonical address, and the preview tags a link shared anywhere unfolds
 * into (Open Graph, Twitter's card), with the piece's photograph cropped for previews. Pure: the
 * renderer gives the catalogue's answers and the shop's origin, and writes the text it gets.
 */

export type PublicDraw = Answer<typeof getDrawContract>['draw'];

/** The deployment the page is written for: its public origin (`https://shop.example`) and name. */
export interface Site {
  origin: string;
  name: string;
}

/** The picture a preview shows; width and height only when known (the preview crop's always are). */
export interface PreviewImage {
  /** Absolute. */
  url: string;
  alt: string;
  width?: number;
  height?: number;
  type?: string;
}

/** One page's head, before it is written as tags. */
export interface PageHead {
  title: string;
  description: string;
  /** The canonical address's path (pagePath), made absolute on the site's origin. */
  path: string;
  type: 'website' | 'product';
  image?: PreviewImage;
  /** A piece on sale: its price (a decimal string) and currency, for the product tags. */
  price?: { amount: string; currency: string };
}

/** Text as HTML text or a quoted attribute value: nothing in it can close or open a tag. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * The shop's origin as a page names it: `https://host[:port]`, nothing after it. Anything else
 * (a path, a query, no scheme) is a mistake in the renderer's settings, refused rather than
 * written into every page.
 */
export function siteOrigin(origin: string): string {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    throw new RangeError(`not an origin: ${origin}`);
  }
  if (!/^https?:$/.test(url.protocol) || url.origin !== origin.replace(/\/$/, '')) {
    throw new RangeError(`not an origin (https://host, nothing after it): ${origin}`);
  }
  return url.origin;
}

/** An address on the shop (`/media/…`, a page's path) made absolute; an outside https address as it is. */
export function absoluteUrl(site: Pick<Site, 'origin'>, pathOrUrl: string): string {
  if (/^https:\/\//i.test(pathOrUrl)) return pathOrUrl;
  if (!pathOrUrl.startsWith('/')) throw new RangeError(`not a path on the shop: ${pathOrUrl}`);
  return `${siteOrigin(site.origin)}${pathOrUrl}`;
}

/** The canonical address of a page on the site. */
export function canonicalUrl(site: Pick<Site, 'origin'>, page: PublicPage): string {
  return absoluteUrl(site, pagePath(page));
}

/**
 * The preview picture for a list of stored urls: the preview crop of the first picture that has
 * one, at its known size; else the first outside https picture, size unknown; else none.
 */
export function previewImage(site: Pick<Site, 'origin'>, urls: readonly string[], alt: string) {
  for (const url of urls) {
    const crop = previewSrc(url);
    if (crop)
      return {
        url: absoluteUrl(site, crop),
        alt,
        width: PREVIEW_WIDTH,
        height: PREVIEW_HEIGHT,
        type: PREVIEW_CONTENT_TYPE,
      } satisfies PreviewImage;
  }
  const outside = urls.find((url) => url.startsWith('https://'));
  return outside ? ({ url: outside, alt } satisfies PreviewImage) : undefined;
}

const meta = (attribute: 'name' | 'property', key: string, value: string | number) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(String(value))}">`;

/**
 * The head's tags as HTML text, one a line, every value escaped: title, description, canonical
 * link, Open Graph (og:image with its size and text when known) and Twitter's large-picture card.
 */
export function headTags(head: PageHead, site: Site): string {
  const url = absoluteUrl(site, head.path);
  const lines = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    meta('property', 'og:type', head.type),
    meta('property', 'og:site_name', site.name),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', url),
  ];
  const image = head.image;
  if (image) {
    lines.push(meta('property', 'og:image', image.url));
    if (image.type) lines.push(meta('property', 'og:image:type', image.type));
    if (image.width && image.height)
      lines.push(
        meta('property', 'og:image:width', image.width),
        meta('property', 'og:image:height', image.height),
      );
    lines.push(meta('property', 'og:image:alt', image.alt));
  }
  if (head.price) {
    lines.push(
      meta('property', 'product:price:amount', head.price.amount),
      meta('property', 'product:price:currency', head.price.currency),
    );
  }
  lines.push(
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
  );
  if (image)
    lines.push(meta('name', 'twitter:image', image.url), meta('name', 'twitter:image:alt', image.alt));
  return lines.join('\n');
}

/** Every piece's page says this, as its page does (product-details.tsx). */
export const ONE_OF_ONE = 'one of one: made once, never again.';

/** The currency every price is shown and billed in (000 §9, /products/material changeCountry). */
export const SHOP_CURRENCY = 'USD';

/** A draw's piece: when entries close while they are taken, and that they closed after. */
function drawWords(draw: PieceFacts['product']['draw'], now: Date, about: string, price: string): string {
  if (!draw) return `${about}: ${price}. ${ONE_OF_ONE}`;
  const closes = momentInWords(draw.closesAt, now);
  return now.getTime() < Date.parse(draw.closesAt)
    ? `${about}: offered by a release draw, members only; entries close ${closes}. ${price}. ${ONE_OF_ONE}`
    : `${about}: offered by a release draw; entries closed ${closes}. ${ONE_OF_ONE}`;
}

/**
 * A piece's page: its name and collection, and what a shopper can do now. A sold piece says it
 * is sold (MESSAGES.productSold) and names no price; a collection on pre-sale gives its pre-sale
 * text; a piece in a release draw says when entries close; else the price, in USD.
 */
export function pieceHead(piece: PieceFacts, site: Site, now: Date = new Date()): PageHead {
  const lead = pieceLead(piece);
  const colours = pieceColours(piece);
  const availability = pieceAvailability(piece);
  const price = `${formatPrice(piece.product.priceUs)} ${SHOP_CURRENCY}`;
  const about = colours ? `${lead}, ${colours}` : lead;
  const description = {
    sold: `${about}: ${MESSAGES.productSold} ${ONE_OF_ONE}`,
    'pre-order': piece.collection?.preSaleText?.trim()
      ? `${lead}: ${piece.collection.preSaleText.trim()}`
      : `${lead}: on pre-sale. ${ONE_OF_ONE}`,
    draw: drawWords(piece.product.draw, now, about, price),
    held: `${about}: ${price}. ${ONE_OF_ONE}`,
    'in-stock': `${about}: ${price}. ${ONE_OF_ONE}`,
  }[availability];
  const image = previewImage(site, piecePictures(piece), about);
  return {
    title: `${lead}${availability === 'sold' ? ' (sold)' : ''} | ${site.name}`,
    description,
    path: pagePath({ kind: 'piece', productId: piece.product.id }),
    type: 'product',
    ...(image ? { image } : {}),
    // The price as the page shows it: not for a sold piece, nor while its collection is on pre-sale.
    ...(availability === 'sold' || availability === 'pre-order'
      ? {}
      : { price: { amount: paymentAmount(piece.product.priceUs), currency: SHOP_CURRENCY } }),
  };
}

/** The titles of the world and more pages (a new content path needs one: the type says so). */
export const CONTENT_TITLES: Record<(typeof CONTENT_PATHS)[number], string> = {
  '/products': 'Products',
  '/boutique': 'The boutique',
  '/boutique/twoboutiques': 'Two boutiques',
  '/accessibility': 'Accessibility',
  '/world': 'The world of one of one',
  '/world/authentification': 'Authenticity',
  '/world/club': 'The club',
  '/world/episodes': 'Episodes',
  '/world/followus': 'Follow us',
  '/world/meaning': 'Meaning of the name',
  '/world/membership': 'Membership',
  '/world/mission': 'Mission',
  '/world/mission/written': 'Mission, written',
  '/world/mission/video': 'Mission, the video',
  '/world/mission/music': 'Mission, the music',
  '/world/mission/lyrics': 'Mission, the lyrics',
  '/world/oneofoneluxury': 'One of one luxury',
  '/world/philanthropy': 'Philanthropy',
  '/world/products': 'Our products',
  '/world/purchasingproduct': 'Purchasing a product',
  '/world/support': 'Support',
  '/world/gifts': 'Gifts',
  '/world/fundraiser': 'Fundraisers',
  '/more': 'More',
  '/more/contact_us': 'Contact us',
  '/more/changecountrycurrency': 'Country and currency',
  '/more/shipping_methods': 'Shipping methods',
  '/more/shipping_cost': 'Shipping cost',
  '/more/delivery_time': 'Delivery time',
  '/more/payment_methods': 'Payment methods',
  '/more/duties': 'Duties',
  '/more/prices_currencies': 'Prices and currencies',
  '/more/int_transaction_fees': 'International transaction fees',
  '/more/returns': 'Returns',
  '/more/refund': 'Refund',
  '/more/tracking': 'Tracking',
  '/more/taxes': 'Taxes',
  '/more/privacy-policy': 'Privacy policy',
  '/more/terms-and-conditions': 'Terms and conditions',
  '/allvideos': 'All videos',
};

const isContentPath = (path: string): path is (typeof CONTENT_PATHS)[number] =>
  (CONTENT_PATHS as readonly string[]).includes(path);

/** What the renderer may add to a page's head: its first picture (a stored url), a text of its own. */
export interface PageExtras {
  pictures?: readonly string[];
  description?: string;
}

/** The shop's line, as the app's index.html says it. */
const shopLine = (site: Site) => `${site.name}: one-of-one luxury goods, each piece made once.`;

/** The head of a page that is not a piece's, a draw's or a collection's (./collection.ts): /home, /women/, /men/, /draws, a world or more page. */
export function pageHead(
  page: Exclude<PublicPage, { kind: 'piece' } | { kind: 'draw' } | { kind: 'collection' }>,
  site: Site,
  extras: PageExtras = {},
): PageHead {
  const { title, description } = (() => {
    switch (page.kind) {
      case 'home':
        return { title: site.name, description: shopLine(site) };
      case 'list': {
        const who = page.gender === 0 ? 'women' : 'men';
        return {
          title: `${page.gender === 0 ? 'Women' : 'Men'} | ${site.name}`,
          description: `The collections for ${who}: every piece ${ONE_OF_ONE}`,
        };
      }
      case 'draws':
        return {
          title: `Release draws | ${site.name}`,
          description:
            'The release draws open now and to come: members enter, and one entry, drawn in public, buys the piece.',
        };
      case 'content': {
        if (!isContentPath(page.path)) throw new RangeError(`not a content page: ${page.path}`);
        return { title: `${CONTENT_TITLES[page.path]} | ${site.name}`, description: shopLine(site) };
      }
    }
  })();
  const image = previewImage(site, extras.pictures ?? [], title);
  return {
    title,
    description: extras.description?.trim() || description,
    path: pagePath(page),
    type: 'website',
    ...(image ? { image } : {}),
  };
}

/**
 * A release draw's page (/draw/<id>): the piece it offers, its window in the shop's zone while
 * entries are taken or to come, and that it closed once it has.
 */
export function drawHead(
  draw: PublicDraw,
  site: Site,
  extras: Pick<PageExtras, 'pictures'> = {},
  now: Date = new Date(),
): PageHead {
  const open = draw.state === 'open' && now.getTime() < Date.parse(draw.closesAt);
  const description = open
    ? `The release draw for ${draw.pieceName}, members only: ${windowInWords(draw.opensAt, draw.closesAt, now)}.`
    : `The release draw for ${draw.pieceName} closed ${momentInWords(draw.closesAt, now)}; its list and its result are public.`;
  const title = `The draw for ${draw.pieceName} | ${site.name}`;
  const image = previewImage(site, extras.pictures ?? [], draw.pieceName);
  return {
    title,
    description,
    path: pagePath({ kind: 'draw', drawId: draw.drawId }),
    type: 'website',
    ...(image ? { image } : {}),
  };
}
