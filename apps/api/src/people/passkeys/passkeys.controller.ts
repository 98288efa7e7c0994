/**
 * The passkey routes (docs/staff/sign-in.md): a person's passkeys (list, begin adding, add, remove),
 * removing their password, and signing in with a passkey (begin, answer), which sets the session
 * cookie as signing in with a password does.
 */
import { Controller, Inject, Param, Req, Res } from '@nestjs/common';
import {
  ListKeysQuery,
  NewPasskey,
  type Passkey,
  PasskeySignIn,
  PROBLEMS,
  RemovePassword,
} from '@pets/contract';
import type { PasskeyOptions } from '@pets/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { actorOf } from '../../audit/audit.repository.js';
import { OperationBody, OperationQuery } from '../../parsing/operation-input.js';
import { Operation } from '../../gate/operation.decorator.js';
import { answerPage } from '../../paging/paging.js';
import { pathId } from '../../parsing/path-id.js';
import { CurrentPrincipal } from '../../gate/principal.decorator.js';
import type { Principal } from '../../gate/principal.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { PasskeysService, type RelyingParty } from './passkeys.service.js';
import { SessionAccessGuard } from '../sessions/session-access.guard.js';
import {
  clientOf,
  refuseOtherSites,
  sessionOf,
  setSessionCookie,
} from '../sessions/session.controller.js';

/** Passkeys (beta). */
@Controller()
export class PasskeysController {
  constructor(
    private readonly passkeys: PasskeysService,
    private readonly access: SessionAccessGuard,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * This API as the relying party: the host name of `PUBLIC_URL` (or of the API's own address, as
   * the Origin rule takes it), for pages on its own origin or one of `CORS_ORIGINS`.
   */
  private relyingParty(request: FastifyRequest): RelyingParty {
    const own = new URL(this.config.publicUrl ?? request.baseUrl);
    return { id: own.hostname, origins: [own.origin, ...this.config.corsOrigins] };
  }

  @Operation('listPasskeys')
  async list(
    @OperationQuery() query: ListKeysQuery,
    @CurrentPrincipal() principal: Principal,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Passkey[]> {
    const page = await this.passkeys.page(sessionOf(principal), query);
    return answerPage(request, reply, '/session/passkeys', { limit: query.limit }, page);
  }

  @Operation('startPasskeyRegistration')
  startRegistration(
    @CurrentPrincipal() principal: Principal,
    @Req() request: FastifyRequest,
  ): Promise<PasskeyOptions> {
    return this.passkeys.startRegistration(sessionOf(principal), this.relyingParty(request));
  }

  @Operation('addPasskey')
  add(
    @OperationBody() body: NewPasskey,
    @CurrentPrincipal() principal: Principal,
    @Req() request: FastifyRequest,
  ): Promise<Passkey> {
    return this.passkeys.add(
      sessionOf(principal),
      body,
      this.relyingParty(request),
      actorOf(principal),
    );
  }

  @Operation('removePasskey')
  remove(
    @Param('passkeyId') passkeyId: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<void> {
    const id = pathId(passkeyId, PROBLEMS.passkeyNotFound);
    return this.passkeys.remove(sessionOf(principal), id, actorOf(principal));
  }

  @Operation('removePassword')
  removePassword(
    @OperationBody() body: RemovePassword,
    @CurrentPrincipal() principal: Principal,
  ): Promise<void> {
    return this.passkeys.removePassword(sessionOf(principal), actorOf(principal), body);
  }

  @Operation('startPasskeySignIn')
  startSignIn(@Req() request: FastifyRequest): Promise<PasskeyOptions> {
    return this.passkeys.startSignIn(this.relyingParty(request));
  }

  @Operation('signInWithPasskey')
  async signIn(
    @OperationBody() body: PasskeySignIn,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    refuseOtherSites(request, this.access);
    const rp = this.relyingParty(request);
    setSessionCookie(reply, await this.passkeys.signIn(body, clientOf(request), rp));
  }
}
