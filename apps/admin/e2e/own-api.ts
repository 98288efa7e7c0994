/**
 * An API of a file's own, for the browser tests that need settings the suite's API has not
 * (passkeys' domain, single sign-on's provider): the built API on a fresh database in a directory
 * of its own, on a free port, with PUBLIC_URL its address.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startServer } from '@pets/services';

export class OwnApi {
  /** `http://<host>:<port>`, once `prepare` has run. */
  baseUrl = '';
  /** The API's environment (for the CLI, and what `start` adds to). */
  env: Record<string, string> = {};
  /** What was made or started, stopped in reverse whatever failed on the way. */
  private readonly stops: (() => Promise<void>)[] = [];

  /** `prefix` names its directory under the system's temporary one. */
  constructor(
    private readonly prefix: string,
    private readonly host: 'localhost' | '127.0.0.1',
  ) {}

  /** Makes the directory and finds the port: `baseUrl` and `env` are known, nothing runs yet. */
  async prepare(): Promise<void> {
    const dir = mkdtempSync(join(tmpdir(), this.prefix));
    this.onStop(() => {
      rmSync(dir, { recursive: true, force: true });
      return Promise.resolve();
    });
    const port = await freePort();
    this.baseUrl = `http://${this.host}:${port}`;
    this.env = {
      DATABASE_URL: `sqlite:${join(dir, 'petstore.sqlite')}`,
      NODE_ENV: 'test',
      PORT: String(port),
      PUBLIC_URL: this.baseUrl,
    };
  }

  /** Starts the API with `env` and `settings`; `stop` ends it. */
  async start(settings: Record<string, string> = {}): Promise<void> {
    const server = await startServer({ ...this.env, ...settings });
    this.onStop(async () => {
      server.child.kill('SIGTERM');
      await server.exited;
    });
  }

  /** Something else to stop with it (before what was there already). */
  onStop(stop: () => Promise<void>): void {
    this.stops.push(stop);
  }

  /** Stops all, the last started first. */
  async stop(): Promise<void> {
    for (const stop of this.stops.reverse()) await stop();
  }
}
