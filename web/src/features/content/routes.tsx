import type { RouteObject } from 'react-router-dom';

/** The content screens' routes (filled in by the storefront work). */
export const contentRoutes: RouteObject[] = [];
