/** The `Idempotency-Key` header of a create, checked: absent, or 1 to 255 printable ASCII characters. */
import { HEADERS, IdempotencyKey } from '@pets/contract';
import { ZodPipe } from '../parsing/zod.pipe.js';

export const idempotencyKeyPipe = new ZodPipe(
  IdempotencyKey.optional(),
  'invalid_body',
  HEADERS.idempotencyKey,
);
