/**
 * Vitest global setup: one throw-away PostgreSQL server for the whole run, its URL provided to the
 * tests as `inject('postgresUrl')`. A missing PostgreSQL fails the run; it is never skipped.
 */
import type { TestProject } from 'vitest/node';
import { startPostgres } from './postgres.js';

export default async function setup(project: TestProject): Promise<() => void> {
  const server = await startPostgres();
  project.provide('postgresUrl', server.url);
  return () => {
    server.destroy();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}
