// The soak in 30 seconds: no 5xx, no ban, exact limits in every minute and flat memory.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import type { SoakSummary } from './soak.js';

const SOAK = fileURLToPath(new URL('../dist/soak.js', import.meta.url));

/** The 30-second version of `npm run soak` (which runs five minutes). */
it('two instances on PostgreSQL + Redis under steady traffic: no 5xx, exact limits, flat memory', () => {
  const result = spawnSync(process.execPath, [SOAK, '--seconds', '30'], {
    encoding: 'utf8',
    timeout: 120_000,
  });
  expect(result.stderr).not.toMatch(/The soak failed to run/);
  const summary = JSON.parse(result.stdout) as SoakSummary;
  expect(summary.serverErrors).toBe(0);
  expect(summary.networkErrors).toBe(0);
  expect(summary.bans).toBe(0);
  expect(summary.requests).toBeGreaterThan(400);
  expect(summary.limitedWindows).toBeGreaterThan(0);
  expect(summary.windows.filter((window) => !window.exact)).toEqual([]);
  expect(summary.rssMb.growth.every((mb) => mb < 40)).toBe(true);
  expect(summary.ok).toBe(true);
  expect(result.status).toBe(0);
});
