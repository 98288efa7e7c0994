import type { DataSource } from 'typeorm';

/** Positional parameters as each engine writes them: `?` for SQLite, `$1` for PostgreSQL. */
export function placeholders(dataSource: DataSource): (index: number) => string {
  return dataSource.options.type === 'postgres' ? (index) => `$${index}` : () => '?';
}
