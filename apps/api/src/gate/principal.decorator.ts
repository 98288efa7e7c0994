/**
 * `@CurrentPrincipal()`: the caller of an authenticated route, as a handler parameter.
 */
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Principal } from './principal.js';

/** The caller of an authenticated route (the guard has already refused everyone else). */
export const CurrentPrincipal = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Principal => {
    const principal = context.switchToHttp().getRequest<FastifyRequest>().principal;
    if (!principal) throw new Error('CurrentPrincipal used on a route without authentication');
    return principal;
  },
);
