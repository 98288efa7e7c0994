/**
 * The database's part of `/readyz`: PostgreSQL answers a query, and SQLite also commits a write, so
 * a full disk or an unwritable file shows as not ready.
 */
import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type { ReadinessCheck } from '../readiness/readiness.js';
import { Database } from './database.js';
import { Writer } from './writer.js';

const CHECK_TIMEOUT_MS = 2_000;

@Injectable()
export class DatabaseHealth implements ReadinessCheck {
  readonly name = 'database';
  readonly critical = true;

  private readonly selectOne;
  private readonly userVersion;

  constructor(
    private readonly database: Database,
    private readonly writer: Writer,
  ) {
    this.selectOne = database.statement(() => sql<{ one: number }>`SELECT 1 AS one`);
    this.userVersion = database.statement(() => sql<{ user_version: number }>`PRAGMA user_version`);
  }

  async check(): Promise<string> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<string>((resolve) => {
      timer = setTimeout(() => {
        resolve('no answer within 2 s');
      }, CHECK_TIMEOUT_MS);
    });
    try {
      return await Promise.race([
        this.probe().then(
          (state) => state,
          (error: unknown) =>
            `unreachable: ${error instanceof Error ? error.message : String(error)}`,
        ),
        timeout,
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  private async probe(): Promise<string> {
    await this.database.all(this.selectOne, {});
    if (this.database.engine !== 'sqlite') return 'ok';
    try {
      await this.writer.transaction(async (tx) => {
        const [row] = await tx.all(this.userVersion, {});
        // Writing the same value changes nothing, but needs a writable file and room in it.
        const version = Math.trunc(row?.user_version ?? 0);
        await tx.run(
          this.database.statement(() => sql`PRAGMA user_version = ${sql.lit(version)}`),
          {},
        );
      });
    } catch (error) {
      return `unwritable: ${error instanceof Error ? error.message : String(error)}`;
    }
    return 'ok';
  }
}
