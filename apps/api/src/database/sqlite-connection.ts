/**
 * Which engine a DataSource uses, and how every SQLite connection of ours is opened: the busy
 * timeout and the pragmas, written once for TypeORM's connection, the writer's and the reader's.
 */
import type BetterSqlite3 from 'better-sqlite3';
import type { DataSource } from 'typeorm';
import { sqliteModule } from './sqlite-driver.js';

/** How long a statement waits for another connection's lock before it fails as busy. */
export const SQLITE_BUSY_TIMEOUT_MS = 5_000;

/**
 * Where a connection keeps what it needs only until its transaction ends: in memory. That is a
 * savepoint's journal (the writer puts every write of a group in one), the journal of a statement
 * that may fail halfway (`INSERT … RETURNING`), and a sort's scratch b-tree. SQLite's default is a
 * temporary file, which costs a write system call for every page a savepoint first changes. Nothing
 * in it outlives the transaction: the WAL, not these journals, is what makes a commit durable.
 */
const TEMP_STORE = 'temp_store = MEMORY';

/**
 * The pragmas of a connection that writes (TypeORM's, which runs the migrations, and the writer's).
 * WAL lets the reads go on during a write; WAL with synchronous=NORMAL: a committed transaction
 * survives the process being killed; foreign keys are checked; journals of savepoints and
 * statements in memory ({@link TEMP_STORE}).
 */
export const SQLITE_WRITE_PRAGMAS = [
  'journal_mode = WAL',
  'synchronous = NORMAL',
  'foreign_keys = ON',
  TEMP_STORE,
] as const;

/** The pragmas of the connection that only reads: it refuses every write; its sorts in memory. */
export const SQLITE_READ_PRAGMAS = ['query_only = ON', TEMP_STORE] as const;

/** A connection that pragmas can be set on (better-sqlite3's, as TypeORM hands it over too). */
export interface SqliteHandle {
  pragma(source: string): unknown;
}

export function setPragmas(db: SqliteHandle, pragmas: readonly string[]): void {
  for (const pragma of pragmas) db.pragma(pragma);
}

export interface SqliteFile {
  readonly file: string;
  readonly busyTimeoutMs: number;
}

/** The SQLite file of a DataSource, or `undefined` when it uses PostgreSQL. */
export function sqliteFileOf(dataSource: DataSource): SqliteFile | undefined {
  const options = dataSource.options;
  if (options.type !== 'better-sqlite3') return undefined;
  return { file: options.database, busyTimeoutMs: options.timeout ?? SQLITE_BUSY_TIMEOUT_MS };
}

/** A connection of our own to `file` with `pragmas` set; closed again if one of them fails. */
export function openSqlite(
  file: string,
  busyTimeoutMs: number,
  pragmas: readonly string[],
): BetterSqlite3.Database {
  const Sqlite = sqliteModule();
  const db = new Sqlite(file, { timeout: busyTimeoutMs });
  try {
    setPragmas(db, pragmas);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}
