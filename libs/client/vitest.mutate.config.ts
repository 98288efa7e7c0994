/**
 * Mutation testing runs the unit tests only: the integration tests start the API for every mutant
 * (half an hour instead of minutes) and are run in full by `test`.
 */
import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.js';

export default mergeConfig(
  base,
  defineConfig({
    test: { include: ['src/**/*.spec.ts'], exclude: ['src/**/*.integration.spec.ts'] },
  }),
);
