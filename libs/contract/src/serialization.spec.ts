// Response schemas for the API's serializers: self-contained draft-07, every property the
// service sends and no other, and a refusal for what they cannot describe.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError, NewPet, Pet, Pets } from './index.js';
import { serializationSchema } from './serialization.js';

describe('serializationSchema', () => {
  it('is self-contained: no references, no ids, no dialect', () => {
    for (const schema of [Pet, Pets, ApiError]) {
      const text = JSON.stringify(serializationSchema(schema));
      expect(text).not.toContain('$ref');
      expect(text).not.toContain('$defs');
      expect(text).not.toContain('$schema');
      expect(text).not.toContain('$id');
    }
  });

  it('describes a page of pets as the contract does', () => {
    expect(serializationSchema(Pets)).toMatchObject({
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'name', 'categoryId', 'status'],
        additionalProperties: false,
        properties: {
          id: { type: 'integer' },
          name: { type: 'string' },
          categoryId: { type: 'integer' },
          status: { type: 'string', enum: ['available', 'pending', 'sold'] },
        },
      },
    });
  });

  it('names every property of an error, details included', () => {
    const schema = serializationSchema(ApiError) as { properties: Record<string, unknown> };
    expect(Object.keys(schema.properties)).toEqual(['code', 'message', 'status', 'details']);
  });

  it('describes what the service sends: defaulted fields are always there', () => {
    expect(serializationSchema(NewPet)).toMatchObject({
      required: ['name', 'categoryId', 'status'],
    });
  });

  it('keeps properties the schema does not name out of the response, even for a non-strict object', () => {
    expect(serializationSchema(z.object({ name: z.string() }))).toEqual({
      type: 'object',
      properties: { name: { type: 'string' } },
      required: ['name'],
      additionalProperties: false,
    });
  });

  it('speaks JSON Schema draft-07, the dialect the serializer compiles', () => {
    expect(serializationSchema(z.tuple([z.string(), z.boolean()]))).toEqual({
      type: 'array',
      items: [{ type: 'string' }, { type: 'boolean' }],
      additionalItems: false,
      minItems: 2,
      maxItems: 2,
    });
    expect(serializationSchema(z.record(z.enum(['a', 'b']), z.boolean()))).toMatchObject({
      type: 'object',
      propertyNames: { type: 'string', enum: ['a', 'b'] },
      additionalProperties: { type: 'boolean' },
    });
  });

  it('refuses a schema it cannot describe, rather than letting any value through', () => {
    expect(() => serializationSchema(z.strictObject({ at: z.date() }))).toThrow(
      'Date cannot be represented in JSON Schema',
    );
  });

  it('refuses a recursive schema, which it could only describe with a reference', () => {
    const Category: z.ZodType = z.lazy(() =>
      z.strictObject({ name: z.string(), children: z.array(Category) }),
    );
    expect(() => serializationSchema(Category)).toThrow(/[Cc]ycle/);
  });
});
