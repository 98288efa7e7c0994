/**
 * `@OperationBody()` and `@OperationQuery()`: a handler's body and query, parsed with the schemas
 * the contract's operations table gives its operation, so a handler never names a schema again.
 */
import { Query } from '@nestjs/common';
import type { Operation, OperationId } from '@pets/contract';
import { JsonBody } from './json-body.decorator.js';
import { ZodPipe } from './zod.pipe.js';

type Input = 'body' | 'query';

/** The parameters each handler marked, by the name of its method. */
const MARKED = new WeakMap<object, Map<string | symbol, Map<Input, number>>>();

function mark(input: Input): ParameterDecorator {
  return (target, key, index) => {
    if (key === undefined) throw new Error(`@Operation${input}() marks a handler's parameter`);
    const handlers = MARKED.get(target) ?? new Map<string | symbol, Map<Input, number>>();
    MARKED.set(target, handlers);
    const inputs = handlers.get(key) ?? new Map<Input, number>();
    handlers.set(key, inputs);
    inputs.set(input, index);
  };
}

/** The request body, parsed with the operation's `body` schema (and its `bodyTypes`). */
export const OperationBody = (): ParameterDecorator => mark('body');
/** The query, parsed with the operation's `query` schema. */
export const OperationQuery = (): ParameterDecorator => mark('query');

/**
 * Gives the parameters `@OperationBody()` and `@OperationQuery()` marked their parsing, when
 * `@Operation(id)` is applied: TypeScript applies a method's parameter decorators before the
 * method's own, so the marks are there, and nothing is looked up per request. A handler that
 * leaves out the table's body, or marks an input the table does not have, stops the app from
 * starting. A redirect for the browser (303) reads its query itself: its errors are redirects too.
 */
export function ParsedInputs(id: OperationId, operation: Operation): MethodDecorator {
  return (target, key) => {
    const inputs = MARKED.get(target)?.get(key) ?? new Map<Input, number>();
    const body = inputs.get('body');
    const query = inputs.get('query');
    if (operation.body && body === undefined)
      throw new Error(`${id}: the table gives a body; its handler must take @OperationBody()`);
    if (operation.query && query === undefined && operation.success.status !== 303)
      throw new Error(`${id}: the table gives a query; its handler must take @OperationQuery()`);
    if (body !== undefined) {
      if (!operation.body) throw new Error(`${id}: the table gives no body to @OperationBody()`);
      JsonBody(operation.bodyTypes, new ZodPipe(operation.body, 'invalid_body'))(target, key, body);
    }
    if (query !== undefined) {
      if (!operation.query) throw new Error(`${id}: the table gives no query to @OperationQuery()`);
      Query(new ZodPipe(operation.query, 'invalid_query'))(target, key, query);
    }
  };
}
