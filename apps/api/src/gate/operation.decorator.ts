/**
 * `@Operation(id)`: serves an operation of the contract's table at its method and path, with its
 * success status, its response schema and who may call it.
 */
import { applyDecorators, Delete, Get, HttpCode, Patch, Post, SetMetadata } from '@nestjs/common';
import { type Operation as ContractOperation, type OperationId, OPERATIONS } from '@pets/contract';
import { routeOf } from './allowed-methods.js';
import { Public } from './public.decorator.js';
import { Gated } from './gate.decorator.js';
import { Responds } from '../http/response-schema.js';
import { ParsedInputs } from '../parsing/operation-input.js';
import { Open, PersonOnly, StaffOnly } from './roles.decorator.js';

export const OPERATION_ID = 'petstore:operation';

const ROUTE = { GET: Get, POST: Post, PATCH: Patch, DELETE: Delete } as const;

/**
 * Serves an operation of the contract's table (`OPERATIONS`): its method and path under `/v1`, its
 * success status and response schema, its body and query parsed with the table's schemas
 * (`@OperationBody()`, `@OperationQuery()`), and who may call it. The route is the table's, never
 * written again here, and a test checks that every operation is served once and nothing else is.
 */
export function Operation(id: OperationId): MethodDecorator {
  const operation: ContractOperation = OPERATIONS[id];
  return applyDecorators(
    ROUTE[operation.method](routeOf(operation).slice(1)),
    HttpCode(operation.success.status),
    Responds(
      operation.success.schema ? { [operation.success.status]: operation.success.schema } : {},
    ),
    SetMetadata(OPERATION_ID, id),
    ParsedInputs(id, operation),
    Gated(operation.upload?.maxBytes),
    ...(operation.access === 'public' ? [Public()] : []),
    ...(operation.access === 'staff' ? [StaffOnly()] : []),
    ...(operation.access === 'person' ? [PersonOnly()] : []),
    ...(operation.access === 'open' ? [Open()] : []),
  );
}
