/**
 * Starts the API as operators run it: reads and checks the environment and that its ports are free
 * (exit 1 naming what is wrong, before anything is written), listens, and on SIGTERM or SIGINT
 * finishes the requests in flight before it exits.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app.factory.js';
import { createLogger } from './logging/logger.js';
import { ConfigError, loadConfig, missingForServing } from './config/config.js';
import { busyPort, portProblem, type WantedPort } from './config/ports.js';
import { Metrics } from './metrics/metrics.js';
import { serveMetrics } from './metrics/metrics-server.js';

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const missing = missingForServing(config);
  if (missing.length > 0) {
    process.stderr.write(`${new ConfigError(missing).message}\n`);
    process.exit(1);
  }

  // Before the database is opened or made, and before the first run writes anything.
  const apiPort: WantedPort = { setting: 'PORT', port: config.port, host: config.host };
  const metricsPort: WantedPort | undefined = config.metrics && {
    setting: 'METRICS_PORT',
    ...config.metrics,
  };
  const busy = await busyPort(metricsPort ? [apiPort, metricsPort] : [apiPort]);
  if (busy !== null) refuse(busy);

  const logger = createLogger(config.logLevel);
  const app = await createApp(config, logger);
  let metricsServer: Server | undefined;

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    const deadline = setTimeout(() => {
      logger.warn('requests still in flight after 10 s; exiting');
      process.exit(0);
    }, SHUTDOWN_GRACE_MS);
    deadline.unref();
    metricsServer?.close();
    app
      .close()
      .then(() => {
        logger.info('stopped');
        process.exit(0);
      })
      .catch((error: unknown) => {
        logger.error({ err: error }, 'error while shutting down');
        process.exit(1);
      });
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);

  // Taken since the check above (by another program, within the second): the same sentence.
  if (metricsPort)
    metricsServer = await serveMetrics(app.get(Metrics), metricsPort, logger).catch(
      (error: unknown) => refuse(portProblem(metricsPort, error)),
    );
  await app.listen({ port: config.port, host: config.host }).catch((error: unknown) => {
    refuse(portProblem(apiPort, error));
  });
  // The port bound, which PORT=0 leaves to the system.
  const { port } = app.getHttpServer().address() as AddressInfo;
  logger.info(
    { url: `http://localhost:${port}`, docs: `http://localhost:${port}/docs` },
    'listening',
  );
}

function refuse(sentence: string): never {
  process.stderr.write(`${sentence}\n`);
  process.exit(1);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `The API could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
