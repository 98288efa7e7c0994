/**
 * A peer for the bench: bare NestJS on Fastify, one controller answering GET /v1/pets with the
 * baseline's 20 pets from memory; no guards, pipes, logger or database. What NestJS itself costs
 * over Fastify. Started as `node bare-nest.server.js <port>`: prints `listening <port>`, exits on
 * SIGTERM.
 */
import 'reflect-metadata';
import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { TWENTY_PETS } from '../twenty-pets.js';

@Controller('v1/pets')
class PetsController {
  @Get()
  list() {
    return TWENTY_PETS;
  }
}

@Module({ controllers: [PetsController] })
class AppModule {}

const app = await NestFactory.create<NestFastifyApplication>(AppModule, new FastifyAdapter(), {
  logger: false,
});
await app.listen(Number(process.argv[2] ?? 0), '127.0.0.1');
process.stdout.write(`listening ${new URL(await app.getUrl()).port}\n`);
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
