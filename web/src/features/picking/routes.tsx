import type { RouteObject } from 'react-router-dom';

/** The picking screens' routes (filled in by the storefront work). */
export const pickingRoutes: RouteObject[] = [];
