/**
 * What processing one upload costs: a camera's 12 MP JPEG (made once, about 3.5 MB), and the same
 * picture as AVIF, each processed in a fresh process five times: each run's time and its process's
 * peak RSS (VmHWM), against the upload's budget (1.5 s, 300 MB); then the ThumbHash's own cost. Not a
 * test: a measurement to read.
 *
 *   node --conditions=@pets/source --import jiti/register apps/api/test/photo-processing.bench.ts
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PhotoMediaType } from '@pets/contract';
import sharp from 'sharp';

const RUNS = 5;
const BUDGET = { ms: 1500, mb: 300 };

/** The process's peak resident memory so far, in MB. */
const peakMb = () =>
  Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]) / 1024;

interface Run {
  ms: number;
  peakMb: number;
  peakBeforeMb: number;
  bytesOut: Record<string, number>;
}

/** One run, in this (fresh) process: the upload read from `file`, processed once. */
async function child(file: string, type: PhotoMediaType): Promise<void> {
  const { processImage } = await import('../src/photos/images.js');
  const upload = readFileSync(file);
  const peakBeforeMb = peakMb();
  const started = performance.now();
  const processed = await processImage(upload, type);
  const ms = performance.now() - started;
  const bytesOut = Object.fromEntries(
    Object.entries(processed.images).map(([size, bytes]) => [size, bytes.length]),
  );
  const run: Run = { ms, peakMb: peakMb(), peakBeforeMb, bytesOut };
  process.stdout.write(JSON.stringify(run));
}

/** The ThumbHash of a 100 × 75 image, as processImage computes it: mean time of 200. */
async function thumbhashMs(): Promise<number> {
  const { rgbaToThumbHash } = await import('thumbhash');
  const rgba = new Uint8Array(100 * 75 * 4).map((_, i) => (i * 37) % 256);
  rgbaToThumbHash(100, 75, rgba);
  const started = performance.now();
  for (let i = 0; i < 200; i += 1) rgbaToThumbHash(100, 75, rgba);
  return (performance.now() - started) / 200;
}

async function main(): Promise<void> {
  const { jpeg } = await import('./images.js');
  const dir = mkdtempSync(join(tmpdir(), 'photo-bench-'));
  try {
    const camera = await jpeg(4000, 3000);
    const uploads = [
      { name: 'camera.jpg', type: 'image/jpeg', bytes: camera },
      {
        name: 'camera.avif',
        type: 'image/avif',
        bytes: await sharp(camera).avif({ effort: 0 }).toBuffer(),
      },
    ] as const;
    for (const { name, type, bytes } of uploads) {
      const file = join(dir, name);
      writeFileSync(file, bytes);
      console.log(`upload: 4000 × 3000 ${type}, ${(bytes.length / 1e6).toFixed(2)} MB`);
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        const out = execFileSync(
          process.execPath,
          [...process.execArgv, fileURLToPath(import.meta.url), 'child', file, type],
          { encoding: 'utf8' },
        );
        const run = JSON.parse(out) as Run;
        runs.push(run);
        console.log(
          `  run ${i + 1}: ${run.ms.toFixed(0)} ms, peak RSS ${run.peakMb.toFixed(0)} MB ` +
            `(${run.peakBeforeMb.toFixed(0)} MB before), WebP bytes ${JSON.stringify(run.bytesOut)}`,
        );
      }
      const worst = {
        ms: Math.max(...runs.map((run) => run.ms)),
        mb: Math.max(...runs.map((run) => run.peakMb)),
      };
      console.log(
        `  worst: ${worst.ms.toFixed(0)} ms (budget ${BUDGET.ms}), ${worst.mb.toFixed(0)} MB (budget ${BUDGET.mb})`,
      );
    }
    console.log(`ThumbHash of 100 × 75: ${(await thumbhashMs()).toFixed(2)} ms`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const [mode, file, type] = process.argv.slice(2);
await (mode === 'child' && file ? child(file, type as PhotoMediaType) : main());
