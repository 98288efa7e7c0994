/** Every write of the API, on SQLite's write connection or PostgreSQL's pool. */
import { Logger } from '@nestjs/common';
import type Database from 'better-sqlite3';
import type pg from 'pg';
import { type DataSource, QueryRunnerAlreadyReleasedError, type QueryRunner } from 'typeorm';
import {
  CONNECTION_LOST,
  describeError,
  WRITE_CONNECTION_STUCK,
} from '../errors/database-errors.js';
import { AWAIT_LISTING, ENSURE_ID_BASE } from './list-order.js';
import { PageVersion } from '../paging/page-version.js';
import { openSqlite, SQLITE_WRITE_PRAGMAS, sqliteFileOf } from './sqlite-connection.js';
import type { Statement } from './statement.js';
import type { Tables } from './tables.js';

/**
 * Every write of the API goes through {@link Writer.transaction}: one transaction per call, committed
 * before the promise resolves (so a 2xx after it is a promise kept), rolled back entirely otherwise.
 *
 * Why not TypeORM's `dataSource.transaction()`: its SQLite drivers share one query runner per
 * DataSource, so two requests' transactions nest (the second becomes a SAVEPOINT of the first and
 * is lost if the first rolls back), and after SQLite rolls a transaction back by itself
 * (`SQLITE_FULL`, `SQLITE_IOERR`) the runner's failed `ROLLBACK` leaves it "in a transaction" for
 * good: every later write becomes a savepoint that is never committed. TypeORM keeps the schema
 * (its migrations); reads go through `Database`.
 */
export abstract class Writer {
  /** Runs `work` in a transaction of its own and commits it, or rolls it back and rethrows. */
  abstract transaction<T>(work: (tx: WriteTx) => Promise<T>): Promise<T>;

  abstract close(): Promise<void>;

  /** Nest: after the HTTP server has finished the requests in flight (their writes included). */
  onApplicationShutdown(): Promise<void> {
    return this.close();
  }
}

/** Statements within one write transaction. */
export interface WriteTx {
  /** The rows of a `SELECT`, or of a statement with `RETURNING`. */
  all<P extends object, R>(statement: Statement<P, R>, parameters: P): Promise<R[]>;
  /** Runs a statement that returns no rows; resolves with how many rows it changed. */
  run<P extends object>(statement: Statement<P, unknown>, parameters: P): Promise<number>;
  /**
   * Waits until no other transaction is about to change this row, and keeps it so until this one
   * ends. Call it before the transaction's first write when it changes an existing row: on
   * PostgreSQL ids follow the order in which transactions begin to write (`list-order.ts`), so a
   * change that waited for another's must begin to write after it, or its audit event would come
   * before the event of the change it followed. An advisory lock, which takes no transaction id.
   * SQLite writes one transaction at a time: nothing to wait for.
   */
  lockRow(table: keyof Tables, id: number): Promise<void>;
  /**
   * Runs `callback` once this transaction is committed (on PostgreSQL, once what it wrote is
   * listed), before its caller is answered; never if it is rolled back. A callback given twice
   * runs once. For what tells the rest of the instance about a commit: it must not throw.
   */
  afterCommit(callback: () => void): void;
}

const usedAfterEnd = () =>
  new Error('A write transaction was used after it ended; keep every statement inside its work.');

/** How many queued transactions at most share one SQLite commit. */
export const GROUP_COMMIT_MAX = 64;

/** A transaction waiting for the write connection: its work, and the promise it answers. */
interface Queued {
  work: (tx: WriteTx) => Promise<unknown>;
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
}

/**
 * SQLite: one connection of its own for writes (TypeORM's connection reads, and never sees a write
 * that is not committed), one transaction at a time in arrival order, `BEGIN IMMEDIATE` so it holds
 * the write lock from its first statement. The connection's real state (`inTransaction`) is checked
 * after every failed transaction (a transaction SQLite did not end itself is rolled back) and
 * before every new one (which is refused, never nested, if the connection is still in one).
 *
 * Group commit: the transactions that queued while one ran (up to {@link GROUP_COMMIT_MAX}) run
 * next, one after another, in one SQLite transaction, each inside a SAVEPOINT of its own, and are
 * committed together: pages that several of them change (a table's last page, its indexes, the
 * audit trail's) go to the WAL once per commit instead of once each. Each one still succeeds or
 * fails alone: one that fails is rolled back to its savepoint, and the others go on. None is
 * answered before the commit, a failure neither (as when each committed in turn, whoever reads
 * after a failure finds what the group's earlier ones wrote); if the commit fails, all of them
 * fail. If SQLite ends the transaction by itself (`SQLITE_FULL`, `SQLITE_IOERR`), the ones already
 * run fail with the same error, and the ones not yet run go back to the queue.
 */
export class SqliteWriter extends Writer {
  private readonly logger = new Logger('SqliteWriter');
  private db: Database.Database | undefined;
  private readonly statements = new Map<string, Database.Statement>();
  private readonly queue: Queued[] = [];
  /** Settles when the transactions queued so far have all been run: `undefined` when idle. */
  private draining: Promise<void> | undefined;
  private closing = false;

  constructor(file: string, busyTimeoutMs: number) {
    super();
    if (file === '' || file === ':memory:' || file.startsWith('file::memory:'))
      throw new Error(
        'SQLite needs a file: an in-memory database cannot be shared by two connections',
      );
    this.db = openSqlite(file, busyTimeoutMs, SQLITE_WRITE_PRAGMAS);
  }

  transaction<T>(work: (tx: WriteTx) => Promise<T>): Promise<T> {
    if (this.closing) return Promise.reject(new Error('The database writer is closed'));
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (result: unknown) => void, reject });
      this.draining ??= this.drain();
    });
  }

  /** Lets the transactions already queued finish, then closes the connection. */
  async close(): Promise<void> {
    this.closing = true;
    await this.draining;
    this.db?.close();
    this.db = undefined;
  }

  private async drain(): Promise<void> {
    // After the requests that came in with this one (the event loop's I/O phase) have queued theirs.
    await new Promise((resolve) => setImmediate(resolve));
    while (this.queue.length > 0) await this.runGroup(this.queue.splice(0, GROUP_COMMIT_MAX));
    this.draining = undefined;
  }

  private connection(): Database.Database {
    if (!this.db) throw new Error('The database writer is closed');
    return this.db;
  }

  private statement(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.connection().prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  /** The statements of one transaction of a group; refused once it has ended. */
  private txFor(): { tx: WriteTx; end: () => void; committed: AfterCommit } {
    let open = true;
    const committed = new AfterCommit();
    const attempt = <R>(execute: () => R): Promise<R> => {
      if (!open) return Promise.reject(usedAfterEnd());
      // SQLite ended the transaction by itself (SQLITE_FULL, SQLITE_IOERR) and the work went on: a
      // statement now would run in autocommit mode, stored alone whatever becomes of the rest.
      if (!this.connection().inTransaction) return Promise.reject(new TransactionEndedError());
      try {
        return Promise.resolve(execute());
      } catch (error) {
        return Promise.reject(asError(error));
      }
    };
    const tx: WriteTx = {
      all: (statement, parameters) =>
        attempt(
          () => this.statement(statement.sql).all(...statement.values(parameters)) as never[],
        ),
      run: (statement, parameters) =>
        attempt(() => this.statement(statement.sql).run(...statement.values(parameters)).changes),
      lockRow: () => attempt(() => undefined),
      afterCommit: (callback) => {
        if (open) committed.add(callback);
      },
    };
    return {
      tx,
      end: () => {
        open = false;
      },
      committed,
    };
  }

  /** Runs `group` in one SQLite transaction, each in a savepoint, and answers each after the commit. */
  private async runGroup(group: Queued[]): Promise<void> {
    try {
      this.ensureIdle();
      this.statement('BEGIN IMMEDIATE').run();
    } catch (error) {
      this.rollBack();
      for (const queued of group) queued.reject(asError(error));
      return;
    }
    const succeeded: { queued: Queued; result: unknown; committed: AfterCommit }[] = [];
    // Failures are answered after the commit too, as one after another would have been: a caller
    // that then reads what an earlier one of the group wrote (the winner of an Idempotency-Key)
    // finds it committed.
    const failed: { queued: Queued; error: Error }[] = [];
    const answerFailed = () => {
      for (const { queued, error } of failed) queued.reject(error);
    };
    for (let i = 0; i < group.length; i++) {
      const queued = group[i] as Queued;
      const { tx, end, committed } = this.txFor();
      try {
        this.statement('SAVEPOINT one').run();
        const result = await queued.work(tx);
        end();
        this.statement('RELEASE one').run();
        succeeded.push({ queued, result, committed });
      } catch (error) {
        end();
        if (this.connection().inTransaction) {
          // Only this one's changes are undone; the group goes on.
          try {
            this.statement('ROLLBACK TO one').run();
            this.statement('RELEASE one').run();
            failed.push({ queued, error: asError(error) });
            continue;
          } catch {
            // Undoing it failed: the whole transaction is rolled back below.
          }
        }
        // SQLite ended the transaction itself (or it could not be undone in part): whatever ran
        // in it is lost, and what has not run yet goes back to the front of the queue.
        this.rollBack();
        queued.reject(asError(error));
        // Theirs is lost through no fault of their own: a 503, never this one's answer.
        for (const done of succeeded) done.queued.reject(new GroupLostError(error));
        answerFailed();
        this.queue.unshift(...group.slice(i + 1));
        return;
      }
    }
    try {
      this.statement('COMMIT').run();
    } catch (error) {
      this.rollBack();
      for (const done of succeeded) done.queued.reject(asError(error));
      answerFailed();
      return;
    }
    for (const done of succeeded) {
      done.committed.run(this.logger);
      done.queued.resolve(done.result);
    }
    answerFailed();
  }

  /**
   * Before a transaction: the connection must not be in one. If an earlier one could not be rolled
   * back, try again; if it still cannot, refuse (503) rather than run inside it.
   */
  private ensureIdle(): void {
    if (!this.connection().inTransaction) return;
    this.rollBack();
    if (this.connection().inTransaction) throw new WriteConnectionStuckError();
  }

  /** After a failure: SQLite may have ended the transaction itself (SQLITE_FULL, SQLITE_IOERR). */
  private rollBack(): void {
    if (!this.db?.inTransaction) return;
    try {
      this.statement('ROLLBACK').run();
    } catch (error) {
      this.logger.warn(`ROLLBACK failed, retried before the next write: ${describeError(error)}`);
    }
  }
}

/** The write connection is still inside a transaction that could not be rolled back. */
export class WriteConnectionStuckError extends Error {
  readonly code = WRITE_CONNECTION_STUCK;
  constructor() {
    super('The write connection is still in a transaction that could not be rolled back');
  }
}

/**
 * A SQLite write that had run was rolled back with its group before the commit, because another
 * write of the group failed in a way that ended the transaction: nothing of it is kept (a 503).
 */
export class GroupLostError extends Error {
  readonly code = CONNECTION_LOST;
  constructor(cause: unknown) {
    super('Another write committed with this one failed and ended the transaction', { cause });
  }
}

/** SQLite ended the transaction of a group by itself: nothing more runs in it. */
export class TransactionEndedError extends Error {
  readonly code = CONNECTION_LOST;
  constructor() {
    super('SQLite ended the transaction: the statement was not run');
  }
}

/** The connection of a PostgreSQL transaction broke before it committed. */
export class ConnectionLostError extends Error {
  readonly code = CONNECTION_LOST;
  constructor(cause: unknown) {
    super('The database connection was lost before the transaction committed', { cause });
  }
}

/**
 * PostgreSQL: each transaction on a pooled connection of its own (TypeORM's query runners are per
 * connection there), released after; a connection that broke is dropped by the pool.
 *
 * A transaction that wrote waits, after its commit, until what it wrote is listed (docs/team/guarantees.md;
 * `list-order.ts`): until every transaction that was in flight when it committed has ended, which
 * is at once when none was. So a client that lists right after a 2xx sees its change, on any
 * instance. The commit is what makes the write durable: if the wait itself fails, the write is
 * acknowledged all the same.
 */
export class PostgresWriter extends Writer {
  private readonly logger = new Logger('PostgresWriter');

  constructor(
    private readonly dataSource: DataSource,
    private readonly pageVersion: PageVersion = new PageVersion(),
  ) {
    super();
  }

  async transaction<T>(work: (tx: WriteTx) => Promise<T>): Promise<T> {
    const seen = { writes: false };
    const committed = new AfterCommit();
    let result: T;
    try {
      result = await this.dataSource.transaction(async (manager) => {
        const runner = manager.queryRunner;
        if (!runner) throw new Error('A transaction without a query runner');
        return work(
          postgresTx(
            runner,
            () => {
              seen.writes = true;
            },
            committed,
          ),
        );
      });
    } catch (error) {
      // A commit whose answer was lost may have happened: kept pages go, to be safe.
      if (seen.writes) void this.pageVersion.bump();
      // TypeORM releases a query runner whose connection broke; the statements after that (COMMIT
      // included) never reach the server, so the transaction did not happen.
      throw error instanceof QueryRunnerAlreadyReleasedError
        ? new ConnectionLostError(error)
        : error;
    }
    if (seen.writes) {
      await this.awaitListing();
      // Listed: no instance serves a page kept from before it once it is acknowledged.
      await this.pageVersion.bump();
    }
    committed.run(this.logger);
    return result;
  }

  private async awaitListing(): Promise<void> {
    try {
      // On the pool itself: no TypeORM query runner made for one statement.
      await (this.dataSource.driver as unknown as { master: pg.Pool }).master.query(AWAIT_LISTING);
    } catch (error) {
      this.logger.warn(
        `Committed, but could not wait for it to be listed: ${describeError(error)}`,
      );
    }
  }

  async close(): Promise<void> {
    // The pool belongs to the DataSource, which TypeORM closes.
  }
}

function postgresTx(runner: QueryRunner, writes: () => void, committed: AfterCommit): WriteTx {
  return {
    async all<P extends object, R>(statement: Statement<P, R>, parameters: P) {
      if (statement.writes) writes();
      const values = statement.values(parameters);
      const result = (await runner.query(statement.sql, values, true)) as { records: R[] };
      return result.records;
    },
    async run(statement, parameters) {
      if (statement.writes) writes();
      const values = statement.values(parameters);
      const result = (await runner.query(statement.sql, values, true)) as { affected?: number };
      return result.affected ?? 0;
    },
    async lockRow(table, id) {
      await runner.query(LOCK_ROW, [`${table}:${id}`]);
    },
    afterCommit(callback) {
      committed.add(callback);
    },
  };
}

/** An advisory lock per row (its key a hash of table and id: a collision only makes two wait). */
const LOCK_ROW = 'SELECT pg_advisory_xact_lock(hashtextextended($1, 0))';

/** What a transaction runs once committed (`WriteTx.afterCommit`): each callback once, in order. */
class AfterCommit {
  private callbacks: Set<() => void> | undefined;

  add(callback: () => void): void {
    (this.callbacks ??= new Set()).add(callback);
  }

  /** Runs them; one that throws is logged, and neither stops the others nor fails the write. */
  run(logger: Logger): void {
    if (!this.callbacks) return;
    for (const callback of this.callbacks)
      try {
        callback();
      } catch (error) {
        logger.warn(`After a commit: ${describeError(error)}`);
      }
  }
}

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/**
 * The writer for the engine the DataSource uses. On PostgreSQL, first makes sure new ids follow
 * every id already handed out (a database restored into a new cluster starts transaction ids over).
 */
export async function createWriter(
  dataSource: DataSource,
  pageVersion?: PageVersion,
): Promise<Writer> {
  const sqlite = sqliteFileOf(dataSource);
  if (sqlite) return new SqliteWriter(sqlite.file, sqlite.busyTimeoutMs);
  await dataSource.query(ENSURE_ID_BASE);
  return new PostgresWriter(dataSource, pageVersion);
}
