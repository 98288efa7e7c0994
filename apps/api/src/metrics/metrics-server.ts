/** The metrics endpoint for Prometheus, on a port of its own apart from the API's public port. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { Metrics } from './metrics.js';

/** Never on the public port, where partners could read it (`METRICS_HOST` is 127.0.0.1 by default). */
export async function serveMetrics(
  metrics: Metrics,
  where: { host: string; port: number },
  logger: Logger,
): Promise<Server> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('Not found: the metrics are at GET /metrics\n');
      return;
    }
    metrics.scrape().then(
      (text) => {
        response.writeHead(200, { 'content-type': metrics.contentType });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'metrics could not be collected');
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        response.end('The metrics could not be collected; see the log.\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(where.port, where.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { address, port } = server.address() as AddressInfo;
  logger.info(
    { metrics: `http://${address.includes(':') ? `[${address}]` : address}:${port}/metrics` },
    'metrics listening',
  );
  return server;
}
