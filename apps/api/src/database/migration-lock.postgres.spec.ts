/**
 * Instances started together on an empty PostgreSQL database: each one runs the migrations at
 * start, and only one at a time may, or two create the same table at once and one fails. Every
 * instance comes up, and each migration is recorded once.
 */
import { DataSource } from 'typeorm';
import { startServer } from '@pets/services';
import { describe, expect, it } from 'vitest';
import { freshDatabaseUrl } from '../../test/test-app.js';
import { dataSourceOptions, MIGRATIONS, openDataSource } from './data-source.js';

describe('migrations of instances started together', () => {
  it('run once, one instance at a time, and every instance starts', async () => {
    const { url } = await freshDatabaseUrl('postgres');
    const database = { kind: 'postgres', url } as const;
    const started = await Promise.allSettled(
      Array.from({ length: 4 }, () => openDataSource(dataSourceOptions(database))),
    );
    const sources = started.flatMap((result) =>
      result.status === 'fulfilled' ? [result.value] : [],
    );
    try {
      expect(started.filter((result) => result.status === 'rejected')).toEqual([]);
      const [first] = sources as [DataSource];
      const recorded = await first.query<{ name: string }[]>(
        'SELECT name FROM migrations ORDER BY id',
      );
      expect(recorded.map((row) => row.name)).toEqual(
        MIGRATIONS.map((migration) => migration.name),
      );
    } finally {
      await Promise.all(sources.map((source) => source.destroy()));
    }
  });

  it('as built: three API processes started at once on an empty database all serve', async () => {
    const { url } = await freshDatabaseUrl('postgres');
    const env = { DATABASE_URL: url, NODE_ENV: 'test', PATH: process.env['PATH'] ?? '' };
    const started = await Promise.allSettled([
      startServer(env),
      startServer(env),
      startServer(env),
    ]);
    const servers = started.flatMap((result) =>
      result.status === 'fulfilled' ? [result.value] : [],
    );
    try {
      expect(started.filter((result) => result.status === 'rejected')).toEqual([]);
      for (const server of servers) {
        expect((await fetch(`${server.baseUrl}/readyz`)).status).toBe(200);
        // Each came up at its first attempt: none failed and was started again by TypeORM's retry.
        expect(server.output()).not.toMatch(/Unable to connect to the database/);
      }
    } finally {
      for (const server of servers) server.child.kill('SIGTERM');
      await Promise.all(servers.map((server) => server.exited));
    }
    // Three processes starting at once on a machine that runs other suites too.
  }, 120_000);
});
