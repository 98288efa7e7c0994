/**
 * The same promise on PostgreSQL: faults while partners write, then a restart of the API, then
 * every acknowledged write (and revocation) checked. A full disk is hard to stage here; a stopped
 * server and connections killed under the API are not.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { type PostgresServer, startPostgres } from '@pets/services';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoadedApi } from '../../test/loaded-api.js';
import { stopServer } from '../../test/processes.js';
import { durableAccount, phase } from '../../test/write-ledger.js';

describe('PostgreSQL faults while partners write', () => {
  let server: PostgresServer;
  beforeAll(async () => {
    // A server of its own: this test stops it.
    server = await startPostgres();
  });
  afterAll(() => {
    server.destroy();
  });

  const setUp = (database: string) => durableAccount(server.createDatabase(database), 2);

  it('the server stops and starts again: writes refused meanwhile, none acknowledged lost', async () => {
    const account = setUp('stopped');
    const [during, after] = [...account.spare.keys()];
    if (during === undefined || after === undefined) throw new Error('keys');
    const run = await LoadedApi.start(account, 'Stop');
    const { ledger, seen } = run;
    try {
      seen['acknowledged before'] = await phase(() => ledger.acknowledged.size >= 30, 10_000);
      const changeHeld = await ledger.holdChanges(2);
      server.stop();
      try {
        seen['refused'] = await phase(() => ledger.refused.size >= 10, 10_000);
        seen['changes during'] = await changeHeld();
        seen['revocation during'] = await ledger.revoke(during);
      } finally {
        server.start();
      }
      seen['acknowledged after'] = await run.moreAcknowledged(30, 10, 15_000);
      seen['revocation after'] = await ledger.revoke(after);
      seen['exit code'] = await run.stopGracefully();

      await run.restartAndCheck({ refusedMayExist: true });
      expect(seen).toEqual({
        'acknowledged before': true,
        refused: true,
        'changes during': ['refused', 'refused'],
        'revocation during': 503,
        'acknowledged after': true,
        'revocation after': 200,
        'exit code': 0,
      });
    } finally {
      await run.end();
    }
  }, 120_000);

  it("the API's connections are killed again and again, then kill -9: none acknowledged lost", async () => {
    const account = setUp('killed');
    const killer = new pg.Client({ connectionString: account.env.DATABASE_URL });
    await killer.connect();
    const run = await LoadedApi.start(account, 'Kill', true);
    const { ledger, seen } = run;
    // Reads alongside: the list, and the key lookup each time the key cache lapses.
    const readStatuses = new Set<number>();
    const reads = (async () => {
      while (!run.stopped) {
        const response = await fetch(`${run.server.baseUrl}/v1/pets?limit=5`, {
          headers: { authorization: `Bearer ${account.key}` },
        }).catch(() => undefined);
        if (response) readStatuses.add(response.status);
        await response?.arrayBuffer();
      }
    })();
    let killed = 0;
    try {
      await phase(() => ledger.acknowledged.size >= 30, 10_000);
      const [revoked] = [...account.spare.keys()];
      if (revoked === undefined) throw new Error('keys');
      for (let round = 0; round < 20; round++) {
        const result = await killer.query<{ pid: number }>(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
           WHERE datname = current_database() AND pid <> pg_backend_pid()`,
        );
        killed += result.rowCount ?? 0;
        if (round === 10) await ledger.revoke(revoked);
        // Kills land at every point of a connection's life: just opened, in a query, idle.
        await sleep(Math.random() * 150);
      }
      // The same process goes on serving once the killing stops.
      seen['acknowledged after'] = await run.moreAcknowledged(10, 10, 30_000);
      seen['still running'] = run.server.child.exitCode === null;
      seen['reads answered 200'] = readStatuses.has(200);
      // Only answers a partner can act on: the page, or 503 to retry.
      seen['other read answers'] = [...readStatuses].filter(
        (status) => status !== 200 && status !== 503,
      );
      await Promise.all([run.stopWriting(), reads]);
      await stopServer(run.server);
      seen['changes refused'] = ledger.changes.refused > 0;

      await run.restartAndCheck({ refusedMayExist: true });
      expect(killed).toBeGreaterThan(10);
      expect(seen).toEqual({
        'acknowledged after': true,
        'still running': true,
        'reads answered 200': true,
        'other read answers': [],
        'changes refused': true,
      });
    } finally {
      run.stopped = true;
      await killer.end();
      await run.end();
      await reads;
    }
  }, 120_000);
});
