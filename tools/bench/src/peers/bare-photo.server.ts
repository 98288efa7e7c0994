/**
 * The yardstick of the photo row: bare Fastify answering GET /photos/:file with one photo's bytes
 * from memory and the headers the API sends with them (Cache-Control, ETag, Content-Type,
 * Cross-Origin-Resource-Policy); no lookup, no logging, no security headers. Started as
 * `node bare-photo.server.js <port> <file of the bytes> <headers as JSON>`: prints
 * `listening <port>`, exits on SIGTERM.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [, , port = '0', file = '', headers = '{}'] = process.argv;
const bytes = readFileSync(file);
const sent = JSON.parse(headers) as Record<string, string>;

const app = Fastify({ logger: false });
app.get('/photos/:file', (_request, reply) => reply.headers(sent).send(bytes));
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.stdout.write(`listening ${String((app.server.address() as { port: number }).port)}\n`);
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
