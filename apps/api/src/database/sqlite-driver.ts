/**
 * Loads the SQLite driver that suits the running Node: better-sqlite3 13 where Node-API 10 is
 * offered, 12 before it.
 */
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

/**
 * better-sqlite3 12 is built on `node::ObjectWrap`, whose Node 24 header registers an environment
 * cleanup hook per object and removes it in the destructor; a statement or connection freed where
 * Node cannot name the current environment aborts the process (`Assertion failed: (env) != nullptr`
 * in `RemoveEnvironmentCleanupHook`, seen in our test workers on Node 24.21). better-sqlite3 13 is
 * built on Node-API and has no such path, but it needs Node-API 10 (Node 22.14 and later). So:
 * 13 (installed as the optional `better-sqlite3-node-api`) wherever Node offers Node-API 10, and
 * 12 (`better-sqlite3`, which TypeORM's peer range names) on Node 20. Both have the same API.
 */
export type SqliteModule = typeof BetterSqlite3;

const require = createRequire(import.meta.url);

export function chooseSqliteModule(
  nodeApiVersion: number,
): 'better-sqlite3-node-api' | 'better-sqlite3' {
  return nodeApiVersion >= 10 ? 'better-sqlite3-node-api' : 'better-sqlite3';
}

/** The module's name as `require` sees it, chosen once for this process. */
export const SQLITE_MODULE_NAME = chooseSqliteModule(Number(process.versions.napi));

let loaded: SqliteModule | undefined;

/** Loads the chosen module on first use (the PostgreSQL deployments never load it). */
export function sqliteModule(): SqliteModule {
  loaded ??= loadSqliteModule(SQLITE_MODULE_NAME);
  return loaded;
}

function loadSqliteModule(name: string): SqliteModule {
  try {
    return require(name) as SqliteModule;
  } catch (error) {
    throw new Error(
      `SQLite needs the ${name} package on Node ${process.version}, and it could not be loaded ` +
        `(${error instanceof Error ? error.message.split('\n')[0] : String(error)}). ` +
        'Run `npm ci` with this Node version, or use PostgreSQL (DATABASE_URL=postgres://...).',
      { cause: error },
    );
  }
}
