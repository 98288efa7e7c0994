/**
 * What the tests' global setup provides: the addresses of the test PostgreSQL and Redis servers.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    /** The test PostgreSQL server (see tools/services), e.g. `postgres://postgres@127.0.0.1:5433/postgres`. */
    postgresUrl: string;
    /** The test Redis server, e.g. `redis://127.0.0.1:6380`. */
    redisUrl: string;
  }
}
export {};
