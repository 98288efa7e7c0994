/**
 * `@Responds()`: a route's answers serialized from the contract's schemas, so nothing the contract
 * does not name reaches the client.
 */
import { RouteSchema } from '@nestjs/platform-fastify';
import { ApiError, serializationSchema } from '@pets/contract';
import type { z } from 'zod';

const errorSchema = serializationSchema(ApiError);

/**
 * The route's responses, by status, as the contract's schemas: Fastify compiles a serializer from
 * each once, at start (fast-json-stringify), instead of `JSON.stringify` per reply, and a property
 * the contract does not name never reaches the client. Errors answered on the route (401, 429, 400…)
 * go through the contract's `Error` schema.
 */
export const Responds = (success: Record<number, z.ZodType>) =>
  RouteSchema({
    response: {
      ...Object.fromEntries(
        Object.entries(success).map(([status, schema]) => [status, serializationSchema(schema)]),
      ),
      '4xx': errorSchema,
      '5xx': errorSchema,
    },
  });
