import { type EmulatorResponse, html } from '../http.ts';

/*
 * The approval page's popup mode, for the SDK stand-in (core.ts): opened with `popup=<the shop's
 * origin>`, it keeps that origin in its form and, once the buyer approves or cancels, posts the
 * outcome to its opener at exactly that origin and closes, as PayPal's window reports to its SDK.
 */

/** The shop's origin a popup answers to: an http(s) origin and nothing else, or undefined. */
export function popupOrigin(fields: URLSearchParams): string | undefined {
  const given = fields.get('popup');
  if (!given) return undefined;
  try {
    const url = new URL(given);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === given
      ? given
      : undefined;
  } catch {
    return undefined;
  }
}

const attribute = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The hidden field that carries the popup's opener origin through the approval form. */
export function popupField(query: URLSearchParams): string {
  const origin = popupOrigin(query);
  return origin ? `\n        <input type="hidden" name="popup" value="${attribute(origin)}">` : '';
}

/** The page that reports the outcome to the opener and closes itself. */
export function popupAnswer(
  origin: string,
  answer: { orderId: string; outcome: 'approved' | 'cancelled'; payerId?: string },
): EmulatorResponse {
  const message = JSON.stringify({ source: 'paypal-local-stand-in', ...answer }).replace(/</g, '\\u003c');
  const said = answer.outcome === 'approved' ? 'You approved the payment.' : 'You cancelled the payment.';
  return html(
    200,
    `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>PayPal (local stand-in)</title></head>
<body><p role="status">${said} You can close this window.</p>
<script>
  if (window.opener) window.opener.postMessage(${message}, ${JSON.stringify(origin).replace(/</g, '\\u003c')});
  window.close();
</script></body></html>`,
  );
}
