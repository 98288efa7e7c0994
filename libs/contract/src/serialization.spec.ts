import { describe, expect, it } from 'vitest';
import { ApiError, Pet, Pets } from './index.js';
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
});
