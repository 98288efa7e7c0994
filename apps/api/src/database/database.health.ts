import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ReadinessCheck } from '../health/health.service.js';

const CHECK_TIMEOUT_MS = 2_000;

@Injectable()
export class DatabaseHealth implements ReadinessCheck {
  readonly name = 'database';
  readonly critical = true;

  constructor(private readonly dataSource: DataSource) {}

  async check(): Promise<string> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<string>((resolve) => {
      timer = setTimeout(() => {
        resolve('no answer within 2 s');
      }, CHECK_TIMEOUT_MS);
    });
    try {
      return await Promise.race([
        this.dataSource.query('SELECT 1').then(
          () => 'ok',
          (error: unknown) =>
            `unreachable: ${error instanceof Error ? error.message : String(error)}`,
        ),
        timeout,
      ]);
    } finally {
      clearTimeout(timer);
    }
  }
}
