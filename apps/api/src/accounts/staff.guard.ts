import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { ApiException } from '../common/api-exception.js';
import { STAFF_ONLY } from '../common/roles.decorator.js';

/** Runs after authentication and rate limiting, so a 403 is counted and carries the headers. */
@Injectable()
export class StaffGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const staffOnly = this.reflector.getAllAndOverride<boolean | undefined>(STAFF_ONLY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!staffOnly) return true;
    if (context.switchToHttp().getRequest<FastifyRequest>().principal?.role === 'staff')
      return true;
    throw new ApiException('forbidden', 'This endpoint is for staff accounts only.');
  }
}
