/**
 * The reference page's HTML as the web build made it (web/api-docs.html, its script and styles
 * under /assets/), for GET /api/docs: vite-api-reference.ts writes it into
 * web/dist-server/api-reference-page.mjs, which `#api-reference-page` (package.json) is at run
 * time. This file stands for it in type checks and the import graph, as render-page.tsx does for
 * `#web-render`.
 */
export declare const pageHtml: string;
