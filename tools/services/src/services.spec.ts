// PostgreSQL, Redis and Prometheus start for real on free loopback ports, answer, stop and
// start again; a server's output is kept whole or bounded.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer } from './api-process.js';
import { startPostgres } from './postgres.js';
import { startPrometheus } from './prometheus.js';
import { startRedis } from './redis.js';

describe('startPostgres', () => {
  it('runs a real server on a free loopback port, creates databases, and stops', async () => {
    const server = await startPostgres();
    try {
      const url = server.createDatabase('pets_check');
      expect(url).toBe(`postgres://postgres@127.0.0.1:${server.port}/pets_check`);
      const answer = execFileSync('psql', [url, '-tAc', 'SELECT 1 + 1'], { encoding: 'utf8' });
      expect(answer.trim()).toBe('2');
      server.stop();
      expect(() => execFileSync('psql', [url, '-tAc', 'SELECT 1'], { stdio: 'pipe' })).toThrow();
      server.start();
      expect(execFileSync('psql', [url, '-tAc', 'SELECT 3'], { encoding: 'utf8' }).trim()).toBe(
        '3',
      );
    } finally {
      server.destroy();
    }
  });
});

describe('startPostgres with settings', () => {
  it('runs with the settings a test asks for, and refuses one that is not a plain name and value', async () => {
    const server = await startPostgres({ settings: { track_commit_timestamp: 'on' } });
    try {
      const answer = execFileSync('psql', [server.url, '-tAc', 'SHOW track_commit_timestamp'], {
        encoding: 'utf8',
      });
      expect(answer.trim()).toBe('on');
    } finally {
      server.destroy();
    }
    await expect(startPostgres({ settings: { 'a b': 'on' } })).rejects.toThrow(/plain/);
    await expect(startPostgres({ settings: { work_mem: "1MB' -c x=y" } })).rejects.toThrow(/plain/);
  });
});

describe('startRedis', () => {
  it('runs a real server that answers, stops, and starts again', async () => {
    const server = await startRedis();
    try {
      expect(
        execFileSync('redis-cli', ['-p', String(server.port), 'PING'], { encoding: 'utf8' }).trim(),
      ).toBe('PONG');
      await server.stop();
      expect(() =>
        execFileSync('redis-cli', ['-p', String(server.port), 'PING'], { stdio: 'pipe' }),
      ).toThrow();
      await server.start();
      expect(
        execFileSync('redis-cli', ['-p', String(server.port), 'PING'], { encoding: 'utf8' }).trim(),
      ).toBe('PONG');
    } finally {
      await server.stop();
    }
  });
});

describe('startPrometheus', () => {
  it('scrapes its targets, answers PromQL, marks a target whose text does not parse as down, and stops', async () => {
    // Two exporters: one valid text, one that is not the exposition format. The second shows what
    // the API's test relies on: text Prometheus cannot parse makes `up` 0, even with a 200.
    const exporter = (text: string) => {
      const server = createServer((_request, response) => {
        response.writeHead(200, { 'content-type': 'text/plain; version=0.0.4' });
        response.end(text);
      });
      return new Promise<{ target: string; close: () => void }>((resolve) =>
        server.listen(0, '127.0.0.1', () => {
          resolve({
            target: `127.0.0.1:${(server.address() as AddressInfo).port}`,
            close: () => server.close(),
          });
        }),
      );
    };
    const good = await exporter('# TYPE pets_total counter\npets_total{kind="cat"} 3\n');
    const bad = await exporter('pets_total{kind="cat" 3\n');
    const prometheus = await startPrometheus({ targets: [good.target, bad.target] });
    try {
      expect((await fetch(`${prometheus.url}/-/ready`)).status).toBe(200);
      await prometheus.waitForScrapes(1);
      const up = await prometheus.query(`up{job="${prometheus.job}"}`);
      const upByInstance =
        up.resultType === 'vector' &&
        up.result.map((s) => `${s.metric['instance']} ${s.value[1]}`).sort();
      expect(upByInstance).toEqual([`${good.target} 1`, `${bad.target} 0`].sort());
      const down = (await prometheus.targets()).find((t) => t.labels['instance'] === bad.target);
      expect(down?.health).toBe('down');
      expect(down?.lastError).toMatch(/expected/);
      const pets = await prometheus.query('sum(pets_total)');
      expect(pets.resultType === 'vector' && pets.result[0]?.value[1]).toBe('3');
      await expect(prometheus.query('sum(')).rejects.toThrow(/parse error/);
    } finally {
      await prometheus.stop();
      good.close();
      bad.close();
    }
    await expect(fetch(`${prometheus.url}/-/ready`)).rejects.toThrow();
  });
});

describe('startServer', () => {
  it('keeps all its output, or only the last characters it is told to keep', async () => {
    // A stand-in for the API: the listening line, /healthz, and a mebibyte of lines on /spew.
    const dir = mkdtempSync(join(tmpdir(), 'server-output-'));
    const main = join(dir, 'main.mjs');
    writeFileSync(
      main,
      `import { createServer } from 'node:http';
const server = createServer((request, response) => {
  if (request.url === '/spew') {
    for (let i = 0; i < 16_384; i++) process.stdout.write(\`line \${i} \${'x'.repeat(58)}\\n\`);
    process.stdout.write('last line\\n');
  }
  response.end('ok');
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(\`{"url":"http://localhost:\${server.address().port}"}\\n\`);
});
process.on('SIGTERM', () => process.exit(0));
`,
    );
    const spewed = async (kept?: number) => {
      const server = await startServer({}, undefined, [], main, kept);
      try {
        await (await fetch(`${server.baseUrl}/spew`)).text();
        const deadline = Date.now() + 10_000;
        while (!server.output().endsWith('last line\n') && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 20));
        return server.output();
      } finally {
        server.child.kill('SIGTERM');
        await server.exited;
      }
    };
    try {
      const all = await spewed();
      expect(all).toContain('"url":"http://localhost:');
      expect(all).toContain('line 0 x');
      expect(all.length).toBeGreaterThan(1_000_000);
      const tail = await spewed(10_000);
      expect(tail.endsWith('line 16383 ' + 'x'.repeat(58) + '\nlast line\n')).toBe(true);
      expect(tail.length).toBeLessThanOrEqual(20_000);
      expect(tail).not.toContain('line 0 x');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
