/**
 * Vitest global setup: one throw-away Redis server for the whole run, its URL provided to the tests
 * as `inject('redisUrl')`. A missing Redis fails the run; it is never skipped.
 */
import type { TestProject } from 'vitest/node';
import { startRedis } from './redis.js';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startRedis();
  project.provide('redisUrl', server.url);
  return () => server.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    redisUrl: string;
  }
}
