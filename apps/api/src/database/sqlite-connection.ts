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
 * The pragmas of a connection that writes (TypeORM's, which runs the migrations, and the writer's).
 * WAL lets the reads go on during a write; WAL with synchronous=NORMAL: a committed transaction
 * survives the process being killed; foreign keys are checked.
 */
export const SQLITE_WRITE_PRAGMAS = [
  'journal_mode = WAL',
  'synchronous = NORMAL',
  'foreign_keys = ON',
] as const;

/** The pragmas of the connection that only reads: it refuses every write. */
export const SQLITE_READ_PRAGMAS = ['query_only = ON'] as const;

/** A connection that pragmas can be set on (better-sqlite3's, as TypeORM hands it over too). */
export interface SqliteHandle {
  pragma(source: string): unknown;
}

/** Sets `pragmas` on a connection, in order. */
export function setPragmas(db: SqliteHandle, pragmas: readonly string[]): void {
  for (const pragma of pragmas) db.pragma(pragma);
}

/** The SQLite file a DataSource uses and its busy timeout. */
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
