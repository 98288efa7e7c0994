/**
 * The routes of invitations, password resets and people: making and using one-time links, an
 * account's people and deactivating a person.
 */
import { Controller, Inject, Param, Req, Res } from '@nestjs/common';
import {
  AcceptInvitation,
  type Invitation,
  ListKeysQuery,
  NewInvitation,
  type OpenInvitation,
  type Person,
  type PasswordResetLink,
  PROBLEMS,
  ResetPassword,
} from '@pets/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { actorOf } from '../audit/audit.repository.js';
import { pathId } from '../parsing/path-id.js';
import { OperationBody, OperationQuery } from '../parsing/operation-input.js';
import { Operation } from '../gate/operation.decorator.js';
import { CurrentPrincipal } from '../gate/principal.decorator.js';
import type { Principal } from '../gate/principal.js';
import { answerPage } from '../paging/paging.js';
import { AccountsService } from '../accounts/accounts.service.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { InvitationsService } from './links/invitations.service.js';
import { LinksService } from './links/links.service.js';
import { PeopleService } from './people.service.js';
import { SessionAccessGuard } from './sessions/session-access.guard.js';
import { clientOf, refuseOtherSites, setSessionCookie } from './sessions/session.controller.js';

/** Invitations and password resets (beta): one-time links, and using them. */
@Controller()
export class PeopleController {
  constructor(
    private readonly people: PeopleService,
    private readonly links: LinksService,
    private readonly invitations: InvitationsService,
    private readonly access: SessionAccessGuard,
    private readonly accounts: AccountsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Where links point: `PUBLIC_URL`'s origin, or the address the request came to. */
  private originOf(request: FastifyRequest): string {
    return new URL(this.config.publicUrl ?? request.baseUrl).origin;
  }

  @Operation('createInvitation')
  createInvitation(
    @OperationBody() body: NewInvitation,
    @CurrentPrincipal() principal: Principal,
    @Req() request: FastifyRequest,
  ): Promise<Invitation> {
    return this.links.invite(
      principal.accountId,
      body.email,
      actorOf(principal),
      this.originOf(request),
    );
  }

  @Operation('createInvitationForAccount')
  createInvitationForAccount(
    @Param('accountId') accountId: string,
    @OperationBody() body: NewInvitation,
    @CurrentPrincipal() principal: Principal,
    @Req() request: FastifyRequest,
  ): Promise<Invitation> {
    return this.links.invite(
      pathId(accountId, PROBLEMS.accountNotFound),
      body.email,
      actorOf(principal),
      this.originOf(request),
    );
  }

  @Operation('acceptInvitation')
  async acceptInvitation(
    @OperationBody() body: AcceptInvitation,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    refuseOtherSites(request, this.access);
    setSessionCookie(reply, await this.people.accept(body, clientOf(request)));
  }

  @Operation('createPasswordReset')
  createPasswordReset(
    @Param('personId') personId: string,
    @CurrentPrincipal() principal: Principal,
    @Req() request: FastifyRequest,
  ): Promise<PasswordResetLink> {
    return this.links.resetLink(
      pathId(personId, PROBLEMS.personNotFound),
      actorOf(principal),
      this.originOf(request),
    );
  }

  @Operation('resetPassword')
  async resetPassword(
    @OperationBody() body: ResetPassword,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    refuseOtherSites(request, this.access);
    setSessionCookie(reply, await this.people.reset(body, clientOf(request)));
  }

  @Operation('listPeople')
  async listPeople(
    @OperationQuery() query: ListKeysQuery,
    @CurrentPrincipal() principal: Principal,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Person[]> {
    const page = await this.people.page(principal.accountId, query);
    return answerPage(request, reply, '/account/people', { limit: query.limit }, page);
  }

  @Operation('listPeopleOfAccount')
  async listPeopleOfAccount(
    @Param('accountId') accountId: string,
    @OperationQuery() query: ListKeysQuery,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Person[]> {
    const account = await this.accounts.findOrThrow(accountId);
    const page = await this.people.page(account.id, query);
    return answerPage(
      request,
      reply,
      `/admin/accounts/${account.id}/people`,
      { limit: query.limit },
      page,
    );
  }

  @Operation('deactivatePerson')
  deactivatePerson(
    @Param('personId') personId: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<Person> {
    return this.people.deactivate(pathId(personId, PROBLEMS.personNotFound), actorOf(principal));
  }

  @Operation('reactivatePerson')
  reactivatePerson(
    @Param('personId') personId: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<Person> {
    return this.people.reactivate(pathId(personId, PROBLEMS.personNotFound), actorOf(principal));
  }

  @Operation('listInvitationsOfAccount')
  async listInvitationsOfAccount(
    @Param('accountId') accountId: string,
    @OperationQuery() query: ListKeysQuery,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<OpenInvitation[]> {
    const account = await this.accounts.findOrThrow(accountId);
    const page = await this.invitations.page(account.id, query);
    return answerPage(
      request,
      reply,
      `/admin/accounts/${account.id}/invitations`,
      { limit: query.limit },
      page,
    );
  }

  @Operation('revokeInvitation')
  revokeInvitation(
    @Param('invitationId') invitationId: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<void> {
    return this.invitations.revoke(
      pathId(invitationId, PROBLEMS.invitationNotFound),
      actorOf(principal),
    );
  }

  @Operation('listAccountInvitations')
  async listAccountInvitations(
    @OperationQuery() query: ListKeysQuery,
    @CurrentPrincipal() principal: Principal,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<OpenInvitation[]> {
    const page = await this.invitations.page(principal.accountId, query);
    return answerPage(request, reply, '/account/invitations', { limit: query.limit }, page);
  }

  @Operation('revokeAccountInvitation')
  revokeAccountInvitation(
    @Param('invitationId') invitationId: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<void> {
    return this.invitations.revoke(
      pathId(invitationId, PROBLEMS.invitationNotFound),
      actorOf(principal),
      principal.accountId,
    );
  }
}
