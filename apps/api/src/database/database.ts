/**
 * The API's reads on either engine: statements compiled once per engine, SQLite's read-only
 * connection with kept reads of list pages, and PostgreSQL's pool.
 */
import type BetterSqlite3 from 'better-sqlite3';
import type { Compilable, Kysely, RawBuilder } from 'kysely';
import type pg from 'pg';
import type { DataSource } from 'typeorm';
import { KEPT_PAGE_MAX_AGE_MS, PageVersion } from '../paging/page-version.js';
import { openSqlite, SQLITE_READ_PRAGMAS, sqliteFileOf } from './sqlite-connection.js';
import { type Engine, statement, type Statement } from './statement.js';
import type { Tables } from './tables.js';

/** Reads; writes go through the {@link Writer}, and TypeORM keeps the schema and PostgreSQL's pool. */
export abstract class Database {
  abstract readonly engine: Engine;

  /** A statement built with the typed query builder, compiled once for the engine in use. */
  statement<P extends object, R>(
    build: (db: Kysely<Tables>, p: P) => Compilable<R> | RawBuilder<R>,
  ): Statement<P, R> {
    return statement(this.engine, build);
  }

  abstract all<P extends object, R>(statement: Statement<P, R>, parameters: P): Promise<R[]>;

  /**
   * The rows of a read that many requests repeat (a list's page), kept while the database has not
   * changed: never older than the last acknowledged write (docs/team/guarantees.md#kept-pages). The
   * rows are shared between callers: never change them. Engines that cannot tell cheaply read anew.
   */
  allKept<P extends object, R>(statement: Statement<P, R>, parameters: P): Promise<R[]> {
    return this.all(statement, parameters);
  }

  /**
   * Whether {@link allKept} keeps reads (the same rows for as long as nothing changed): what is
   * made of kept rows may then be kept with them; otherwise keeping it would only make garbage.
   */
  get keepsReads(): boolean {
    return false;
  }

  async first<P extends object, R>(
    statement: Statement<P, R>,
    parameters: P,
  ): Promise<R | undefined> {
    return (await this.all(statement, parameters))[0];
  }

  abstract close(): Promise<void>;

  /** Nest: after the HTTP server has finished the requests in flight. */
  onApplicationShutdown(): Promise<void> {
    return this.close();
  }
}

/** A prepared read and the function that makes an object of each of its rows. */
interface PreparedRead {
  readonly statement: BetterSqlite3.Statement<unknown[], unknown[]>;
  readonly toObject: (row: unknown[]) => unknown;
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * `row => ({ id: row[0], name: row[1], … })` for these column names, written once per statement:
 * better-sqlite3 builds each row object in C++ one property at a time, slower than object literals
 * of one shape built in JavaScript, which fast-json-stringify also serializes faster.
 */
function objectMaker(names: readonly string[]): (row: unknown[]) => unknown {
  for (const name of names)
    if (!IDENTIFIER.test(name)) throw new Error(`Unexpected column name ${JSON.stringify(name)}`);
  const fields = names.map((name, i) => `${name}: row[${i}]`).join(', ');
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- code from our own column names (checked above), once per statement.
  return new Function('row', `return { ${fields} };`) as (row: unknown[]) => unknown;
}

/** How many distinct reads {@link Database.allKept} keeps; the oldest kept goes first. */
export const KEPT_READS_MAX = 512;

/** The key of a kept read: a short number for its statement (not the whole SQL), and its values. */
class StatementKeys {
  private readonly numbers = new WeakMap<object, number>();
  private numbered = 0;

  of<P extends object>(statement: Statement<P, unknown>, parameters: P): string {
    let number = this.numbers.get(statement);
    if (number === undefined) {
      number = this.numbered++;
      this.numbers.set(statement, number);
    }
    return `${number}${JSON.stringify(statement.values(parameters))}`;
  }
}

/**
 * SQLite: a connection of our own for reads (read-only), each statement prepared once. In WAL mode
 * it reads the last committed state while the writer's connection writes.
 *
 * Kept reads are checked against `PRAGMA data_version`, which changes on this connection whenever
 * any other connection, in this process or another, has committed since it was last read (this
 * connection never writes), far cheaper than reading the page. The version is read before the rows:
 * a commit between the two makes the rows newer than their version, never the other way round.
 */
export class SqliteDatabase extends Database {
  readonly engine = 'sqlite';
  private db: BetterSqlite3.Database | undefined;
  private readonly prepared = new Map<string, PreparedRead>();
  private readonly dataVersion: BetterSqlite3.Statement<[], number>;
  private keptVersion = -1;
  private readonly kept = new Map<string, unknown[]>();
  private readonly keys = new StatementKeys();

  constructor(file: string, busyTimeoutMs: number) {
    super();
    const db = openSqlite(file, busyTimeoutMs, SQLITE_READ_PRAGMAS);
    this.dataVersion = db.prepare<[], number>('PRAGMA data_version').pluck();
    this.db = db;
  }

  override get keepsReads(): boolean {
    return true;
  }

  override allKept<P extends object, R>(statement: Statement<P, R>, parameters: P): Promise<R[]> {
    try {
      const version = this.dataVersion.get() as number;
      if (version !== this.keptVersion) {
        this.kept.clear();
        this.keptVersion = version;
      }
      const key = this.keys.of(statement, parameters);
      let rows = this.kept.get(key);
      if (!rows) {
        const read = this.prepare(statement.sql);
        rows = read.statement.all(...statement.values(parameters)).map(read.toObject);
        if (this.kept.size >= KEPT_READS_MAX)
          this.kept.delete(this.kept.keys().next().value as string);
        this.kept.set(key, rows);
      }
      return Promise.resolve(rows as R[]);
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  all<P extends object, R>(statement: Statement<P, R>, parameters: P): Promise<R[]> {
    try {
      const read = this.prepare(statement.sql);
      return Promise.resolve(
        read.statement.all(...statement.values(parameters)).map(read.toObject) as R[],
      );
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  private prepare(sql: string): PreparedRead {
    let prepared = this.prepared.get(sql);
    if (!prepared) {
      if (!this.db) throw new Error('The database is closed');
      const statement = this.db.prepare<unknown[], unknown[]>(sql).raw(true);
      prepared = { statement, toObject: objectMaker(statement.columns().map((c) => c.name)) };
      this.prepared.set(sql, prepared);
    }
    return prepared;
  }

  close(): Promise<void> {
    this.prepared.clear();
    this.kept.clear();
    this.db?.close();
    this.db = undefined;
    return Promise.resolve();
  }
}

/**
 * PostgreSQL: reads on TypeORM's pool, as named prepared statements. Each pooled connection parses
 * and plans a statement once, at its first run there, instead of on every run (an unnamed
 * statement is parsed and planned anew each time); PostgreSQL may then keep a generic plan.
 */
export class PostgresDatabase extends Database {
  readonly engine = 'postgres';
  /** The name each statement's SQL is prepared under, on every connection. */
  private readonly names = new Map<string, string>();
  /** Kept reads, all of one version: `keptVersion`. */
  private readonly kept = new Map<string, { rows: unknown[]; at: number }>();
  private keptVersion: string | null = null;
  private readonly keys = new StatementKeys();

  constructor(
    private readonly dataSource: DataSource,
    private readonly pageVersion: PageVersion = new PageVersion(),
  ) {
    super();
  }

  /** Only with Redis, whose version every instance sees (paging/page-version.ts). */
  override get keepsReads(): boolean {
    return this.pageVersion.shared;
  }

  /**
   * Kept while the version last seen in Redis is the one seen before they were read, and for at
   * most {@link KEPT_PAGE_MAX_AGE_MS}; read every time while no version is known.
   */
  override async allKept<P extends object, R>(
    statement: Statement<P, R>,
    parameters: P,
  ): Promise<R[]> {
    const version = this.pageVersion.current();
    if (version === null) return this.all(statement, parameters);
    if (version !== this.keptVersion) {
      this.kept.clear();
      this.keptVersion = version;
    }
    const key = this.keys.of(statement, parameters);
    const now = performance.now();
    const kept = this.kept.get(key);
    if (kept && now - kept.at < KEPT_PAGE_MAX_AGE_MS) return kept.rows as R[];
    const rows = await this.all(statement, parameters);
    // Under the version seen before the read (rows at least as new as it), if still the one kept.
    if (this.keptVersion === version) {
      if (this.kept.size >= KEPT_READS_MAX)
        this.kept.delete(this.kept.keys().next().value as string);
      this.kept.set(key, { rows, at: now });
    }
    return rows;
  }

  all<P extends object, R>(statement: Statement<P, R>, parameters: P): Promise<R[]> {
    let name = this.names.get(statement.sql);
    if (name === undefined) {
      name = `read_${String(this.names.size + 1)}`;
      this.names.set(statement.sql, name);
    }
    return this.pool()
      .query<R & pg.QueryResultRow>({
        name,
        text: statement.sql,
        values: statement.values(parameters),
      })
      .then((result) => result.rows);
  }

  /** TypeORM's pool of connections (its driver's `master`), with our client and its types. */
  private pool(): pg.Pool {
    return (this.dataSource.driver as unknown as { master: pg.Pool }).master;
  }

  async close(): Promise<void> {
    // The pool belongs to the DataSource, which TypeORM closes.
  }
}

export function createDatabase(dataSource: DataSource, pageVersion?: PageVersion): Database {
  const sqlite = sqliteFileOf(dataSource);
  if (sqlite) return new SqliteDatabase(sqlite.file, sqlite.busyTimeoutMs);
  return new PostgresDatabase(dataSource, pageVersion);
}
