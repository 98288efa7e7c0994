/**
 * Whether the ports the API will listen on are free, checked before anything is opened or written,
 * with one sentence naming the setting when one is not.
 */
import { createServer, type Server } from 'node:net';

/** A port the API listens on, and the variable that sets it. */
export interface WantedPort {
  readonly setting: 'PORT' | 'METRICS_PORT';
  readonly port: number;
  readonly host: string;
}

/** The sentence for a port that cannot be listened on, naming its variable. */
export function portProblem(wanted: WantedPort, error: unknown): string {
  const { setting, port, host } = wanted;
  const code = (error as { code?: unknown } | undefined)?.code;
  if (code === 'EADDRINUSE')
    return `${setting} ${port} is already in use: choose another with ${setting}.`;
  const reason =
    code === 'EACCES'
      ? 'permission denied'
      : error instanceof Error
        ? error.message
        : String(error);
  return `${setting} ${port} cannot be listened on at ${host} (${reason}): choose another with ${setting}.`;
}

/**
 * Binds every port in `wanted` at once (so two settings naming one port are caught too) and lets
 * them go again; the sentence for the first that cannot be bound, or `null` when all are free. Port
 * 0 (any free port) is always free.
 *
 * A probe, not the real listen this early: Fastify listens only after `createApp` (Nest's init) has
 * set up routes, migrations and the first run, and listening first would take requests before the
 * database is ready. A port taken between the probe and the real listen stops the start with the
 * same sentence, only after the database was opened.
 */
export async function busyPort(wanted: readonly WantedPort[]): Promise<string | null> {
  const bound: Server[] = [];
  try {
    for (const one of wanted) {
      if (one.port === 0) continue;
      const server = createServer();
      try {
        await new Promise<void>((resolve, reject) => {
          server.once('error', reject);
          server.listen({ port: one.port, host: one.host, exclusive: true }, () => {
            server.off('error', reject);
            resolve();
          });
        });
      } catch (error) {
        return portProblem(one, error);
      }
      bound.push(server);
    }
    return null;
  } finally {
    await Promise.all(bound.map((server) => new Promise((resolve) => server.close(resolve))));
  }
}
