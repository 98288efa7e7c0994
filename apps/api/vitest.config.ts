import { join } from 'node:path';
import { defaultServerConditions, searchForWorkspaceRoot } from 'vite';
import { defineConfig } from 'vitest/config';

// Found from here, not as ../../: mutation testing runs a copy of this project elsewhere.
const services = join(searchForWorkspaceRoot(import.meta.dirname), 'tools/services/src');

export default defineConfig({
  resolve: { conditions: ['@pets/source', ...defaultServerConditions] },
  ssr: { resolve: { conditions: ['@pets/source', ...defaultServerConditions] } },
  test: {
    include: ['src/**/*.spec.ts', 'test/**/*.spec.ts'],
    environment: 'node',
    // Real PostgreSQL and Redis servers for the whole run (the SQLite tests need neither).
    globalSetup: [
      join(services, 'postgres.global-setup.ts'),
      join(services, 'redis.global-setup.ts'),
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
