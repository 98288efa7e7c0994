/**
 * The reads an app's database layer runs (`Database.all` and `allKept`, kept or not), by their SQL:
 * to prove that a page costs one statement however many rows it holds.
 */
import { Database } from '../src/database/database.js';
import type { Statement } from '../src/database/statement.js';
import type { TestApp } from './test-app.js';

/** The SQL of every read `t` runs while `during` runs, in order; a kept read counts as one. */
export async function readsDuring(t: TestApp, during: () => Promise<unknown>): Promise<string[]> {
  const database = t.app.get(Database);
  const reads: string[] = [];
  const { all, allKept } = database;
  // A read kept on PostgreSQL reads through `all`: counted once, as the kept read it is.
  let inKept = false;
  database.all = function <P extends object, R>(statement: Statement<P, R>, parameters: P) {
    if (!inKept) reads.push(statement.sql);
    return all.call(this, statement, parameters) as Promise<R[]>;
  };
  database.allKept = function <P extends object, R>(statement: Statement<P, R>, parameters: P) {
    reads.push(statement.sql);
    inKept = true;
    try {
      return allKept.call(this, statement, parameters) as Promise<R[]>;
    } finally {
      inKept = false;
    }
  };
  try {
    await during();
  } finally {
    // The prototype's own methods again.
    Reflect.deleteProperty(database, 'all');
    Reflect.deleteProperty(database, 'allKept');
  }
  return reads;
}
