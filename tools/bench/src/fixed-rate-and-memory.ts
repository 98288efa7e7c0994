/**
 * The two long runs of a full bench, on the first endpoint: requests at a fixed rate (latency and
 * CPU when not saturated), and many requests with each instance's RSS read from /proc through
 * them (growth, and the trend between the peaks of the first and the last tenth).
 */
import { readFileSync } from 'node:fs';
import { cpuPerRequest, run } from './cpu-runs.js';
import { measure, type Target } from './measure.js';
import { CONNECTIONS, type Settings } from './options.js';
import type { VariantReport } from './report.js';

/** The report's fixed-rate run: `settings.fixedRate` requests a second for its seconds. */
export async function fixedRateRun(
  target: Target,
  pids: number[],
  settings: Settings,
): Promise<NonNullable<VariantReport['fixedRate']>> {
  const fixed = await run(target, pids, {
    connections: CONNECTIONS,
    duration: settings.fixedRate.duration,
    overallRate: settings.fixedRate.rate,
  });
  return {
    offered: settings.fixedRate.rate,
    seconds: settings.fixedRate.duration,
    requestsPerSecond: fixed.measurement.requestsPerSecond,
    p50: fixed.measurement.p50,
    p99: fixed.measurement.p99,
    errors: fixed.measurement.errors,
    non2xx: fixed.measurement.non2xx,
    cpuMicrosPerRequest: cpuPerRequest([fixed]).micros,
  };
}

/** A size of `/proc/<pid>/status` in MB (MiB), to one decimal: VmRSS now, or VmHWM, its peak. */
export function statusMegabytes(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(status);
  return match ? Math.round(Number(match[1]) / 102.4) / 10 : Number.NaN;
}

const rssMegabytes = (pid: number) => statusMegabytes(pid, 'VmRSS');

/** The report's memory run: `settings.memoryRequests` requests, RSS sampled through them. */
export async function memoryRun(
  target: Target,
  pids: number[],
  settings: Settings,
): Promise<NonNullable<VariantReport['memory']>> {
  // Sampled through the run: RSS follows V8's collection cycle (it rises and falls by tens of MB
  // while garbage accumulates and is collected), so two single readings can land on opposite ends
  // of a cycle. The peaks of the first and the last tenth of the run show a trend, a leak, instead.
  const samples: number[][] = [pids.map(rssMegabytes)];
  const sampler = setInterval(() => samples.push(pids.map(rssMegabytes)), settings.rssSampleMs);
  const soak = await measure(target, { connections: CONNECTIONS, amount: settings.memoryRequests });
  clearInterval(sampler);
  samples.push(pids.map(rssMegabytes));
  return {
    requests: settings.memoryRequests,
    ...memoryGrowth(samples),
    errors: soak.errors + soak.non2xx,
  };
}

/**
 * What RSS samples (a row per reading, a column per instance, the first and the last read at the
 * run's ends) say: growth from end to end, and the trend from the first tenth's peak to the last's.
 */
export function memoryGrowth(
  samples: number[][],
): Omit<NonNullable<VariantReport['memory']>, 'requests' | 'errors'> {
  const rssBefore = samples[0] ?? [];
  const rssAfter = samples[samples.length - 1] ?? [];
  const tenth = Math.max(1, Math.floor(samples.length / 10));
  const peak = (rows: number[][], i: number) => Math.max(...rows.map((row) => row[i] ?? 0));
  const firstPeaks = rssBefore.map((_, i) => peak(samples.slice(0, tenth), i));
  const lastPeaks = rssBefore.map((_, i) => peak(samples.slice(-tenth), i));
  return {
    rssBeforeMb: rssBefore,
    rssAfterMb: rssAfter,
    growthMb: rssAfter.map((after, i) => Math.round((after - (rssBefore[i] ?? 0)) * 10) / 10),
    firstTenthPeakMb: firstPeaks,
    lastTenthPeakMb: lastPeaks,
    trendMb: lastPeaks.map((last, i) => Math.round((last - (firstPeaks[i] ?? 0)) * 10) / 10),
  };
}
