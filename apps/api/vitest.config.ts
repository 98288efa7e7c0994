import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['@pets/source', ...defaultServerConditions] },
  ssr: { resolve: { conditions: ['@pets/source', ...defaultServerConditions] } },
  test: {
    include: ['src/**/*.spec.ts', 'test/**/*.spec.ts'],
    environment: 'node',
    // Real PostgreSQL and Redis servers for the whole run (the SQLite tests need neither).
    globalSetup: [
      '../../tools/services/src/postgres.global-setup.ts',
      '../../tools/services/src/redis.global-setup.ts',
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
