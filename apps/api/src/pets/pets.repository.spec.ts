import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import type { Statement } from '../database/statement.js';
import { PetsRepository } from './pets.repository.js';

describe('pets queries on SQLite', () => {
  let t: TestApp;
  let dataSource: DataSource;
  beforeAll(async () => {
    t = await createTestApp({ engine: 'sqlite' });
    dataSource = t.app.get(DataSource);
  });
  afterAll(async () => {
    await t.close();
  });

  const plan = async <P extends object>(statement: Statement<P, unknown>, parameters: P) =>
    (
      await dataSource.query<{ detail: string }[]>(
        `EXPLAIN QUERY PLAN ${statement.sql}`,
        statement.values(parameters),
      )
    )
      .map((row) => row.detail)
      .join('\n');

  it('pages by status through the (status, id) index, never a scan', async () => {
    const detail = await plan(t.app.get(PetsRepository).statements.listByStatus, {
      status: 'sold',
      afterId: 0,
      limit: 21,
    });
    expect(detail).toMatch(
      /SEARCH pets USING (COVERING )?INDEX pets_status_id \(status=\? AND id>\?\)/,
    );
    expect(detail).not.toMatch(/SCAN|TEMP B-TREE/);
  });

  it('pages everything along the primary key', async () => {
    const detail = await plan(t.app.get(PetsRepository).statements.listAll, {
      afterId: 0,
      limit: 21,
    });
    expect(detail).toMatch(/SEARCH pets USING INTEGER PRIMARY KEY \(rowid>\?\)/);
    expect(detail).not.toMatch(/TEMP B-TREE/);
  });
});
