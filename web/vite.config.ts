import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { withShopSettings } from '#shared/shop-page.ts';
import { LOCAL_SHOP_SETTINGS } from '../infra/local/shop-settings.ts';
import { API_REFERENCE_FILE, apiReferencePage, redocScript } from './vite-api-reference.ts';
import { compileHint } from './vite-compile-hint.ts';
import { earlyRequests, verifyEarlyRequests } from './vite-early-requests.ts';
import { faviconPng } from './vite-favicon-png.ts';
import { SERVER_RENDER_FILE, serverRender } from './vite-server-render.ts';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    react(),
    // The dev server writes the local shop settings into the page, as the local gateway does; the
    // build leaves them empty for each deployment to fill (shared/shop-page.ts).
    {
      name: 'shop-settings',
      apply: 'serve',
      transformIndexHtml: (html, { path }) =>
        withShopSettings(
          html,
          LOCAL_SHOP_SETTINGS,
          path.endsWith('/verify.html') ? 'verify.html' : 'index.html',
        ),
    },
    // The release draw's algorithm (docs/draw.md), published beside its script as /draw/algorithm.md.
    {
      name: 'draw-algorithm',
      apply: 'build',
      generateBundle() {
        const source = readFileSync(`${import.meta.dirname}/../docs/draw.md`, 'utf8');
        this.emitFile({ type: 'asset', fileName: 'draw/algorithm.md', source });
      },
    },
    earlyRequests({
      entry: `${import.meta.dirname}/src/boot/early.ts`,
      routes: ['features/catalog/gender-list.tsx', 'features/catalog/product-details.tsx'],
    }),
    verifyEarlyRequests({
      entry: `${import.meta.dirname}/src/verify/early.ts`,
      reader: `${import.meta.dirname}/src/verify/early-reader.ts`,
    }),
    compileHint({ chunk: 'verify' }),
    serverRender({
      entry: `${import.meta.dirname}/src/render/render-page.tsx`,
      outFile: SERVER_RENDER_FILE(import.meta.dirname),
    }),
    redocScript(),
    apiReferencePage({ html: 'api-docs.html', outFile: API_REFERENCE_FILE(import.meta.dirname) }),
    faviconPng({
      source: `${import.meta.dirname}/public/favicon.svg`,
      fileName: 'favicon.png',
      size: 32,
      inlineIn: ['index.html'],
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: 'hidden',
    // For the page renderer (vite-server-render.ts), which moves it out of the web bucket's files.
    manifest: true,
    // The shop's app, the passport's /verify page: its own small entry, no React (docs/passport.md),
    // and the API's reference page (vite-api-reference.ts), whose Redoc no shop page loads.
    rollupOptions: {
      input: {
        main: `${import.meta.dirname}/index.html`,
        verify: `${import.meta.dirname}/verify.html`,
        'api-docs': `${import.meta.dirname}/api-docs.html`,
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' } },
});
