/** Keeps staff-only routes to staff accounts: anyone else gets 403 forbidden. */
import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { PROBLEMS } from '@pets/contract';
import type { FastifyRequest } from 'fastify';
import { ApiException } from '../errors/api-exception.js';
import { STAFF_ONLY } from '../gate/roles.decorator.js';
import { RouteFlag } from '../gate/route-flag.js';

/** Runs after authentication and rate limiting, so a 403 is counted and carries the headers. */
@Injectable()
export class StaffGuard implements CanActivate {
  private readonly staffOnly: RouteFlag;

  constructor(reflector: Reflector) {
    this.staffOnly = new RouteFlag(reflector, STAFF_ONLY);
  }

  canActivate(context: ExecutionContext): boolean {
    if (!this.staffOnly.of(context)) return true;
    if (context.switchToHttp().getRequest<FastifyRequest>().principal?.role === 'staff')
      return true;
    throw ApiException.of(PROBLEMS.staffOnly);
  }
}
