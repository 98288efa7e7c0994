import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { startPostgres } from './postgres.js';
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
