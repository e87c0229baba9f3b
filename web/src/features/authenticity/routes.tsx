import type { RouteObject } from 'react-router-dom';

/**
 * The authenticity portal (001 §2), each screen its own chunk. The paths match with or
 * without a trailing slash (/home's menu links /authenticity/).
 */
export const authenticityRoutes: RouteObject[] = [
  { path: '/authenticity', lazy: () => import('./login.tsx').then((m) => ({ Component: m.Login })) },
  {
    path: '/authenticity/showingcard',
    lazy: () => import('./showing-card.tsx').then((m) => ({ Component: m.ShowingCard })),
  },
  {
    path: '/authenticity/transfer',
    lazy: () => import('./transfer.tsx').then((m) => ({ Component: m.Transfer })),
  },
  { path: '/authenticity/finish', lazy: () => import('./finish.tsx').then((m) => ({ Component: m.Finish })) },
  {
    path: '/authenticity/reset',
    lazy: () => import('./confirm-reset.tsx').then((m) => ({ Component: m.ConfirmReset })),
  },
  {
    path: '/authenticity/link',
    lazy: () => import('./login-link.tsx').then((m) => ({ Component: m.RedeemLoginLink })),
  },
  {
    path: '/forgot-pwd',
    lazy: () => import('./forgot-password.tsx').then((m) => ({ Component: m.ForgotPassword })),
  },
];
