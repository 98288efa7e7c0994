import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createConnection } from 'node:net';
import { freePort } from './free-port.js';

export interface RedisServer {
  readonly url: string;
  readonly port: number;
  /** Stops the server; `start()` brings it back on the same port, empty. */
  stop(): Promise<void>;
  start(): Promise<void>;
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

/** Starts a throw-away Redis server from Debian's packages on a free loopback port, without persistence. */
export async function startRedis(): Promise<RedisServer> {
  if (spawnSync('redis-server', ['--version']).error) throw new Error(MISSING);
  const port = await freePort();
  let child: ChildProcess | undefined;

  const start = async () => {
    const server = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
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
    server.kill('SIGKILL');
    await exited;
  };

  await start();
  return { url: `redis://127.0.0.1:${port}`, port, stop, start };
}
