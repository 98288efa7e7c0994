/**
 * `--profile`: the API instances run under `node --cpu-prof`, and each endpoint's report gets the
 * functions and packages with the most self time over its measured runs, sized by the CPU /proc
 * counted over the same runs.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type CpuProfile, summariseProfiles } from './cpu-profile.js';
import { type CpuSpent, microsPerRequest, systemShare } from './cpu-time.js';
import { toEndpointProfile, type VariantReport } from './report.js';
import type { ApiRuns } from './turns.js';

const WORKSPACE = fileURLToPath(new URL('../../../', import.meta.url));

/** Each instance's profile, written by `node --cpu-prof` when it exited. */
const profileName = (variant: VariantReport['name'], instance: number) =>
  `${variant}-api-${instance + 1}.cpuprofile`;

/** Node's arguments that make an instance write its CPU profile into `profileDir` as it exits. */
export const cpuProfileArgs = (
  profileDir: string,
  variant: VariantReport['name'],
  instance: number,
) => [
  '--cpu-prof',
  `--cpu-prof-dir=${profileDir}`,
  `--cpu-prof-name=${profileName(variant, instance)}`,
];

/** Adds to each endpoint of the report its share of the profiles the instances wrote. */
export function addProfiles(report: VariantReport, apiRuns: ApiRuns, profileDir: string): void {
  const profiles = Array.from(
    { length: report.instances },
    (_, i) =>
      JSON.parse(readFileSync(join(profileDir, profileName(report.name, i)), 'utf8')) as CpuProfile,
  );
  // Each endpoint's share of the profiles: the samples taken during its measured runs.
  for (const endpoint of report.endpoints) {
    const runs = apiRuns.get(endpoint.name) ?? [];
    const summary = summariseProfiles(profiles, {
      root: WORKSPACE,
      windows: runs.map((r) => r.window),
    });
    const requests = runs.reduce((total, r) => total + r.measurement.total, 0);
    const perRequest = (nanoseconds: (cpu: CpuSpent) => number | undefined) => {
      const values = runs.map((r) => nanoseconds(r.cpu));
      return values.every((value) => value !== undefined)
        ? microsPerRequest(
            values.reduce((total, value) => total + value, 0),
            requests,
          )
        : undefined;
    };
    endpoint.profile = toEndpointProfile(summary, {
      requests,
      mainThreadMicrosPerRequest: perRequest((cpu) => cpu.mainThreadNanoseconds),
      mainThreadWaitMicrosPerRequest: perRequest((cpu) => cpu.mainThreadWaitNanoseconds),
      systemShare: systemShare({
        user: runs.reduce((total, r) => total + r.cpu.ticks.user, 0),
        system: runs.reduce((total, r) => total + r.cpu.ticks.system, 0),
      }),
    });
  }
}
