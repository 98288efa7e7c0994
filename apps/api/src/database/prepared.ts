import type { DataSource } from 'typeorm';

/** Rows as arrays, in the order of the statement's columns. */
export type Row = readonly unknown[];

/** Reads through statements prepared once, below TypeORM's per-query machinery. */
export type PreparedRead = (sql: string, parameters: readonly unknown[]) => Promise<Row[]>;

interface SqliteStatement {
  raw(toggle: boolean): SqliteStatement;
  all(...parameters: unknown[]): Row[];
}

interface PgPool {
  query(config: {
    name: string;
    text: string;
    values: unknown[];
    rowMode: 'array';
  }): Promise<{ rows: Row[] }>;
}

/**
 * The hot reads of the request path, prepared once per statement: a better-sqlite3 statement in raw
 * (array) mode, or a named PostgreSQL prepared statement that each pooled connection parses and
 * plans once. Schema, migrations and writes stay with TypeORM.
 */
export function preparedReader(dataSource: DataSource): PreparedRead {
  const driver = dataSource.driver as unknown as {
    databaseConnection?: { prepare(sql: string): SqliteStatement };
    master?: PgPool;
  };
  if (dataSource.options.type === 'better-sqlite3') {
    const connection = driver.databaseConnection;
    if (!connection) throw new Error('The SQLite connection is not open');
    const statements = new Map<string, SqliteStatement>();
    return (sql, parameters) => {
      let statement = statements.get(sql);
      if (!statement) {
        statement = connection.prepare(sql).raw(true);
        statements.set(sql, statement);
      }
      try {
        return Promise.resolve(statement.all(...parameters));
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
  }
  const pool = driver.master;
  if (!pool) throw new Error('The PostgreSQL pool is not open');
  const names = new Map<string, string>();
  return async (sql, parameters) => {
    let name = names.get(sql);
    if (name === undefined) {
      name = `pets_read_${names.size + 1}`;
      names.set(sql, name);
    }
    return (await pool.query({ name, text: sql, values: [...parameters], rowMode: 'array' })).rows;
  };
}
