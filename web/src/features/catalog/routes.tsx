import type { RouteObject } from 'react-router-dom';

/** The catalog screens' routes (filled in by the storefront work). */
export const catalogRoutes: RouteObject[] = [];
