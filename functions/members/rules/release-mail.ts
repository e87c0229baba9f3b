import { firstStoredPicture, mailPictureLink } from '#shared/media.ts';
import { collectionPath } from '#shared/pages/public-pages.ts';

/**
 * The release mail (template 'member-release'): its data from a release and a recipient's
 * unsubscribe link, the collection's picture and link (or the event's title and date), and the
 * text SES will render, for the admin's preview. Pure: no AWS.
 */
export interface ReleaseContent {
  /** A collection's release, or an event announced without a collection (absent: a collection). */
  announces?: 'collection' | 'event';
  subject: string;
  text: string;
  collectionName?: string;
  /** Absolute addresses. */
  collectionLink?: string;
  pictureLink?: string;
  eventTitle?: string;
  /** YYYY-MM-DD. */
  eventDate?: string;
}

/** An event's day as the mail writes it: '12 December 2026'. */
export function eventDay(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
}

export function releaseMailData(content: ReleaseContent, unsubscribeLink: string): Record<string, string> {
  return {
    subject: content.subject,
    text: content.text,
    collectionName: content.collectionName ?? '',
    collectionLink: content.collectionLink ?? '',
    pictureLink: content.pictureLink ?? '',
    eventTitle: content.eventTitle ?? '',
    eventDate: content.eventDate ? eventDay(content.eventDate) : '',
    unsubscribeLink,
  };
}

/** The collection's first picture (women's set, else men's), as an absolute address of a 960 px JPEG. */
export function collectionPicture(
  collection: { womenproductimage?: string; menproductimage?: string },
  shopUrl: string,
): string | undefined {
  const url =
    firstStoredPicture(collection.womenproductimage) ?? firstStoredPicture(collection.menproductimage);
  return url ? mailPictureLink(url, shopUrl) : undefined;
}

/**
 * The storefront page of a collection, as its list links to it: for a women's or men's collection
 * its canonical address (shared/pages/public-pages.ts), the page rendered ahead of time; a unisex
 * collection's page for either (gender 2), which the app renders.
 */
export function collectionLink(
  collection: { id: string; gender: number; singlecollection: boolean },
  shopUrl: string,
): string {
  const { id, gender, singlecollection: single } = collection;
  if (gender === 0 || gender === 1) return `${shopUrl}${collectionPath({ typeId: id, gender, single })}`;
  const search = new URLSearchParams({ type: id, gender: String(gender) });
  return `${shopUrl}/products/${single ? 'singleproducts' : 'productrelated'}?${search}`;
}

/**
 * The mail as SES renders the template (its Handlebars subset the shop's templates use:
 * `{{name}}` and `{{#if name}}…{{else}}…{{/if}}`), for the preview.
 */
export function renderTemplate(
  template: { subject: string; text: readonly string[] },
  data: Record<string, string>,
): { subject: string; text: string } {
  const fill = (source: string) =>
    source
      .replace(
        /\{\{#if (\w+)\}\}([\s\S]*?)(?:\{\{else\}\}([\s\S]*?))?\{\{\/if\}\}/g,
        (_, name: string, yes: string, no = '') => (data[name] ? yes : no),
      )
      .replace(/\{\{(\w+)\}\}/g, (_, name: string) => data[name] ?? '');
  const { subject, text } = template;
  return { subject: fill(subject), text: fill(text.join('\n')) };
}
