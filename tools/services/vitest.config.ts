// The services' tests: its specs, in Node.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { include: ['src/**/*.spec.ts'], environment: 'node', testTimeout: 60_000 },
});
