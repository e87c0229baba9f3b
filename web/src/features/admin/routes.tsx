import type { RouteObject } from 'react-router-dom';
import { lazyRoute } from './lazy-route.ts';
import { RequireAdmin } from './require-admin.tsx';
import { staffRoutes } from './staff-routes.tsx';

/** The login page (/admin), then the staff screens behind the session guard. */
export const adminRoutes: RouteObject[] = [
  lazyRoute('/admin', () => import('./login.tsx'), 'AdminLogin'),
  { element: <RequireAdmin />, children: staffRoutes },
];
