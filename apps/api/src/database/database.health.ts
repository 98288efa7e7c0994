import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ReadinessCheck } from '../common/readiness.js';
import { Writer } from './writer.js';

const CHECK_TIMEOUT_MS = 2_000;

@Injectable()
export class DatabaseHealth implements ReadinessCheck {
  readonly name = 'database';
  readonly critical = true;

  constructor(
    private readonly dataSource: DataSource,
    private readonly writer: Writer,
  ) {}

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

  /**
   * PostgreSQL answers a query; SQLite must also commit a write through the writer, since its disk
   * can fill or its files become unwritable while reads still work.
   */
  private async probe(): Promise<string> {
    await this.dataSource.query('SELECT 1');
    if (this.dataSource.options.type !== 'better-sqlite3') return 'ok';
    try {
      await this.writer.transaction(async (tx) => {
        const [row] = await tx.rows<{ user_version: number }>('PRAGMA user_version');
        // Writing the same value changes nothing, but needs a writable file and room in it.
        await tx.run(`PRAGMA user_version = ${Math.trunc(row?.user_version ?? 0)}`);
      });
    } catch (error) {
      return `unwritable: ${error instanceof Error ? error.message : String(error)}`;
    }
    return 'ok';
  }
}
