import { type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { HEADERS, PROBLEMS } from '@pets/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiException } from '../common/api-exception.js';
import { IS_PUBLIC } from '../common/public.decorator.js';
import { RouteFlag } from '../common/route-flag.js';
import { RateLimitService } from '../rate-limit/rate-limit.service.js';
import type { Principal } from './principal.js';

const REALM = 'Bearer realm="petstore"';

export const missingApiKey = () =>
  ApiException.of(PROBLEMS.missingApiKey, undefined, { [HEADERS.wwwAuthenticate]: REALM });

export const invalidApiKey = () =>
  ApiException.of(PROBLEMS.invalidApiKey, undefined, {
    [HEADERS.wwwAuthenticate]: `${REALM}, error="invalid_token"`,
  });

/** What passport sees of a request: the Authorization header only, never a body or query token. */
interface PassportView {
  headers: { authorization: string };
  principal?: Principal;
}

/**
 * The one global guard: every route needs a valid API key unless it is marked `@Public()`.
 * No Authorization header, or one of another scheme, is `missing_api_key`; a bearer token that is
 * not a live key is `invalid_api_key`. Such requests count against the caller's address at the Free
 * plan's limits (so guessing keys is throttled too) before the 401 is sent.
 */
@Injectable()
export class ApiKeyGuard extends AuthGuard('bearer') {
  private readonly isPublic: RouteFlag;

  constructor(
    reflector: Reflector,
    private readonly rateLimit: RateLimitService,
  ) {
    // Sessions are off by default in @nestjs/passport (`defaultOptions.session`), and this guard never
    // calls `logIn`: only where passport puts the caller is set.
    super({ property: 'principal' });
    this.isPublic = new RouteFlag(reflector, IS_PUBLIC);
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    if (this.isPublic.of(context)) return true;

    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest & { passportView?: PassportView }>();
    const authorization = request.headers.authorization;
    if (authorization === undefined || !/^bearer(\s|$)/i.test(authorization)) {
      await this.rateLimit.consumeAnonymous(request, http.getResponse<FastifyReply>());
      throw missingApiKey();
    }

    const view: PassportView = { headers: { authorization } };
    request.passportView = view;
    try {
      await super.canActivate(context);
    } catch (error) {
      await this.rateLimit.consumeAnonymous(request, http.getResponse<FastifyReply>());
      throw error;
    }
    request.principal = view.principal;
    // What an authenticated request gets (a new key, for one) is for this caller only: no cache,
    // shared or private, keeps it.
    void http.getResponse<FastifyReply>().header('Cache-Control', 'no-store');
    return true;
  }

  /** Only called by `super.canActivate`, which `canActivate` reaches after setting `passportView`. */
  override getRequest(context: ExecutionContext): PassportView {
    return context.switchToHttp().getRequest<FastifyRequest & { passportView: PassportView }>()
      .passportView;
  }

  override handleRequest<TUser = Principal>(error: unknown, principal: TUser | false): TUser {
    if (error instanceof Error) throw error;
    if (error) throw new Error('The bearer strategy failed without an Error');
    if (!principal) throw invalidApiKey();
    return principal;
  }
}
