/**
 * A peer for the bench: NestJS as docs.nestjs.com teaches it, on Fastify or on Express. Passport's
 * bearer strategy looks the key up through a TypeORM repository, the throttler guards every route,
 * a global ValidationPipe converts the query, and the service lists pets with `repository.find` on
 * SQLite (better-sqlite3), in a temporary file seeded at start and removed at exit.
 *
 * Started as `node main.js <port> fastify|express` with the key to accept in PEER_API_KEY: prints
 * `listening <port>`, exits on SIGTERM.
 */
import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type INestApplication, ValidationPipe } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import { AppModule } from './app.module.js';
import { seed } from './seed.js';

const [port, platform] = process.argv.slice(2);
const key = process.env['PEER_API_KEY'];
if (key === undefined || (platform !== 'fastify' && platform !== 'express'))
  throw new Error('Usage: PEER_API_KEY=<key> node main.js <port> fastify|express');

const dir = mkdtempSync(join(tmpdir(), 'pets-bench-peer-'));
process.on('exit', () => {
  rmSync(dir, { recursive: true, force: true });
});

const module = AppModule.forDatabase(join(dir, 'pets.sqlite'));
// Errors and warnings only, on stderr: Nest's logger writes no line per request in any case.
const logger = ['error' as const, 'warn' as const];
const app: INestApplication =
  platform === 'fastify'
    ? await NestFactory.create(module, new FastifyAdapter(), { logger })
    : await NestFactory.create(module, { logger });
app.useGlobalPipes(new ValidationPipe({ transform: true }));
await seed(app.get(DataSource), key);
await app.listen(Number(port ?? 0), '127.0.0.1');
process.stdout.write(`listening ${new URL(await app.getUrl()).port}\n`);
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
