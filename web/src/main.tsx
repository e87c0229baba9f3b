import { HydrationBoundary, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppErrorBoundary } from './app/app-error.tsx';
import { createAppRouter, loadRouteModules } from './app/router.tsx';
import { pinBodyHeight } from './lib/body-height.ts';
import { queryClient } from './lib/query-client.ts';
import { RenderClock } from './lib/render-clock.tsx';
import { type RenderedPageData, renderedPageData } from './lib/rendered-page.ts';
import { unregisterStaleWorkers } from './lib/service-workers.ts';
import './styles.css';

// 000 §9: any service worker is unregistered at start, but the passport's /verify page's.
void unregisterStaleWorkers(navigator.serviceWorker).catch(() => undefined);

pinBodyHeight();

const root = document.getElementById('root');
if (!root) throw new Error('no #root element');

const app = (rendered?: RenderedPageData) => (
  <StrictMode>
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <HydrationBoundary state={rendered?.queries}>
          <RenderClock at={rendered?.here ? rendered.at : undefined}>
            <RouterProvider router={createAppRouter()} />
          </RenderClock>
        </HydrationBoundary>
      </QueryClientProvider>
    </AppErrorBoundary>
  </StrictMode>
);

const rendered = renderedPageData();
if (rendered?.here) {
  // A page rendered ahead of time (issue 47): hydrated with the answers it was rendered from, its
  // route's module loaded first, so the first render is the HTML's and nothing is asked again.
  void loadRouteModules().then(() => hydrateRoot(root, app(rendered)));
} else if (rendered) {
  // The same page rendered for its canonical address (a piece's address with the app's inputs):
  // not hydrated (this address's render would not match it) but rendered over it with the same
  // answers, its route's module loaded first, so it does not flash empty and asks nothing again.
  void loadRouteModules().then(() =>
    startTransition(() => {
      createRoot(root).render(app(rendered));
    }),
  );
} else {
  // As a transition, the first render yields to the browser every few milliseconds instead of
  // holding the main thread for one long task (a phone's Total Blocking Time, issue 16).
  startTransition(() => {
    createRoot(root).render(app());
  });
}
