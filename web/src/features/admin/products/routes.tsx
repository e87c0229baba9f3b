import type { RouteObject } from 'react-router-dom';

/** The admin's products screens (001 §2); each loads on first visit. */
export const productsAdminRoutes: RouteObject[] = [];
