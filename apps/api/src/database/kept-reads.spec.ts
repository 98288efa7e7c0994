// Kept reads on SQLite: a repeated list read is served from memory until anything commits, on any
// connection or process, and never older than its version.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEPT_READS_MAX, SqliteDatabase } from './database.js';
import { SQLITE_MODULE_NAME, sqliteModule } from './sqlite-driver.js';
import { Statement } from './statement.js';

const require = createRequire(import.meta.url);

/** Pets after an id, as a list page reads them. */
const page = new Statement<{ afterId: number }, { id: number; name: string }>(
  'SELECT id, name FROM pets WHERE id > ? ORDER BY id LIMIT 3',
  [{ name: 'afterId' }],
  false,
);

describe('kept reads on SQLite', () => {
  let dir: string;
  let file: string;
  let writer: BetterSqlite3.Database;
  let database: SqliteDatabase;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pets-kept-'));
    file = join(dir, 'pets.sqlite');
    const Sqlite = sqliteModule();
    writer = new Sqlite(file);
    writer.pragma('journal_mode = WAL');
    writer.exec(
      "CREATE TABLE pets (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO pets (name) VALUES ('Rex')",
    );
    database = new SqliteDatabase(file, 1_000);
  });

  afterEach(async () => {
    await database.close();
    writer.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const names = async (afterId = 0) =>
    (await database.allKept(page, { afterId })).map((pet) => pet.name);

  it('answers a repeated read with the rows kept while nothing was committed', async () => {
    const first = await database.allKept(page, { afterId: 0 });
    expect(first).toEqual([{ id: 1, name: 'Rex' }]);
    expect(await database.allKept(page, { afterId: 0 })).toBe(first);
    // Other parameters are another read.
    expect(await database.allKept(page, { afterId: 1 })).toEqual([]);
  });

  it('reads again after a commit on another connection of this process', async () => {
    expect(await names()).toEqual(['Rex']);
    writer.prepare("INSERT INTO pets (name) VALUES ('Tom')").run();
    expect(await names()).toEqual(['Rex', 'Tom']);
    writer.prepare("UPDATE pets SET name = 'Max' WHERE id = 1").run();
    expect(await names()).toEqual(['Max', 'Tom']);
    writer.prepare('DELETE FROM pets WHERE id = 2').run();
    expect(await names()).toEqual(['Max']);
  });

  it('reads again after a commit by another process', async () => {
    expect(await names()).toEqual(['Rex']);
    execFileSync(process.execPath, [
      '-e',
      `const Sqlite = require(${JSON.stringify(require.resolve(SQLITE_MODULE_NAME))});
       const db = new Sqlite(${JSON.stringify(file)});
       db.prepare("INSERT INTO pets (name) VALUES ('Tom')").run();
       db.close();`,
    ]);
    expect(await names()).toEqual(['Rex', 'Tom']);
  });

  it('never keeps rows under a version newer than they are: a commit right after the read is seen next time', async () => {
    const inner = database as unknown as {
      prepare(sql: string): { statement: { all(...values: unknown[]): unknown[] } };
    };
    const prepare = inner.prepare.bind(database);
    const spy = vi.spyOn(inner, 'prepare').mockImplementationOnce((sql) => {
      const read = prepare(sql);
      return {
        ...read,
        statement: {
          all: (...values: unknown[]) => {
            const rows = read.statement.all(...values);
            // Another writer commits just after the rows were read.
            writer.prepare("INSERT INTO pets (name) VALUES ('Tom')").run();
            return rows;
          },
        },
      };
    });
    expect(await names()).toEqual(['Rex']);
    expect(spy).toHaveBeenCalledOnce();
    expect(await names()).toEqual(['Rex', 'Tom']);
  });

  it(`keeps at most ${KEPT_READS_MAX} reads, dropping the oldest`, async () => {
    const first = await database.allKept(page, { afterId: 0 });
    for (let afterId = 1; afterId < KEPT_READS_MAX; afterId++)
      await database.allKept(page, { afterId });
    expect(await database.allKept(page, { afterId: 0 })).toBe(first);
    // One more pushes out the first kept (a hit does not make it newer).
    await database.allKept(page, { afterId: KEPT_READS_MAX });
    const again = await database.allKept(page, { afterId: 0 });
    expect(again).toEqual(first);
    expect(again).not.toBe(first);
  });

  it('refuses once closed', async () => {
    await database.close();
    await expect(names()).rejects.toThrow();
  });
});
