// The SQLite module chosen for this Node (better-sqlite3 13 on Node-API 10, 12 before) is installed
// and loads.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { chooseSqliteModule, SQLITE_MODULE_NAME, sqliteModule } from './sqlite-driver.js';

const require = createRequire(import.meta.url);

describe('the SQLite module', () => {
  it('is better-sqlite3 13 (Node-API) from Node-API 10 on, and 12 before it', () => {
    expect(chooseSqliteModule(9)).toBe('better-sqlite3');
    expect(chooseSqliteModule(10)).toBe('better-sqlite3-node-api');
    expect(chooseSqliteModule(11)).toBe('better-sqlite3-node-api');
  });

  it('is installed in the major version chosen for this Node', () => {
    const { version } = require(`${SQLITE_MODULE_NAME}/package.json`) as { version: string };
    expect(version.split('.')[0]).toBe(Number(process.versions.napi) >= 10 ? '13' : '12');
  });

  it('loads on this Node and runs a statement, once for the process', () => {
    const Sqlite = sqliteModule();
    expect(sqliteModule()).toBe(Sqlite);
    const db = new Sqlite(':memory:');
    try {
      expect(db.prepare('SELECT 1 + 1 AS two').get()).toEqual({ two: 2 });
    } finally {
      db.close();
    }
  });
});
