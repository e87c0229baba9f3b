import type { RouteObject } from 'react-router-dom';

/** The release draw's pages (issue 35), each its own chunk. */
export const drawRoutes: RouteObject[] = [
  // The draws open now and to come (issue 45), from the world's menu and the membership page.
  {
    path: '/draws',
    lazy: () => import('./open-draws-page.tsx').then((m) => ({ Component: m.OpenDrawsPage })),
  },
  { path: '/draw/:drawId', lazy: () => import('./draw-page.tsx').then((m) => ({ Component: m.DrawPage })) },
  // The page the mailed entry link opens (its token in the fragment).
  {
    path: '/draw/:drawId/enter',
    lazy: () => import('./draw-page.tsx').then((m) => ({ Component: m.DrawPage })),
  },
  {
    path: '/draw/:drawId/entry/:entryId',
    lazy: () => import('./entry-page.tsx').then((m) => ({ Component: m.EntryPage })),
  },
];
