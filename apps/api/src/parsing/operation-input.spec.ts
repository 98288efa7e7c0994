// A handler's body and query come from the operations table: one left out or one the table does
// not have stops the app at its start, before any request (the parsing itself: *.http.spec.ts).
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { describe, expect, it } from 'vitest';
import { Operation } from '../gate/operation.decorator.js';
import { OperationBody, OperationQuery } from './operation-input.js';
import { ZodPipe } from './zod.pipe.js';

describe('@OperationBody() and @OperationQuery()', () => {
  it('give the marked parameters the table’s parsing', () => {
    class Handlers {
      @Operation('listPets')
      list(@OperationQuery() _query: unknown) {}
      @Operation('createPet')
      create(@OperationBody() _pet: unknown) {}
    }
    const pipes = (method: string) =>
      Object.values(
        Reflect.getMetadata(ROUTE_ARGS_METADATA, Handlers, method) as Record<
          string,
          { index: number; pipes: unknown[] }
        >,
      ).map(({ index, pipes: found }) => [index, found.map((pipe) => pipe instanceof ZodPipe)]);
    expect(pipes('list')).toEqual([[0, [true]]]);
    expect(pipes('create')).toEqual([[0, [true]]]);
  });

  it('refuse a handler that leaves out the table’s body or query', () => {
    expect(() => {
      class Handlers {
        @Operation('createPet')
        create() {}
      }
      return Handlers;
    }).toThrow('createPet: the table gives a body; its handler must take @OperationBody()');
    expect(() => {
      class Handlers {
        @Operation('listPets')
        list() {}
      }
      return Handlers;
    }).toThrow('listPets: the table gives a query; its handler must take @OperationQuery()');
  });

  it('refuse a body or query the table does not have', () => {
    expect(() => {
      class Handlers {
        @Operation('getPetProfile')
        get(@OperationBody() _body: unknown) {}
      }
      return Handlers;
    }).toThrow('getPetProfile: the table gives no body to @OperationBody()');
    expect(() => {
      class Handlers {
        @Operation('createPet')
        create(@OperationBody() _body: unknown, @OperationQuery() _query: unknown) {}
      }
      return Handlers;
    }).toThrow('createPet: the table gives no query to @OperationQuery()');
  });

  it('leave a redirect for the browser to read its own query', () => {
    expect(() => {
      class Handlers {
        @Operation('finishSingleSignOn')
        finish() {}
      }
      return Handlers;
    }).not.toThrow();
  });
});
