/**
 * The session routes (docs/staff/sign-in.md): signing in and out, who is signed in, a person's
 * sessions and ending them, and changing a password, with the session cookie they set and clear.
 */
import { Controller, Param, Req, Res } from '@nestjs/common';
import {
  ChangePassword,
  type CurrentSession,
  ListKeysQuery,
  PROBLEMS,
  SESSION_COOKIE,
  type Session,
  SignIn,
} from '@pets/contract';
import { stringifySetCookie } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { actorOf } from '../../audit/audit.repository.js';
import { pathId } from '../../parsing/path-id.js';
import { ApiException } from '../../errors/api-exception.js';
import { OperationBody, OperationQuery } from '../../parsing/operation-input.js';
import { Operation } from '../../gate/operation.decorator.js';
import { CurrentPrincipal } from '../../gate/principal.decorator.js';
import type { Principal, SessionCaller } from '../../gate/principal.js';
import { answerPage } from '../../paging/paging.js';
import { PeopleService } from '../people.service.js';
import { SessionAccessGuard } from './session-access.guard.js';
import { type NewSession, SessionsService } from './sessions.service.js';

/** The cookie's attributes (docs/staff/sign-in.md); `__Host-` needs Secure, Path=/ and no Domain. */
const COOKIE = { path: '/', httpOnly: true, secure: true, sameSite: 'lax' } as const;

/** Sets the cookie of a session just started. */
export function setSessionCookie(reply: FastifyReply, session: NewSession): void {
  void reply.header('Cache-Control', 'no-store');
  void reply.header(
    'set-cookie',
    stringifySetCookie({
      name: SESSION_COOKIE,
      value: session.id,
      maxAge: session.maxAgeSeconds,
      ...COOKIE,
    }),
  );
}

/** Tells the browser to drop the session cookie. */
function clearSessionCookie(reply: FastifyReply): void {
  void reply.header(
    'set-cookie',
    stringifySetCookie({
      name: SESSION_COOKIE,
      value: '',
      maxAge: 0,
      ...COOKIE,
      expires: new Date(0),
    }),
  );
}

/** What a new session records of the browser that asked for it. */
export const clientOf = (request: FastifyRequest) => ({
  device: request.headers['user-agent'] ?? '',
  address: request.ip,
});

/**
 * A route that starts a session, called from another site's page, is refused: a page may not sign
 * its visitor in (to an account of its choosing). Programs send no `Origin`.
 */
export function refuseOtherSites(request: FastifyRequest, access: SessionAccessGuard): void {
  if (request.headers.origin !== undefined && !access.allowsOrigin(request))
    throw ApiException.of(PROBLEMS.crossOriginChange);
}

/** The routes for people only run for a session: the guard has refused keys. */
export const sessionOf = (principal: Principal): SessionCaller => {
  if (!principal.session) throw new Error('A route for people ran without a session');
  return principal.session;
};

/** Signing in and out, and who is signed in (beta). */
@Controller()
export class SessionController {
  constructor(
    private readonly sessions: SessionsService,
    private readonly people: PeopleService,
    private readonly access: SessionAccessGuard,
  ) {}

  @Operation('signIn')
  async signIn(
    @OperationBody() credentials: SignIn,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    refuseOtherSites(request, this.access);
    setSessionCookie(reply, await this.sessions.signIn(credentials, clientOf(request)));
  }

  @Operation('getCurrentSession')
  current(@CurrentPrincipal() principal: Principal): Promise<CurrentSession> {
    return this.sessions.current({ ...principal, session: sessionOf(principal) });
  }

  @Operation('signOut')
  async signOut(
    @CurrentPrincipal() principal: Principal,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    await this.sessions.end(sessionOf(principal), actorOf(principal));
    clearSessionCookie(reply);
  }

  @Operation('listSessions')
  async listSessions(
    @OperationQuery() query: ListKeysQuery,
    @CurrentPrincipal() principal: Principal,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Session[]> {
    const page = await this.sessions.page(sessionOf(principal), query);
    return answerPage(request, reply, '/sessions', { limit: query.limit }, page);
  }

  @Operation('endSession')
  async endSession(
    @Param('sessionId') sessionId: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<void> {
    const id = pathId(sessionId, PROBLEMS.sessionNotFound);
    await this.sessions.endOwn(sessionOf(principal), id, actorOf(principal));
  }

  @Operation('changePassword')
  changePassword(
    @OperationBody() body: ChangePassword,
    @CurrentPrincipal() principal: Principal,
  ): Promise<void> {
    return this.people.changePassword(sessionOf(principal), principal.accountId, body);
  }

  @Operation('endAllSessions')
  async endAllSessions(
    @CurrentPrincipal() principal: Principal,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    await this.sessions.endAll(sessionOf(principal), actorOf(principal));
    clearSessionCookie(reply);
  }
}
