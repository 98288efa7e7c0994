// The API's tests: every spec, against real PostgreSQL and Redis servers started once for the run.
import { availableParallelism } from 'node:os';
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
    // At least two files at a time, even on two cores (Vitest's default there is one): many files
    // mostly wait on servers they started, on timeouts and on restarts. Each file has its own
    // databases, ports and files, so files never share state.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // A worker loads NestJS, TypeORM and the contract once for all the files it runs, not once a
    // file (that was two thirds of the run's CPU time): the files share no state but the modules'
    // own, and each builds its own app, databases and servers.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // expect.poll waits as long as a busy machine needs (its default is 1 s); a test still fails
    // when the thing never happens.
    expect: { poll: { timeout: 15_000 } },
  },
});
