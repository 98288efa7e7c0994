/**
 * A throw-away Redis server for tests on a free loopback port, in memory or persistent, that can
 * be stopped and started again.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.js';

export interface RedisServer {
  readonly url: string;
  readonly port: number;
  /** redis-server's process id (another after a restart). */
  readonly pid: number;
  /**
   * Stops the server; `start()` brings it back on the same port: empty, or when persistent, with
   * what its append-only file holds (a persistent server is shut down cleanly, SIGTERM).
   */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and removes its files. */
  destroy(): Promise<void>;
}

export interface RedisOptions {
  /**
   * Runs it as docs/operators/deployment.md says to run Redis for the API (`--appendonly yes --appendfsync everysec`),
   * its files in a new temporary directory, so counters and bans survive a restart.
   */
  persistent?: boolean;
}

const MISSING =
  "Redis is not installed. Run `bash tools/services/install.sh` as root (it installs Debian's redis-server package).";

function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.setTimeout(500);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => {
      resolve(false);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/**
 * Starts a throw-away Redis server from Debian's packages on a free loopback port, without
 * persistence unless asked for.
 */
export async function startRedis(options: RedisOptions = {}): Promise<RedisServer> {
  if (spawnSync('redis-server', ['--version']).error) throw new Error(MISSING);
  const port = await freePort();
  const dir = options.persistent ? mkdtempSync(join(tmpdir(), 'pets-redis-')) : undefined;
  const persistence = dir
    ? ['--appendonly', 'yes', '--appendfsync', 'everysec', '--dir', dir]
    : ['--appendonly', 'no'];
  let child: ChildProcess | undefined;

  const start = async () => {
    const server = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', ...persistence],
      {
        stdio: 'ignore',
      },
    );
    child = server;
    const deadline = Date.now() + 10_000;
    while (!(await answersPing(port))) {
      if (server.exitCode !== null) throw new Error(`redis-server exited with ${server.exitCode}`);
      if (Date.now() > deadline) throw new Error('redis-server did not answer within 10 s');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };
  const stop = async () => {
    const server = child;
    child = undefined;
    if (!server || server.exitCode !== null) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill(dir ? 'SIGTERM' : 'SIGKILL');
    await exited;
  };
  const destroy = async () => {
    await stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  };

  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    get pid() {
      if (child?.pid === undefined) throw new Error('redis-server is not running');
      return child.pid;
    },
    stop,
    start,
    destroy,
  };
}
