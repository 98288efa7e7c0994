/**
 * The last global guard: routes for people refuse keys, and a change made with the session cookie
 * must come from the API's own origin or one of `CORS_ORIGINS`.
 */
import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { PROBLEMS } from '@pets/contract';
import type { FastifyRequest } from 'fastify';
import { ApiException } from '../../errors/api-exception.js';
import { PERSON_ONLY } from '../../gate/roles.decorator.js';
import { RouteFlag } from '../../gate/route-flag.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';

/** Methods that change nothing: a session may use them from anywhere the browser allows. */
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * What sessions add to the rules (docs/staff/sign-in.md), after authentication and rate limiting so that a
 * 403 is counted and carries the limit headers: routes for people only refuse keys, and a change
 * made with the session cookie must come from the API's own origin or one of `CORS_ORIGINS` (the
 * browser's `Origin`), or it is `403`. Bearer keys are not affected by the second rule.
 */
@Injectable()
export class SessionAccessGuard implements CanActivate {
  private readonly personOnly: RouteFlag;
  private readonly origins: ReadonlySet<string>;

  constructor(
    reflector: Reflector,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.personOnly = new RouteFlag(reflector, PERSON_ONLY);
    this.origins = new Set(config.corsOrigins);
  }

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const principal = request.principal;
    if (!principal?.session) {
      // A key (or, on an open route, nobody): only the routes for people refuse it.
      if (principal && this.personOnly.of(context)) throw ApiException.of(PROBLEMS.signedInOnly);
      return true;
    }
    if (!SAFE.has(request.method) && !this.allowsOrigin(request))
      throw ApiException.of(PROBLEMS.crossOriginChange);
    return true;
  }

  /** Whether the request's `Origin` is the API's own or one of `CORS_ORIGINS`; none is not. */
  allowsOrigin(request: FastifyRequest): boolean {
    const origin = request.headers.origin;
    if (origin === undefined) return false;
    if (this.origins.has(origin)) return true;
    const own = URL.parse(this.config.publicUrl ?? request.baseUrl)?.origin;
    return own !== undefined && origin === own;
  }
}
