/**
 * The tests mutation testing runs (`npx nx run api:mutate`): the in-process tests of the code it
 * mutates. The tests that start the built API as a process (main.*, durability, two instances) test
 * dist, not the mutated sources.
 */
import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.js';

export default mergeConfig(
  base,
  defineConfig({
    test: {
      include: [
        'src/accounts/**/*.spec.ts',
        'src/app.spec.ts',
        'src/errors/*.spec.ts',
        'src/gate/*.spec.ts',
        'src/http/*.spec.ts',
        'src/logging/*.spec.ts',
        'src/paging/*.spec.ts',
        'src/parsing/*.spec.ts',
        'src/categories/*.spec.ts',
        'src/database/database-outage.spec.ts',
        'src/idempotency/*.spec.ts',
        'src/pets/*.spec.ts',
        'src/rate-limit/rate-limit.http.spec.ts',
        'src/rate-limit/redis-rate-limit.storage.spec.ts',
        'src/usage/*.spec.ts',
      ],
    },
  }),
);
