import type { RouteObject } from 'react-router-dom';
import { lazyRoute } from '../lazy-route.ts';

/** The admin's orders and members screens (001 §2); each loads on first visit. */
export const ordersAdminRoutes: RouteObject[] = [
  lazyRoute('/orders', () => import('./orders-list.tsx'), 'OrdersList'),
  lazyRoute('/view-order/:id', () => import('./view-order.tsx'), 'ViewOrder'),
  lazyRoute('/view-members', () => import('./members.tsx'), 'ViewMembers'),
  lazyRoute('/announce-release', () => import('./releases.tsx'), 'AnnounceRelease'),
  lazyRoute('/terms-versions', () => import('./terms.tsx'), 'TermsVersions'),
];
