/**
 * Response schemas as self-contained JSON Schema, for the serializers the API compiles from the
 * contract at start.
 */
import { z } from 'zod';

/** A JSON Schema object, as plain data. */
export type JsonSchema = { [key: string]: unknown };

/**
 * A response schema as one self-contained JSON Schema (draft-07, nothing referenced, no `$schema`),
 * for a serializer compiled from it at start (the API's replies go through fast-json-stringify). It
 * describes what the service sends, so it also keeps any property the contract does not name out of
 * the response.
 */
export function serializationSchema(schema: z.ZodType): JsonSchema {
  // An empty registry: no schema has an id, so nothing becomes a `$ref`.
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io: 'output',
    target: 'draft-07',
    metadata: z.registry(),
    unrepresentable: 'throw',
    cycles: 'throw',
  });
  return rest;
}
