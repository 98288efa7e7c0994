/**
 * The yardstick: bare Fastify answering GET /v1/pets with the same 20 pets from memory, no auth,
 * no limits, no database. What Node's HTTP can do on this machine, as close as it gets.
 */
import Fastify from 'fastify';
import { TWENTY_PETS } from './twenty-pets.js';

const port = Number(process.argv[2] ?? 0);

const app = Fastify({ logger: false });
app.get('/v1/pets', () => TWENTY_PETS);
await app.listen({ port, host: '127.0.0.1' });
process.stdout.write(`listening ${String((app.server.address() as { port: number }).port)}\n`);
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
