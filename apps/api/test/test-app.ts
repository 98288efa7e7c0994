import { Writable } from 'node:stream';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createApp } from '../src/app.factory.js';
import { createLogger } from '../src/common/logger.js';
import { type AppConfig, loadConfig } from '../src/config/config.js';

export interface TestApp {
  app: NestFastifyApplication;
  config: AppConfig;
  /** Every log line the app wrote, parsed. */
  logs: Record<string, unknown>[];
  close(): Promise<void>;
}

/** The real app (guards, pipes, filters) with its log captured, for `app.inject()` calls. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', ...env });
  const logs: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString('utf8').split('\n'))
        if (line) logs.push(JSON.parse(line) as Record<string, unknown>);
      callback();
    },
  });
  const app = await createApp(config, createLogger(config.logLevel, sink));
  return { app, config, logs, close: () => app.close() };
}
