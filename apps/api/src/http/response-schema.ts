/**
 * `@Responds()`: a route's answers serialized from the contract's schemas, so nothing the contract
 * does not name reaches the client.
 */
import { RouteSchema } from '@nestjs/platform-fastify';
import { ApiError, serializationSchema } from '@pets/contract';
import type { z } from 'zod';

const errorSchema = serializationSchema(ApiError);

/**
 * Fastify compiles a serializer from each status's schema once, on the route's first answer with
 * it (fast-json-stringify: lazy-serializers.ts), instead of `JSON.stringify` per reply. Errors answered on the route go through `Error`'s schema.
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
