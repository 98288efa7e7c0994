/** The contract's unit tests: its schemas, operations table, problems and OpenAPI document. */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.spec.ts'],
    environment: 'node',
  },
});
