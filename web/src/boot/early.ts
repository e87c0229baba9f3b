import { mediaSrcSet } from '#shared/media.ts';
import type { RouteChunks } from '../../vite-early-requests.ts';
import { catalogFirstScreen } from '../features/catalog/first-screen.ts';
import { requestEarly } from '../lib/early-requests.ts';
import { isRenderedForThisPage } from '../lib/rendered-page.ts';

/**
 * The first script of every page, built apart from the app (web/vite-early-requests.ts) and a
 * few KB small: on a catalogue landing screen it asks at once for the screen's API reads, its
 * route's chunks and, as soon as the answer names it, its first picture, so none of them waits
 * for the app's main bundle to download and start.
 */
declare const __ROUTE_CHUNKS__: RouteChunks;

function addLink(attributes: Record<string, string>) {
  const link = document.createElement('link');
  for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value);
  document.head.append(link);
}

const screen = catalogFirstScreen(location.pathname, new URLSearchParams(location.search));
// A page rendered ahead of time (issue 47) for this address's page carries its answers and names
// its first picture; any rendered page starts the app itself once its first screen is painted.
const rendered = isRenderedForThisPage();
if (screen && !rendered) {
  // The reads first: on HTTP/1.1 the browser's few connections go to what was asked first.
  const answers = new Map(screen.reads.map((url) => [url, requestEarly(url)]));
  const chunks = __ROUTE_CHUNKS__[screen.route];
  for (const href of chunks?.scripts ?? []) addLink({ rel: 'modulepreload', href, crossorigin: '' });
  for (const href of chunks?.styles ?? []) addLink({ rel: 'preload', as: 'style', href });
  const picture = screen.picture;
  const answer = picture && answers.get(picture.read);
  if (picture && answer) {
    answer
      .then((response) => (response.ok ? response.clone().json() : undefined))
      .then((body: unknown) => {
        const url = body === undefined ? undefined : picture.find(body);
        const avif = url && mediaSrcSet(url, 'avif');
        if (avif) {
          addLink({
            rel: 'preload',
            as: 'image',
            type: 'image/avif',
            imagesrcset: avif,
            imagesizes: picture.sizes,
            fetchpriority: 'high',
          });
        }
      })
      .catch(() => undefined);
  }
}
