import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { earlyRequests } from './vite-early-requests.ts';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    react(),
    earlyRequests({
      entry: `${import.meta.dirname}/src/boot/early.ts`,
      routes: ['features/catalog/gender-list.tsx', 'features/catalog/product-details.tsx'],
    }),
  ],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: 'hidden' },
  server: { proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' } },
});
