import type { RouteObject } from 'react-router-dom';

/** The checkout screens (001 §2), each its own chunk. */
export const checkoutRoutes: RouteObject[] = [
  {
    path: '/products/purchase',
    lazy: () => import('./purchase.tsx').then((m) => ({ Component: m.Purchase })),
  },
  { path: '/products/success', lazy: () => import('./success.tsx').then((m) => ({ Component: m.Success })) },
];
