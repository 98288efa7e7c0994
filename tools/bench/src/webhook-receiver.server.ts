/**
 * The webhook rows' receiver (webhooks.ts), in a process of its own so that the load generator's
 * event loop never holds an answer back. Started as `node webhook-receiver.server.js <port>`:
 * prints `listening <port>`, exits on SIGTERM.
 *
 * - `POST /hooks/…`: a delivery, noted as its request comes in (the epoch in ms,
 *   `performance.timeOrigin + performance.now()`, which the bench reads the same way), verified
 *   with the `standardwebhooks` package under its path's secret, and answered 204 whatever the
 *   signature (a bad one is counted, not sent again).
 * - `PUT /control/secrets`: `{"<path>": "<secret>", …}`, the secrets that sign each path's deliveries.
 * - `GET /control/arrivals?from=<n>`: the arrivals from the nth on, as JSON.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import type { Arrival } from './webhooks.js';

const port = Number(process.argv[2] ?? 0);
const arrivals: Arrival[] = [];
const verifiers = new Map<string, Webhook>();

/** Whether a delivery's signature holds, and the pet's name its event carries. */
function readDelivery(
  verifier: Webhook | undefined,
  body: string,
  headers: IncomingHttpHeaders,
): Pick<Arrival, 'name' | 'verified'> {
  if (!verifier) return { name: undefined, verified: false };
  try {
    const event = verifier.verify(body, headers as Record<string, string>) as {
      data?: { name?: unknown };
    };
    const name = event.data?.name;
    return { name: typeof name === 'string' ? name : undefined, verified: true };
  } catch {
    return { name: undefined, verified: false };
  }
}

/** A request's body, as text. */
async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

const server = createServer((request, response) => {
  const at = performance.timeOrigin + performance.now();
  const url = new URL(request.url ?? '/', 'http://receiver');
  void bodyOf(request).then((body) => {
    if (url.pathname.startsWith('/hooks/')) {
      const read = readDelivery(verifiers.get(url.pathname), body, request.headers);
      arrivals.push({ path: url.pathname, at, ...read });
      response.writeHead(204).end();
    } else if (url.pathname === '/control/secrets') {
      const secrets = JSON.parse(body) as Record<string, string>;
      for (const [path, secret] of Object.entries(secrets))
        verifiers.set(path, new Webhook(secret));
      response.writeHead(204).end();
    } else if (url.pathname === '/control/arrivals') {
      const from = Number(url.searchParams.get('from') ?? 0);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(arrivals.slice(from)));
    } else response.writeHead(404).end();
  });
});
server.listen(port, '127.0.0.1', () => {
  process.stdout.write(`listening ${String((server.address() as AddressInfo).port)}\n`);
});
process.on('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
