/**
 * The client's tests, unit and integration (these start the real API); `@pets/source` resolves the
 * contract to its sources, so no build is needed first.
 */
import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['@pets/source', ...defaultServerConditions] },
  ssr: { resolve: { conditions: ['@pets/source', ...defaultServerConditions] } },
  test: { include: ['src/**/*.spec.ts'], environment: 'node' },
});
