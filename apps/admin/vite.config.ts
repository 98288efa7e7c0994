/** How the admin app is built, served in development (proxying the API) and unit tested. */
import react from '@vitejs/plugin-react';
import { defaultClientConditions } from 'vite';
import { defineConfig } from 'vitest/config';
import { bundleBudget } from './bundle-budget.js';

export default defineConfig({
  base: '/admin/',
  // The first page must be usable on a slow connection: at most 100 KB of JavaScript, gzipped.
  plugins: [react(), bundleBudget(100 * 1024)],
  resolve: { conditions: ['@pets/source', ...defaultClientConditions] },
  // No source maps: the API serves `dist` as it is, and maps would hand anyone our sources.
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
  server: {
    port: 5173,
    proxy: { '/v1': 'http://localhost:3000' },
  },
  test: {
    include: ['src/**/*.spec.{ts,tsx}'],
    environment: 'happy-dom',
  },
});
