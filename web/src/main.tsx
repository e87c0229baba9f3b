import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppErrorBoundary } from './app/app-error.tsx';
import { router } from './app/router.tsx';
import { pinBodyHeight } from './lib/body-height.ts';
import { queryClient } from './lib/query-client.ts';
import { unregisterStaleWorkers } from './lib/service-workers.ts';
import './styles.css';

// 000 §9: any service worker is unregistered at start, but the passport's /verify page's.
void unregisterStaleWorkers(navigator.serviceWorker).catch(() => undefined);

pinBodyHeight();

const root = document.getElementById('root');
if (!root) throw new Error('no #root element');
// As a transition, the first render yields to the browser every few milliseconds instead of
// holding the main thread for one long task (a phone's Total Blocking Time, issue 16).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <AppErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AppErrorBoundary>
    </StrictMode>,
  );
});
