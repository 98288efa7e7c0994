// Answers are serialized from the contract's schemas: the same JSON as JSON.stringify, and nothing
// the contract does not name.
import 'reflect-metadata';
import { FASTIFY_ROUTE_SCHEMA_METADATA } from '@nestjs/platform-fastify/constants.js';
import { ApiError, ListedPet, ListedPets, Pet, Pets, serializationSchema } from '@pets/contract';
import fastJsonStringify from 'fast-json-stringify';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { PetsController } from '../pets/pets.controller.js';
import { lazySerializers } from './lazy-serializers.js';

const schemaOf = (handler: unknown) =>
  Reflect.getMetadata(FASTIFY_ROUTE_SCHEMA_METADATA, handler as object) as {
    response: Record<string, object>;
  };

describe('response serialization from the contract', () => {
  it('gives each pets route the contract schema of its success and of its errors', () => {
    const proto = PetsController.prototype;
    expect(schemaOf(proto.list).response).toEqual({
      200: serializationSchema(ListedPets),
      '4xx': serializationSchema(ApiError),
      '5xx': serializationSchema(ApiError),
    });
    expect(schemaOf(proto.create).response[201]).toEqual(serializationSchema(Pet));
    expect(schemaOf(proto.get).response[200]).toEqual(serializationSchema(ListedPet));
  });

  it('sends what JSON.stringify would for a contract pet, and nothing the contract does not name', () => {
    const serialize: (value: unknown) => string = fastJsonStringify(serializationSchema(Pets));
    const pets = [
      { id: 1, name: 'Rex "the dog" \\ 🐕 \u2028', categoryId: 9007199254740991, status: 'sold' },
    ];
    expect(serialize(pets)).toBe(JSON.stringify(pets));
    expect(JSON.parse(serialize([{ ...pets[0], createdAt: 1, hash: 'x' }]))).toEqual(pets);
  });
});

describe("Fastify's serializers, compiled on first answer (lazy-serializers.ts)", () => {
  const withLazySerializers = () =>
    Fastify({ schemaController: { compilersFactory: { buildSerializer: lazySerializers() } } });

  it('serializes from the route schema, leaving out what it does not name, on every answer', async () => {
    const app = withLazySerializers();
    app.get('/pet', { schema: { response: { 200: serializationSchema(Pet) } } }, () => ({
      id: 1,
      name: 'Rex',
      categoryId: null,
      status: 'available',
      hash: 'secret',
    }));
    for (let answer = 0; answer < 2; answer += 1) {
      const reply = await app.inject({ method: 'GET', url: '/pet' });
      expect(reply.statusCode).toBe(200);
      expect(reply.json()).not.toHaveProperty('hash');
      expect(reply.json()).toMatchObject({ id: 1, name: 'Rex' });
    }
    await app.close();
  });

  it('compiles nothing at start: a schema that cannot compile fails its first answer, not ready()', async () => {
    const broken = { type: 'object', properties: { a: { $ref: '#/definitions/missing' } } };
    const eager = Fastify();
    eager.get('/broken', { schema: { response: { 200: broken } } }, () => ({ a: 1 }));
    await expect(eager.ready()).rejects.toThrow();
    await eager.close();

    const app = withLazySerializers();
    app.get('/broken', { schema: { response: { 200: broken } } }, () => ({ a: 1 }));
    app.get('/fine', { schema: { response: { 200: { type: 'object' } } } }, () => ({}));
    await app.ready();
    expect((await app.inject({ method: 'GET', url: '/fine' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/broken' })).statusCode).toBe(500);
    await app.close();
  });
});
