/**
 * `npm run bench`: measures the pet store API against a bare Fastify baseline on this machine, on
 * SQLite and on PostgreSQL + Redis, prints the report as Markdown and writes it to latest.md and
 * latest.json (docs/team/performance.md). `--help` lists the options (options.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, release } from 'node:os';
import { join } from 'node:path';
import { CONNECTIONS, HELP, parseOptions } from './options.js';
import { type BenchReport, toMarkdown } from './report.js';
import { runVariant } from './variant.js';

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2));
  if ('help' in options) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  if ('refused' in options) {
    process.stderr.write(`${options.refused}\n`);
    return 2;
  }
  const { variants, settings, out } = options;
  if (settings.profileDir !== undefined) mkdirSync(settings.profileDir, { recursive: true });

  const report: BenchReport = {
    date: new Date().toISOString(),
    smoke: options.smoke,
    profiled: options.profile,
    machine: {
      cpus: availableParallelism(),
      model: cpus()[0]?.model ?? 'unknown',
      node: process.version,
      kernel: release(),
    },
    connections: CONNECTIONS,
    secondsPerRun: settings.duration,
    turns: settings.turns,
    ...(settings.rate !== undefined ? { offeredRate: settings.rate } : {}),
    variants: [],
  };
  for (const variant of variants) report.variants.push(await runVariant(variant, settings));

  const markdown = toMarkdown(report);
  process.stdout.write(`${markdown}\n`);
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'latest.md'), `${markdown}\n`);
  writeFileSync(join(out, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
  process.stderr.write(`Written to ${join(out, 'latest.md')} and latest.json\n`);
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(
      `The bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exitCode = 1;
  },
);
