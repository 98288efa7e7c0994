/**
 * Passport's strategy for the session cookie: the session a request's cookie names, refused when it
 * has ended, and stepping aside for a request that carries a key.
 */
import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { PROBLEMS, SESSION_COOKIE } from '@pets/contract';
import type { FastifyRequest } from 'fastify';
import { parseCookie } from 'cookie';
import passport from 'passport';
import { ApiException } from '../../errors/api-exception.js';
import { SessionsService } from './sessions.service.js';

/** Each `__Host-pets_session=` in a Cookie header (several lines arrive joined with `; `). */
const SESSION_COOKIES = new RegExp(`(?:^|;)\\s*${SESSION_COOKIE}=`, 'g');

/** The session id the request's cookie carries; `400` when it carries two (never a guess). */
export function sessionIdOf(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (header === undefined || !header.includes(SESSION_COOKIE)) return undefined;
  if ((header.match(SESSION_COOKIES) ?? []).length > 1)
    throw ApiException.of(PROBLEMS.headerSentTwice(`${SESSION_COOKIE} cookie`));
  return parseCookie(header)[SESSION_COOKIE];
}

let registered = 0;

/**
 * Passport's strategy for people's sessions: the `__Host-pets_session` cookie. It steps aside when
 * the request carries an `Authorization` header (the key strategy decides those: an explicit key
 * wins over an ambient cookie) and fails with `missing_api_key` when there is no cookie, so a
 * request with neither gets the key strategy's words. A cookie naming no live session is
 * `invalid_credentials` (the session has ended).
 */
@Injectable()
export class SessionStrategy extends passport.Strategy implements OnApplicationShutdown {
  override readonly name = `session-${++registered}`;

  constructor(private readonly sessions: SessionsService) {
    super();
    passport.use(this);
  }

  /** Called by passport with the request Nest's guard gives it: Fastify's (typed as Express's). */
  override authenticate(req: Parameters<passport.Strategy['authenticate']>[0]): void {
    const request = req as unknown as FastifyRequest;
    if (request.headers.authorization !== undefined) {
      this.fail(undefined, 401);
      return;
    }
    let id: string | undefined;
    try {
      id = sessionIdOf(request);
    } catch (error) {
      this.error(error);
      return;
    }
    if (id === undefined) {
      this.fail(PROBLEMS.missingApiKey, 401);
      return;
    }
    this.sessions.authenticate(id).then(
      (principal) => {
        if (principal) this.success(principal);
        else this.fail(PROBLEMS.sessionEnded, 401);
      },
      (error: unknown) => {
        this.error(error);
      },
    );
  }

  onApplicationShutdown(): void {
    passport.unuse(this.name);
  }
}
