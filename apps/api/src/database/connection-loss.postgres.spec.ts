/**
 * PostgreSQL ends a connection the API holds (a restart, a failover, `pg_terminate_backend`): the
 * request using it gets a 503, and the process goes on. An 'error' event nobody listens for would
 * end the whole process instead (vitest fails the run on it).
 */
import pg from 'pg';
import { DataSource, QueryRunnerAlreadyReleasedError } from 'typeorm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freshDatabaseUrl } from '../../test/test-app.js';
import { isDatabaseUnavailable } from '../errors/database-errors.js';
import { dataSourceOptions } from './data-source.js';

describe('a PostgreSQL connection ended by the server', () => {
  let dataSource: DataSource;
  let killer: pg.Client;

  beforeEach(async () => {
    const { url } = await freshDatabaseUrl('postgres');
    dataSource = await new DataSource(dataSourceOptions({ kind: 'postgres', url })).initialize();
    killer = new pg.Client({ connectionString: url });
    await killer.connect();
  });

  afterEach(async () => {
    await killer.end();
    await dataSource.destroy();
  });

  const terminate = async (client: pg.Client) => {
    // Not events.once: it would listen for 'error' too, which is what is under test.
    const ended = new Promise((resolve) => client.once('end', resolve));
    const pid = (client as unknown as { processID: number }).processID;
    await killer.query('SELECT pg_terminate_backend($1)', [pid]);
    await ended;
  };

  it('a client handed out and not yet listened to: the process survives, the pool drops it', async () => {
    const pool = (dataSource.driver as unknown as { master: pg.Pool }).master;
    // What TypeORM holds for a microtask after pg-pool hands a client over: nobody listening.
    const client = await pool.connect();
    await terminate(client);
    await expect(client.query('SELECT 1')).rejects.toThrow(/not queryable/);
    client.release();
    expect(pool.totalCount).toBe(0);
    // A new connection serves the next query.
    expect(await dataSource.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });

  it('a read on a runner TypeORM released when its connection broke counts as the database away', async () => {
    const runner = dataSource.createQueryRunner();
    const client = (await runner.connect()) as pg.Client;
    await terminate(client);
    const failure: unknown = await runner.query('SELECT 1').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(QueryRunnerAlreadyReleasedError);
    expect(isDatabaseUnavailable(failure)).toBe(true);
  });
});
