/**
 * The plan an engine makes for a statement, as the repository tests read it to prove a list is
 * served by an index.
 */
import { DataSource } from 'typeorm';
import type { Statement } from '../src/database/statement.js';
import { useApp } from './instances.js';
import type { Engine, TestApp } from './test-app.js';

/**
 * The plan `engine` makes for `statement` with `values`, one line a step; on PostgreSQL with
 * sequential scans made a last resort, as a large table would.
 */
export async function planOf<P extends object>(
  t: TestApp,
  engine: Engine,
  statement: Statement<P, unknown>,
  values: P,
): Promise<string> {
  const runner = t.app.get(DataSource).createQueryRunner();
  try {
    if (engine === 'postgres') await runner.query('SET enable_seqscan = off');
    const rows = (await runner.query(
      `EXPLAIN ${engine === 'sqlite' ? 'QUERY PLAN ' : ''}${statement.sql}`,
      statement.values(values),
    )) as Record<string, string>[];
    return rows.map((row) => row['detail'] ?? row['QUERY PLAN']).join('\n');
  } finally {
    await runner.release();
  }
}

/**
 * An app on a fresh database on `engine` for a suite of plans, started before its tests and closed
 * after them; `plan(statement, values)` is {@link planOf} on it.
 */
export function usePlans(engine: Engine) {
  const { t } = useApp({ engine }, {});
  const plan = <P extends object>(statement: Statement<P, unknown>, values: P) =>
    planOf(t, engine, statement, values);
  return { t, plan };
}
