// @ts-check
/**
 * Mutation testing of the API's auth, rate-limit, paging, idempotency and error-mapping code, on
 * demand (`npx nx run api:mutate`): slower than the libraries' runs, and not part of `npm test`.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.mutate.config.ts' },
  coverageAnalysis: 'perTest',
  // Top-level code (constants, tables) runs every test for each of its mutants: 70 % of a run's time
  // for 15 % of the mutants. They are left out here; the libraries' runs keep theirs.
  ignoreStatic: true,
  mutate: [
    'src/accounts/api-keys/api-key.strategy.ts',
    'src/accounts/api-keys/api-key-format.ts',
    'src/accounts/api-keys/api-keys.service.ts',
    'src/accounts/staff.guard.ts',
    'src/gate/request-gate.ts',
    'src/gate/allowed-methods.ts',
    'src/rate-limit/rate-limit.tracker.ts',
    'src/rate-limit/memory-rate-limit.storage.ts',
    'src/rate-limit/redis-rate-limit.storage.ts',
    'src/rate-limit/plan-throttler.guard.ts',
    'src/paging/cursor.ts',
    'src/pets/pets.service.ts',
    'src/idempotency/idempotency.service.ts',
    'src/errors/all-exceptions.filter.ts',
    'src/errors/api-exception.ts',
    'src/errors/error-response.ts',
    'src/parsing/zod.pipe.ts',
    'src/errors/database-errors.ts',
  ],
  incremental: true,
  incrementalFile: 'reports/mutation/incremental.json',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/report.json' },
  thresholds: { high: 90, low: 85, break: 85 },
  tempDirName: '../../tmp/stryker/api',
  cleanTempDir: 'always',
  timeoutMS: 20_000,
};
