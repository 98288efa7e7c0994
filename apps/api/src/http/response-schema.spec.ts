// Answers are serialized from the contract's schemas: the same JSON as JSON.stringify, and nothing
// the contract does not name.
import 'reflect-metadata';
import { FASTIFY_ROUTE_SCHEMA_METADATA } from '@nestjs/platform-fastify/constants.js';
import { ApiError, ListedPet, ListedPets, Pet, Pets, serializationSchema } from '@pets/contract';
import fastJsonStringify from 'fast-json-stringify';
import { describe, expect, it } from 'vitest';
import { PetsController } from '../pets/pets.controller.js';

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
