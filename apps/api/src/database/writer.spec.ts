// The writer keeps transactions apart, refuses a statement after its transaction ended, and never
// writes through a SQLite connection stuck in a transaction.
import { readdirSync, readlinkSync, statSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import type BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, ENGINES, type TestApp } from '../../test/test-app.js';
import { isDatabaseUnavailable } from '../errors/database-errors.js';
import { Database } from './database.js';
import type { Statement } from './statement.js';
import { Writer, type WriteTx } from './writer.js';

const insertPet = (database: Database) =>
  database.statement((db, p: { name: string }) =>
    db
      .insertInto('pets')
      .values({ name: p.name, name_key: '', category_id: 1, status: 'available', created_at: 0 }),
  );

describe.each(ENGINES)('the writer on %s', (engine) => {
  let t: TestApp;
  let writer: Writer;
  let dataSource: DataSource;
  let insert: Statement<{ name: string }, unknown>;

  beforeEach(async () => {
    t = await createTestApp({ engine });
    writer = t.app.get(Writer);
    dataSource = t.app.get(DataSource);
    insert = insertPet(t.app.get(Database));
  });

  afterEach(async () => {
    await t.close();
  });

  /** What a reader outside every write transaction sees: TypeORM's connection on SQLite, a
   * connection of its own on PostgreSQL (the pool may be held entirely by open transactions). */
  const names = async () => {
    const sql = 'SELECT name FROM pets ORDER BY name';
    if (engine === 'sqlite')
      return (await dataSource.query<{ name: string }[]>(sql)).map((row) => row.name);
    const client = new pg.Client({
      connectionString: t.config.database.kind === 'postgres' ? t.config.database.url : '',
    });
    await client.connect();
    try {
      return (await client.query<{ name: string }>(sql)).rows.map((row) => row.name);
    } finally {
      await client.end();
    }
  };

  it('keeps transactions apart even when their work waits on timers: one fails, the rest commit whole', async () => {
    let active = 0;
    let mostActive = 0;
    const dirtyReads: string[] = [];
    const outcomes = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) =>
        writer.transaction(async (tx) => {
          active++;
          mostActive = Math.max(mostActive, active);
          try {
            await tx.run(insert, { name: `T${i} first` });
            // A real wait: other transactions' work gets every chance to run in between.
            await sleep(i % 4);
            // Nobody outside the transaction sees its rows before it commits.
            const seen = await names();
            if (seen.includes(`T${i} first`)) dirtyReads.push(`T${i}`);
            if (i === 17) throw new Error('work failed half-way');
            await tx.run(insert, { name: `T${i} second` });
            return i;
          } finally {
            active--;
          }
        }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toHaveLength(1);
    expect(outcomes[17]).toMatchObject({ status: 'rejected' });
    expect(dirtyReads).toEqual([]);
    const expected = Array.from({ length: 40 }, (_, i) => i)
      .filter((i) => i !== 17)
      .flatMap((i) => [`T${i} first`, `T${i} second`])
      .sort();
    expect(await names()).toEqual(expected);
    // SQLite has one writer at a time; PostgreSQL runs them side by side on pooled connections.
    if (engine === 'sqlite') expect(mostActive).toBe(1);
    else expect(mostActive).toBeGreaterThan(1);
  });

  it('refuses a statement sent after its transaction ended', async () => {
    let leaked: WriteTx | undefined;
    await writer.transaction(async (tx) => {
      leaked = tx;
      await tx.run(insert, { name: 'inside' });
    });
    if (engine === 'sqlite') {
      await expect(leaked?.run(insert, { name: 'after' })).rejects.toThrow(/after it ended/);
    } else {
      await expect(leaked?.run(insert, { name: 'after' })).rejects.toThrow();
    }
    expect(await names()).toEqual(['inside']);
  });

  it('runs what waits for a commit once it is committed, once each, and never for a rollback', async () => {
    const ran: string[] = [];
    const tell = (what: string) => () => {
      ran.push(what);
    };
    const told = tell('committed');
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) =>
        writer.transaction(async (tx) => {
          await tx.run(insert, { name: `A${i}` });
          tx.afterCommit(tell(`A${i}`));
          // The same callback twice in one transaction, and from every transaction: once each.
          tx.afterCommit(told);
          tx.afterCommit(told);
          if (i === 3) throw new Error('rolled back');
          // Before the commit, nothing has run for this one.
          expect(ran).not.toContain(`A${i}`);
          return i;
        }),
      ),
    );
    expect(results.map((result) => result.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    expect(ran.filter((what) => what !== 'committed').sort()).toEqual([
      'A0',
      'A1',
      'A2',
      'A4',
      'A5',
    ]);
    // Once per transaction, however often it was given.
    expect(ran.filter((what) => what === 'committed')).toHaveLength(5);
    // One that throws neither fails the write nor stops the others.
    const after: string[] = [];
    await expect(
      writer.transaction(async (tx) => {
        await tx.run(insert, { name: 'B' });
        tx.afterCommit(() => {
          throw new Error('a listener failed');
        });
        tx.afterCommit(() => after.push('B'));
        return 'stored';
      }),
    ).resolves.toBe('stored');
    expect(after).toEqual(['B']);
    expect(await names()).toContain('B');
  });
});

describe('the SQLite write connection left inside a transaction', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ engine: 'sqlite' });
  });
  afterEach(async () => {
    await t.close();
  });

  it('is never written through while it cannot roll back, and is used again once it can', async () => {
    const writer = t.app.get(Writer);
    const insert = insertPet(t.app.get(Database));
    // A query still running on the connection makes ROLLBACK fail ("connection is busy"), so the
    // failed transaction below stays open on it: the state a swallowed ROLLBACK leaves behind.
    const db = Reflect.get(writer, 'db') as BetterSqlite3.Database;
    let cursor: IterableIterator<unknown> | undefined;
    await expect(
      writer.transaction(async (tx) => {
        await tx.run(insert, { name: 'doomed' });
        cursor = db.prepare('SELECT name FROM pets').iterate();
        cursor.next();
        throw new Error('work failed');
      }),
    ).rejects.toThrow('work failed');
    expect(db.inTransaction).toBe(true);

    // The next transaction is refused (503-class), not nested inside the open one.
    const refused = writer.transaction((tx) => tx.run(insert, { name: 'nested' }));
    await expect(refused).rejects.toMatchObject({ code: 'PETS_WRITE_CONNECTION_STUCK' });
    expect(isDatabaseUnavailable(await refused.catch((error: unknown) => error))).toBe(true);

    // The query ends: the open transaction is rolled back before the next one runs.
    cursor?.return?.();
    await writer.transaction((tx) => tx.run(insert, { name: 'after' }));
    expect(db.inTransaction).toBe(false);
    const stored = await t.app.get(DataSource).query<{ name: string }[]>('SELECT name FROM pets');
    expect(stored.map((row) => row.name)).toEqual(['after']);
  });
});

describe('group commit on SQLite', () => {
  let t: TestApp;
  let writer: Writer;
  let insert: Statement<{ name: string }, unknown>;
  let db: BetterSqlite3.Database;
  beforeEach(async () => {
    t = await createTestApp({ engine: 'sqlite' });
    writer = t.app.get(Writer);
    insert = insertPet(t.app.get(Database));
    db = Reflect.get(writer, 'db') as BetterSqlite3.Database;
  });
  afterEach(async () => {
    await t.close();
  });

  const walBytes = () => {
    const file = t.config.database.kind === 'sqlite' ? t.config.database.file : '';
    return statSync(`${file}-wal`).size;
  };

  it('commits the transactions queued together once: the WAL grows by a few pages, not a few per transaction', async () => {
    await writer.transaction((tx) => tx.run(insert, { name: 'first' }));
    const pageSize = db.pragma('page_size', { simple: true }) as number;
    const before = walBytes();
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        writer.transaction((tx) => tx.run(insert, { name: `T${i}` })),
      ),
    );
    // One commit of 40 rows touches the table's last pages and its indexes' once (each frame is a
    // page and a 24-byte header); 40 commits would write those pages 40 times.
    const frames = (walBytes() - before) / (pageSize + 24);
    expect(frames).toBeLessThan(15);
    expect(
      (await t.app.get(DataSource).query<{ n: number }[]>('SELECT count(*) AS n FROM pets'))[0]?.n,
    ).toBe(41);
  });

  it('keeps the journals of its savepoints and statements in memory, not in a temporary file', async () => {
    // What SQLite opens for a savepoint's or a statement's journal once it outgrows 64 KiB, unless
    // temp_store is MEMORY: a file named etilqs_…, unlinked at once and written page by page.
    const temporaryFiles = () =>
      readdirSync('/proc/self/fd').filter((fd) => {
        try {
          return readlinkSync(`/proc/self/fd/${fd}`).includes('etilqs_');
        } catch {
          return false; // closed since it was listed
        }
      });
    const insertReturning = t.app.get(Database).statement((kysely, p: { name: string }) =>
      kysely
        .insertInto('pets')
        .values({
          name: p.name,
          name_key: p.name,
          category_id: 1,
          status: 'available',
          created_at: 0,
        })
        .returning('id'),
    );
    const opened: string[][] = [];
    // One group of 40 transactions, each in its savepoint, each row with its indexes' pages.
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        writer.transaction(async (tx) => {
          for (let row = 0; row < 10; row++)
            await tx.all(insertReturning, { name: `T${i}-${row}` });
          opened.push(temporaryFiles());
        }),
      ),
    );
    expect(opened.flat()).toEqual([]);
    expect(
      (await t.app.get(DataSource).query<{ n: number }[]>('SELECT count(*) AS n FROM pets'))[0]?.n,
    ).toBe(400);
  });

  it('answers none of a group before its commit: a commit that fails fails them all, and keeps nothing', async () => {
    const told: number[] = [];
    const outcomes = Promise.allSettled(
      Array.from({ length: 5 }, (_, i) =>
        writer.transaction(async (tx) => {
          await tx.run(insert, { name: `T${i}` });
          tx.afterCommit(() => told.push(i));
          // One of them leaves a foreign key broken, which SQLite checks only at the commit.
          if (i === 2) {
            db.pragma('defer_foreign_keys = ON');
            db.prepare(
              `INSERT INTO sessions (person_id, hash, created_at, last_used_at, device, address)
               VALUES (999999, ?, 0, 0, '', '')`,
            ).run('0'.repeat(64));
          }
          return i;
        }),
      ),
    );
    const settled = await outcomes;
    expect(settled.map((outcome) => outcome.status)).toEqual(Array(5).fill('rejected'));
    // Nothing was committed: nothing is told it was.
    expect(told).toEqual([]);
    expect(await t.app.get(DataSource).query('SELECT name FROM pets')).toEqual([]);
    expect(db.inTransaction).toBe(false);
    // The writer goes on.
    await writer.transaction((tx) => tx.run(insert, { name: 'after' }));
    expect(await t.app.get(DataSource).query('SELECT name FROM pets')).toEqual([{ name: 'after' }]);
  });

  it('fails the writes of a group that ran before one that ended it with a 503, not with its answer', async () => {
    let cursor: IterableIterator<unknown> | undefined;
    const [first, second] = await Promise.allSettled([
      writer.transaction((tx) => tx.run(insert, { name: 'first' })),
      writer.transaction(async (tx) => {
        await tx.run(insert, { name: 'second' });
        // A query still running makes the rollback to its savepoint fail ("connection is busy").
        cursor = db.prepare('SELECT name FROM pets').iterate();
        cursor.next();
        throw new Error('the second failed');
      }),
    ]);
    expect(second).toMatchObject({ status: 'rejected', reason: { message: 'the second failed' } });
    expect(first.status).toBe('rejected');
    const reason = (first as PromiseRejectedResult).reason as unknown;
    expect(isDatabaseUnavailable(reason)).toBe(true);
    expect(reason).not.toMatchObject({ message: 'the second failed' });
    cursor?.return?.();
    await writer.transaction((tx) => tx.run(insert, { name: 'after' }));
    expect(await t.app.get(DataSource).query('SELECT name FROM pets')).toEqual([{ name: 'after' }]);
  });

  it('runs no statement of a group on its own once SQLite has ended the transaction', async () => {
    const [first, second] = await Promise.allSettled([
      writer.transaction((tx) => tx.run(insert, { name: 'first' })),
      writer.transaction(async (tx) => {
        await tx.run(insert, { name: 'second' });
        // What SQLite does by itself on SQLITE_FULL or SQLITE_IOERR: the transaction is gone, and
        // the connection is back in autocommit mode.
        db.prepare('ROLLBACK').run();
        // The work goes on (it caught the error, say): a statement now would commit on its own.
        const late = await tx
          .run(insert, { name: 'after the end' })
          .catch((error: unknown) => error);
        expect(isDatabaseUnavailable(late)).toBe(true);
        return 'done';
      }),
    ]);
    expect(first.status).toBe('rejected');
    expect(isDatabaseUnavailable((first as PromiseRejectedResult).reason)).toBe(true);
    expect(second.status).toBe('rejected');
    expect(await t.app.get(DataSource).query('SELECT name FROM pets')).toEqual([]);
    await writer.transaction((tx) => tx.run(insert, { name: 'after' }));
    expect(await t.app.get(DataSource).query('SELECT name FROM pets')).toEqual([{ name: 'after' }]);
  });
});
