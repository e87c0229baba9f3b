import { type DehydratedState, dehydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import type { PublicPage } from '#shared/pages/public-pages.ts';
import { AppErrorBoundary } from '../app/app-error.tsx';
import { appRoutes } from '../app/routes.tsx';
import { answerApiWith } from '../lib/api.ts';
import { RenderClock } from '../lib/render-clock.tsx';
import { type ClientManifest, pageScripts, pageStyles } from './page-styles.ts';

export { pageModule } from './page-styles.ts';

/** The browser build's manifest, put in by the build of this module (web/vite-server-render.ts). */
declare const __CLIENT_MANIFEST__: ClientManifest;

/** The style sheets a page's first screen needs, as the browser build named them. */
export const stylesOfPage = (page: PublicPage) => pageStyles(__CLIENT_MANIFEST__, page);
export const scriptsOfPage = (page: PublicPage) => pageScripts(__CLIENT_MANIFEST__, page);

/**
 * The app rendered on the server for one address (issue 47): the HTML of #root and the API
 * answers it was rendered from, which the browser hydrates the page with (web/src/main.tsx) rather
 * than ask the API again. Every read the page's components make is answered by `api` (the shop's
 * own handlers, in process): a first render names the reads (react-query's cache keeps each
 * query the components asked for), they are fetched, and the page is rendered again, until a
 * render asks for nothing new.
 */
export interface RenderedRoot {
  /** 404 for an address no route serves. */
  status: 200 | 404;
  html: string;
  queries: DehydratedState;
  /** When it was rendered: what it says of time is as of then (lib/render-clock.tsx). */
  at: number;
  /** The reads that failed, with the API's status: whether the page's subject exists is the caller's to judge. */
  failed: { queryKey: readonly unknown[]; status?: number }[];
}

/** Render passes at most: a page whose reads depend on other reads' answers needs a few. */
const MAX_PASSES = 5;

export async function renderRoot(
  url: string,
  api: (url: string, init?: RequestInit) => Promise<Response>,
): Promise<RenderedRoot> {
  answerApiWith(api);
  const handler = createStaticHandler(appRoutes);
  const context = await handler.query(new Request(new URL(url, 'http://render.local')));
  if (context instanceof Response) throw new Error(`${url}: the routes answered a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = new QueryClient({
    // As the browser's client (lib/query-client.ts): nothing refetched on the server.
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  const at = Date.now();
  const render = () =>
    renderToString(
      <StrictMode>
        <AppErrorBoundary>
          <QueryClientProvider client={queryClient}>
            <RenderClock at={at}>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </RenderClock>
          </QueryClientProvider>
        </AppErrorBoundary>
      </StrictMode>,
    );
  let html = render();
  for (let pass = 1; pass < MAX_PASSES; pass++) {
    const asked = queryClient
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.status === 'pending' && query.state.fetchStatus === 'idle');
    if (asked.length === 0) break;
    await Promise.all(asked.map((query) => query.fetch().catch(() => undefined)));
    html = render();
  }
  return {
    status: context.statusCode === 404 ? 404 : 200,
    html,
    at,
    failed: queryClient
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.status === 'error')
      .map((query) => ({
        queryKey: query.queryKey,
        status: (query.state.error as { status?: number } | null)?.status,
      })),
    // Only what succeeded: a failed read is asked again by the browser.
    queries: dehydrate(queryClient, { shouldDehydrateQuery: (query) => query.state.status === 'success' }),
  };
}
