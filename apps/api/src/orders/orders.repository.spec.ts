// The orders list's query plans on each database: every combination of its filters (a partner's own
// orders, status, pet), in either order and with names joined in, is served by an index, never a
// full scan of the orders; so are the reads a change makes (an order, a pet's open order, an
// account's open orders) and the adoptions report's counts.
import { DataSource } from 'typeorm';
import { describe, expect, it } from 'vitest';
import { ENGINES } from '../../test/test-app.js';
import type { Statement } from '../database/statement.js';
import { usePlans } from '../../test/query-plan.js';
import { OrdersRepository, type PageShape } from './orders.repository.js';

type Filter = Parameters<OrdersRepository['page']>[0][number];

const VALUES = { accountId: 2, status: 'placed', petId: 3, afterId: 0, limit: 21 } as const;

/** An index that narrows by one of the filters (on a table as small as a test's, the planner's pick among them is a toss-up). */
const FILTER_INDEX = /orders_(account_id|account_status_id|status_id|pet_id|open_pet)\b/;

/** Every combination of the list's filters, and the index meant to serve it. */
const COMBINATIONS: [Filter[], RegExp][] = [
  [[], /INTEGER PRIMARY KEY|orders_pkey/],
  [['accountId'], /orders_account_id\b|orders_account_status_id\b/],
  [['status'], /orders_status_id\b|orders_account_status_id\b/],
  [['petId'], /orders_pet_id\b|orders_open_pet\b/],
  [['accountId', 'status'], FILTER_INDEX],
  [['accountId', 'petId'], FILTER_INDEX],
  [['status', 'petId'], FILTER_INDEX],
  [['accountId', 'status', 'petId'], FILTER_INDEX],
];

const FULL_SCAN = /SCAN orders\b(?! USING)|Seq Scan on orders\b/;

describe.each(ENGINES)('the orders list on %s', (engine) => {
  const { t, plan } = usePlans(engine);

  it.each(COMBINATIONS)('with %j is served by an index, never a full scan', async (used, index) => {
    const detail = await plan(t.app.get(OrdersRepository).page(used), VALUES);
    // (A sequential scan of id_base, the one-row table of list order, is its best plan.)
    expect(detail).not.toMatch(FULL_SCAN);
    expect(detail).toMatch(index);
  });

  it("reads an order, and a pet's open order, from an index", async () => {
    const { statements } = t.app.get(OrdersRepository);
    for (const detail of [
      await plan(statements.byId, { id: 1 }),
      await plan(statements.held, { id: 1 }),
      await plan(statements.openOfPet, { petId: 3 }),
    ])
      expect(detail).not.toMatch(FULL_SCAN);
  });

  it.each<[Filter[], PageShape]>([
    [[], { sort: '-id' }],
    [['accountId'], { sort: '-id', below: true }],
    [['status'], { sort: '-id', below: true, expand: ['pet', 'account'] }],
    [['accountId', 'petId'], { expand: ['pet'] }],
    [[], { expand: ['pet', 'account'] }],
  ])(
    'with %j and %j is served by an index, the names joined by their keys',
    async (used, shape) => {
      const detail = await plan(t.app.get(OrdersRepository).page(used, shape), VALUES);
      // SQLite reads the first page newest first backwards along the rowid, stopping at the limit:
      // a `SCAN orders` that sorts nothing.
      if (engine === 'sqlite' && used.length === 0 && shape.sort === '-id')
        expect(detail).not.toMatch(/TEMP B-TREE/);
      else expect(detail).not.toMatch(FULL_SCAN);
      expect(detail).not.toMatch(/SCAN (pets|accounts)\b(?! USING)|Seq Scan on (pets|accounts)\b/);
    },
  );

  it('counts the orders closed in a range from the index of closed orders', async () => {
    const { statements } = t.app.get(OrdersRepository);
    const range = { from: Date.UTC(2026, 0, 1), to: Date.UTC(2027, 0, 1) };
    for (const statement of [statements.closedByDay, statements.closedByAccount]) {
      const detail = await plan(statement, range);
      expect(detail).not.toMatch(FULL_SCAN);
      expect(detail).toMatch(/orders_status_updated_at\b/);
    }
  });

  it("counts an account's open orders from an index on the account", async () => {
    const { statements } = t.app.get(OrdersRepository);
    const detail = await plan(statements.openOfAccount, { accountId: 2 });
    expect(detail).not.toMatch(FULL_SCAN);
    expect(detail).toMatch(/orders_account_status_id\b|orders_account_id\b/);
  });

  /**
   * The plan PostgreSQL makes once for every run of a prepared statement (as it does after five runs
   * on one connection), which cannot assume what values will come.
   */
  async function genericPlan<P extends object>(statement: Statement<P, unknown>, values: P) {
    const runner = t.app.get(DataSource).createQueryRunner();
    try {
      await runner.query('SET plan_cache_mode = force_generic_plan');
      await runner.query(`PREPARE generic AS ${statement.sql}`);
      const numbers = statement.values(values).map(Number);
      const rows = (await runner.query(`EXPLAIN EXECUTE generic(${numbers.join(', ')})`)) as Record<
        string,
        string
      >[];
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    } finally {
      await runner.query('DEALLOCATE generic');
      await runner.query('RESET plan_cache_mode');
      await runner.release();
    }
  }

  // The open statuses are written into the SQL: were they values, a plan made for every run could
  // not use the partial index, and placing an order read the index entry of every open order (seen:
  // 1,989 entries read at 2,000 open orders, through orders_status_id).
  if (engine === 'postgres')
    it("finds a pet's open order in the index of open orders, in the plan made for every run", async () => {
      const { statements } = t.app.get(OrdersRepository);
      for (const detail of [
        await genericPlan(statements.pet, { id: 3 }),
        await genericPlan(statements.openOfPet, { petId: 3 }),
      ]) {
        expect(detail).toMatch(/orders_open_pet\b/);
        expect(detail).not.toMatch(/orders_status_id\b/);
      }
    });
});
