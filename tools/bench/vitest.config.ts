// The bench's tests: its specs, in Node, with time for the smoke runs.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { include: ['src/**/*.spec.ts'], environment: 'node', testTimeout: 300_000 },
});
