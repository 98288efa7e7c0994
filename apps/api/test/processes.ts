/**
 * The built API as the process tests run it: stopped by a signal and waited for, started on a
 * scratch SQLite database with a key no load stops, and a crash test's run of kill -9 and restart.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAccountKey, type ServerProcess, startServer } from '@pets/services';
import { afterAll } from 'vitest';

/** A plan and limits no test's load reaches, for accounts whose limits are not under test. */
export const UNLIMITED = { plan: 'enterprise', perMinute: 10_000_000, perDay: 100_000_000 };

/** Sends `signal` (kill -9 unless another is named) and waits until the server has exited. */
export async function stopServer(
  server: ServerProcess,
  signal: NodeJS.Signals = 'SIGKILL',
): Promise<Awaited<ServerProcess['exited']>> {
  server.child.kill(signal);
  return server.exited;
}

/**
 * Makes fresh directories named `prefix` and a suffix, each removed after the file's tests. Call it
 * at the top of a file: it registers the `afterAll` that removes them.
 */
export function scratchDirs(prefix: string): () => string {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };
}

/**
 * Starts the built API on the SQLite database in `dir`, `extra` added to its environment, after
 * making account `name` with {@link UNLIMITED} limits: the server, the account's key, the port.
 */
export async function startWithKey(dir: string, name: string, extra: Record<string, string> = {}) {
  const env = {
    NODE_ENV: 'test',
    DATABASE_URL: `sqlite:${join(dir, 'petstore.sqlite')}`,
    ...extra,
  };
  const { key } = createAccountKey(env, { name, ...UNLIMITED });
  const server = await startServer(env);
  return { server, key, port: Number(new URL(server.baseUrl).port) };
}

/**
 * A crash test's server on a fresh database: the streams of requests the test starts, kill -9 with
 * the streams waited for, a restart on the same environment, and, whatever happened, the end.
 */
export class CrashRun {
  /** Whether the streams were told to stop. */
  stopped = false;
  /** What each stream asks before its next request: whether to stop. */
  readonly halt = () => this.stopped;
  server: ServerProcess | undefined;
  private env: Record<string, string> = {};
  private streams: Promise<unknown> = Promise.resolve();

  constructor(private readonly database: { url: string; dir?: string }) {}

  /** The running server's address, or '' before it started. */
  get baseUrl(): string {
    return this.server?.baseUrl ?? '';
  }

  /** Starts the built API on `env`; {@link restart} starts it on the same one. */
  async start(env: Record<string, string>): Promise<ServerProcess> {
    this.env = env;
    this.server = await startServer(env);
    return this.server;
  }

  /** The streams the test started: waited for after the kill and at the end. */
  load(...streams: Promise<unknown>[]): void {
    this.streams = Promise.all(streams);
  }

  /** Tells the streams to stop and waits until they have; the server runs on. */
  async stopStreams(): Promise<void> {
    this.stopped = true;
    await this.streams;
  }

  /** kill -9, then waits for the process and for the streams, which see their requests fail. */
  async kill(): Promise<void> {
    if (this.server) await stopServer(this.server);
    await this.streams;
  }

  /** Starts the API again on the same environment, so on the same database. */
  async restart(): Promise<ServerProcess> {
    return this.start(this.env);
  }

  /** The streams told to stop, the server killed, both waited for, a SQLite directory removed. */
  async end(): Promise<void> {
    this.stopped = true;
    await this.kill();
    if (this.database.dir) rmSync(this.database.dir, { recursive: true, force: true });
  }
}
