import type { ItemAvailability, Offer, Product, WithContext } from 'schema-dts';
import { paymentAmount } from '#shared/format.ts';
import { largestPictureSrc, previewSrc } from '#shared/media.ts';
import { absoluteUrl, headTags, ONE_OF_ONE, pieceHead, SHOP_CURRENCY, type Site } from './head.ts';
import {
  type PieceAvailability,
  type PieceFacts,
  pieceAvailability,
  pieceColours,
  pieceLead,
  pieceName,
  piecePictures,
} from './piece.ts';
import { pagePath } from './public-pages.ts';

/**
 * A piece as structured data (issue 47): a schema.org `Product` with one `Offer`, whose
 * availability follows the piece, for search engines and shopping surfaces that read JSON-LD.
 */

/**
 * schema.org's ItemAvailability for each state of a piece (./piece.ts pieceAvailability).
 *
 * A piece offered by a release draw is LimitedAvailability: it is on offer, at its price, but
 * not to whoever comes — members enter during the window and the one entry drawn buys it.
 * InStock would promise a purchase anyone can make now (the page has no Purchase link); PreOrder
 * and PreSale mean ordering now for a later delivery, which an entry is not (most entrants never
 * buy); SoldOut or OutOfStock would say it cannot be had at all, while it can still be won; and
 * Reserved is "not available", which the piece is not until the draw picks its buyer.
 *
 * A piece held by a checkout (GET /is-sold: not available, freeAt) is Reserved: schema.org's
 * word for an item set aside for someone, not available now; it may come back (the hold ends).
 */
export const SCHEMA_AVAILABILITY = {
  'in-stock': 'https://schema.org/InStock',
  sold: 'https://schema.org/SoldOut',
  'pre-order': 'https://schema.org/PreOrder',
  draw: 'https://schema.org/LimitedAvailability',
  held: 'https://schema.org/Reserved',
} as const satisfies Record<PieceAvailability, ItemAvailability>;

/** The piece's pictures as absolute addresses: each at its widest JPEG, then the first's preview crop. */
function pictureUrls(site: Pick<Site, 'origin'>, piece: PieceFacts): string[] {
  const urls = piecePictures(piece);
  const found = urls.flatMap((url) => {
    const src = largestPictureSrc(url);
    return src && (src.startsWith('/') || src.startsWith('https://')) ? [absoluteUrl(site, src)] : [];
  });
  const crop = urls.map(previewSrc).find((src) => src !== undefined);
  return crop ? [...found, absoluteUrl(site, crop)] : found;
}

/** The piece's Product, with its Offer, as a JSON-LD object. */
export function productJsonLd(piece: PieceFacts, site: Site): WithContext<Product> {
  const url = absoluteUrl(site, pagePath({ kind: 'piece', productId: piece.product.id }));
  const colours = pieceColours(piece);
  const size = piece.product.size && piece.product.size !== 'null' ? piece.product.size : undefined;
  const offer: Offer = {
    '@type': 'Offer',
    url,
    // A decimal string with two decimals, as payments are (001 §9): never a float's rounding.
    price: paymentAmount(piece.product.priceUs),
    priceCurrency: SHOP_CURRENCY,
    availability: SCHEMA_AVAILABILITY[pieceAvailability(piece)],
    itemCondition: 'https://schema.org/NewCondition',
    seller: { '@type': 'Organization', name: site.name },
  };
  const images = pictureUrls(site, piece);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': `${url}#piece`,
    name: pieceName(piece),
    description: `${colours ? `${pieceLead(piece)}, ${colours}` : pieceLead(piece)}: ${ONE_OF_ONE}`,
    ...(images.length > 0 ? { image: images } : {}),
    sku: piece.product.id,
    productID: piece.product.id,
    brand: { '@type': 'Brand', name: site.name },
    url,
    ...(colours ? { color: piece.product.colors.join(', ') } : {}),
    ...(size ? { size } : {}),
    ...(piece.collection ? { category: piece.collection.name } : {}),
    offers: offer,
  };
}

/**
 * JSON-LD as a <script> element whose text is safe inside HTML: `<`, `>` and `&` are written as
 * JSON's \u escapes (the same string to a JSON reader), so no text of the catalogue — a name
 * holding `</script>` or `<!--` — can end the script or open markup; U+2028 and U+2029 too,
 * which older script parsers take for line ends.
 */
export function jsonLdScript(data: object): string {
  const json = JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/ld+json">${json}</script>`;
}

/** The piece's Product as the <script> a rendered page carries in its head. */
export function productJsonLdScript(piece: PieceFacts, site: Site): string {
  return jsonLdScript(productJsonLd(piece, site));
}

/** Everything a piece's rendered page carries in its <head> beyond charset and viewport: the tags, then the JSON-LD. */
export function pieceHeadHtml(piece: PieceFacts, site: Site, now: Date = new Date()): string {
  return `${headTags(pieceHead(piece, site, now), site)}\n${productJsonLdScript(piece, site)}`;
}
