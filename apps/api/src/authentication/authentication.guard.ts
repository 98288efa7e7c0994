/**
 * The first global guard: every route needs a valid API key or a person's session unless it is
 * public or open, with the contract's 401 answers and the refusal counted against the caller.
 */
import { type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { HEADERS, type Problem, PROBLEMS } from '@pets/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import passport from 'passport';
import { ApiException } from '../errors/api-exception.js';
import { IS_PUBLIC } from '../gate/public.decorator.js';
import { OPEN } from '../gate/roles.decorator.js';
import { SessionStrategy } from '../people/sessions/session.strategy.js';
import { RouteFlag } from '../gate/route-flag.js';
import { PlanThrottlerGuard } from '../rate-limit/plan-throttler.guard.js';
import { ApiKeyStrategy } from '../accounts/api-keys/api-key.strategy.js';
import type { Principal } from '../gate/principal.js';

const REALM = 'Bearer realm="petstore"';

const asError = (error: unknown): Error =>
  error instanceof Error ? error : new Error(String(error));

/** What passport's `authenticate` gives: run with the request, the reply and what follows. */
type PassportMiddleware = (
  request: FastifyRequest,
  reply: FastifyReply,
  next: (error?: unknown) => void,
) => void;

/** What `AuthGuard` hands passport by default: no passport sessions (ours are a strategy). */
const AUTHENTICATE_OPTIONS = { session: false };

export const missingApiKey = () =>
  ApiException.of(PROBLEMS.missingApiKey, undefined, { [HEADERS.wwwAuthenticate]: REALM });

export const invalidApiKey = () =>
  ApiException.of(PROBLEMS.invalidApiKey, undefined, {
    [HEADERS.wwwAuthenticate]: `${REALM}, error="invalid_token"`,
  });

/** The refusal the strategy decided, as the answer: with its RFC 6750 challenge for a key. */
export const refusal = (problem: Problem) =>
  problem.code === 'missing_api_key'
    ? missingApiKey()
    : problem.code === 'invalid_api_key'
      ? invalidApiKey()
      : ApiException.of(problem);

/**
 * The refusal among the strategies' (passport gives one, or one per strategy when all failed): the
 * key's when it says the key is invalid, otherwise the session's (which steps aside, saying
 * nothing, for a request with a key), otherwise "missing".
 */
function chosenRefusal(challenge: unknown): Problem {
  const problems = (Array.isArray(challenge) ? challenge : [challenge]).filter(
    (problem): problem is Problem => problem !== undefined && problem !== null,
  );
  return (
    problems.find((problem) => problem.code !== 'missing_api_key') ??
    problems[0] ??
    PROBLEMS.missingApiKey
  );
}

/**
 * Passport runs {@link ApiKeyStrategy} (the Authorization header: `missing_api_key` or
 * `invalid_api_key`), then {@link SessionStrategy} (the session cookie, when no key was sent).
 * Refused requests count against the caller's address at the Free plan's limits (so guessing keys
 * is throttled too) before the 401; a key that could not be looked up (database away) is a 503.
 */
@Injectable()
export class AuthenticationGuard extends AuthGuard() {
  private readonly isPublic: RouteFlag;
  /** The strategies passport tries, in order: the key, then the session. */
  private readonly strategies: string[];
  private readonly isOpen: RouteFlag;

  constructor(
    reflector: Reflector,
    strategy: ApiKeyStrategy,
    sessions: SessionStrategy,
    private readonly throttler: PlanThrottlerGuard,
  ) {
    // Passport's own sessions are off by default in @nestjs/passport (`defaultOptions.session`), and
    // this guard never calls `logIn`: passport only puts the caller on `request.principal`. Ours
    // are a strategy like the keys.
    super({ defaultStrategy: [strategy.name, sessions.name], property: 'principal' });
    this.strategies = [strategy.name, sessions.name];
    this.isPublic = new RouteFlag(reflector, IS_PUBLIC);
    this.isOpen = new RouteFlag(reflector, OPEN);
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    if (this.isPublic.of(context) || this.isOpen.of(context)) return true;
    const http = context.switchToHttp();
    try {
      await this.authenticate(http.getRequest<FastifyRequest>(), http.getResponse<FastifyReply>());
    } catch (error) {
      // A refused key counts against the address (guessing is throttled); a key that could not be
      // checked (the database is away) is not the caller's doing: it gets the 503, never a 429.
      if (error instanceof ApiException && error.status === 401)
        await this.throttler.canActivate(context);
      throw error;
    }
    // What an authenticated request gets (a new key, for one) is for this caller only: no cache,
    // shared or private, keeps it.
    void http.getResponse<FastifyReply>().header('cache-control', 'no-store');
    return true;
  }

  /**
   * Passport runs the strategies, as `AuthGuard.canActivate` has it do, with the options worked
   * out once instead of spread together on every request: the caller lands on `request.principal`.
   */
  private authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    return new Promise((resolve, reject) => {
      const done = (error: unknown, principal: Principal | false, challenge: unknown) => {
        try {
          request.principal = this.handleRequest(error, principal, challenge);
          resolve();
        } catch (refused) {
          reject(asError(refused));
        }
      };
      const middleware = passport.authenticate(
        this.strategies,
        AUTHENTICATE_OPTIONS,
        done,
      ) as PassportMiddleware;
      middleware(request, reply, (error) => {
        if (error) reject(asError(error));
        else resolve();
      });
    });
  }

  override handleRequest<TUser = Principal>(
    error: unknown,
    principal: TUser | false,
    challenge: unknown,
  ): TUser {
    if (error instanceof Error) throw error;
    if (error) throw new Error('The bearer strategy failed without an Error');
    if (!principal) throw refusal(chosenRefusal(challenge));
    return principal;
  }
}
