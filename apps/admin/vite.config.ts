import react from '@vitejs/plugin-react';
import { defaultClientConditions } from 'vite';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  resolve: { conditions: ['@pets/source', ...defaultClientConditions] },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: {
    port: 5173,
    proxy: { '/v1': 'http://localhost:3000' },
  },
  test: {
    include: ['src/**/*.spec.{ts,tsx}'],
    environment: 'happy-dom',
  },
});
