import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
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

  const plan = async (sql: string, parameters: unknown[]) =>
    (await dataSource.query<{ detail: string }[]>(`EXPLAIN QUERY PLAN ${sql}`, parameters))
      .map((row) => row.detail)
      .join('\n');

  it('pages by status through the (status, id) index, never a scan', async () => {
    const detail = await plan(t.app.get(PetsRepository).sql.listByStatus, ['sold', 0, 21]);
    expect(detail).toMatch(
      /SEARCH pets USING (COVERING )?INDEX pets_status_id \(status=\? AND id>\?\)/,
    );
    expect(detail).not.toMatch(/SCAN|TEMP B-TREE/);
  });

  it('pages everything along the primary key', async () => {
    const detail = await plan(t.app.get(PetsRepository).sql.listAll, [0, 21]);
    expect(detail).toMatch(/SEARCH pets USING INTEGER PRIMARY KEY \(rowid>\?\)/);
    expect(detail).not.toMatch(/TEMP B-TREE/);
  });
});
