// The start-up bench in one round: both builds of the API started and answering, both CLIs run,
// their CPU read; and bash's `times` read right.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { childrenCpuMs, type StartupSummary } from './startup.js';

const STARTUP = fileURLToPath(new URL('../dist/startup.js', import.meta.url));

it("reads the children's CPU from bash's times", () => {
  expect(childrenCpuMs('0m0.010s 0m0.002s\n0m1.220s 0m0.189s\n')).toBe(1409);
  expect(childrenCpuMs('0m0.000s 0m0.000s\n1m2.500s 0m0.500s\n')).toBe(63_000);
  expect(() => childrenCpuMs('0m0.010s 0m0.002s\n')).toThrow(/Not the output of bash's times/);
});

it('starts each build of the API and runs each CLI, and reads what they cost', () => {
  const result = spawnSync(process.execPath, [STARTUP, '--rounds', '1', '--json'], {
    encoding: 'utf8',
    timeout: 120_000,
  });
  expect(result.stderr).not.toMatch(/The start-up bench failed/);
  expect(result.status).toBe(0);
  const summary = JSON.parse(result.stdout) as StartupSummary;
  expect(summary.rounds).toBe(1);
  expect(summary.rows.map((row) => row.build)).toEqual(['bundle', 'modules']);
  for (const row of summary.rows) {
    expect(row.serverCpuMs, row.build).toBeGreaterThan(0);
    expect(row.serverReadyMs, row.build).toBeGreaterThan(0);
    expect(row.cliCpuMs, row.build).toBeGreaterThan(0);
  }
});

it('refuses a round count it cannot run', () => {
  const result = spawnSync(process.execPath, [STARTUP, '--rounds', '0'], { encoding: 'utf8' });
  expect(result.status).toBe(2);
  expect(result.stderr).toContain('--rounds must be a whole number from 1 to 1000 (got "0")');
});
