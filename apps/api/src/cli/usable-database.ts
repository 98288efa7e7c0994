/** Whether the database in DATABASE_URL is there for `npm run keys` before it does anything. */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { AppConfig } from '../config/config.js';

/**
 * Why the command-line tools cannot use the database in DATABASE_URL, as a sentence, or `null`
 * when they can. A SQLite file that is not there is refused unless `create` asks for it: opening one
 * makes a new, empty database, and a mistyped path or another directory would then list nothing and
 * write accounts and keys where the API never looks. A PostgreSQL database is never made here.
 */
export async function unusableDatabase(
  database: AppConfig['database'],
  create: boolean,
): Promise<string | null> {
  if (database.kind === 'sqlite') {
    const file = resolve(database.file);
    if (create || existsSync(file)) return null;
    return (
      `No SQLite database at ${file} (DATABASE_URL=sqlite:${database.file}). Check DATABASE_URL ` +
      'and the directory you run this in, or add --create-database to make a new, empty one there.'
    );
  }
  return postgresProblem(database.url);
}

async function postgresProblem(url: string): Promise<string | null> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return null;
  } catch (error) {
    const { name, server } = describePostgres(url);
    // 3D000 invalid_catalog_name: the server is there, the database is not.
    if ((error as { code?: unknown }).code === '3D000')
      return (
        `No PostgreSQL database "${name}" on ${server}. Check DATABASE_URL, or create the ` +
        `database (createdb ${name}) and run this again.`
      );
    const reason = error instanceof Error ? error.message : String(error);
    return `Cannot connect to PostgreSQL on ${server} (DATABASE_URL): ${reason}.`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The database and server a URL names, without its user or password. */
function describePostgres(url: string): { name: string; server: string } {
  try {
    const parsed = new URL(url);
    return {
      // Without a path, PostgreSQL takes the database named after the user.
      name:
        decodeURIComponent(parsed.pathname.slice(1)) ||
        decodeURIComponent(parsed.username) ||
        'postgres',
      server: `${parsed.hostname || 'localhost'}:${parsed.port || '5432'}`,
    };
  } catch {
    return { name: '(unnamed)', server: 'the server in DATABASE_URL' };
  }
}
