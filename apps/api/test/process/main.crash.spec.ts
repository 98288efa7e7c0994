/**
 * kill -9 of the built server in the middle of writes (pets, their changes, store orders and their
 * moves), then a restart: what was acknowledged is there exactly once, and what was in flight is
 * there whole (with its audit events) or not at all.
 */
import { describe, expect, it } from 'vitest';
import { CrashRun } from '../processes.js';
import { ENGINES, freshDatabaseUrl } from '../test-app.js';
import { checkLedger, durableAccount, phase, WriteLedger } from '../write-ledger.js';

describe.each(ENGINES)(
  'kill -9 while partners create pets and staff and partners change, remove and order them, on %s',
  (engine) => {
    it('every acknowledged write is there once after a restart, and retries with the same key never duplicate', async () => {
      // Whether a change (PATCH or DELETE) is in flight at the kill is up to timing. Each attempt is
      // a whole run on a fresh database, checked in full; the test needs one whose kill caught a
      // change unanswered, so it tries up to three times.
      const attempts: { busy: boolean; changesInFlight: number }[] = [];
      while (attempts.length < 3 && !attempts.some((a) => a.changesInFlight > 0))
        attempts.push(await killOnce());
      expect(attempts.every((attempt) => attempt.busy)).toBe(true);
      expect(attempts.some((attempt) => attempt.changesInFlight > 0)).toBe(true);
    }, 180_000);

    /** One run: load, kill -9, restart, and the ledger checked against what the database holds. */
    async function killOnce(): Promise<{ busy: boolean; changesInFlight: number }> {
      const database = await freshDatabaseUrl(engine);
      const account = durableAccount(database.url, 0);
      const run = new CrashRun(database);
      try {
        await run.start(account.env);
        const ledger = new WriteLedger(() => run.baseUrl, account, 'Crash');
        run.load(ledger.run(8, run.halt, false, 3));
        const busy = await phase(
          () =>
            ledger.acknowledged.size >= 30 &&
            ledger.changes.removed >= 2 &&
            ledger.changes.orderSteps >= 6,
          20_000,
        );
        await run.kill();
        const { changes } = ledger;

        await run.restart();
        await checkLedger(ledger, run.baseUrl, account.spare);
        return { busy, changesInFlight: changes.unanswered };
      } finally {
        await run.end();
      }
    }
  },
);
