/** The staff-only endpoints under /v1/admin: accounts, their plans and any account's keys. */
import { Controller, Param, Req, Res } from '@nestjs/common';
import {
  type Account,
  type ApiKey,
  type CreatedApiKey,
  ListKeysQuery,
  NewAccount,
  NewApiKey,
  PlanChange,
} from '@pets/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { actorOf } from '../audit/audit.repository.js';
import { OperationBody, OperationQuery } from '../parsing/operation-input.js';
import { CurrentPrincipal } from '../gate/principal.decorator.js';
import type { Principal } from '../gate/principal.js';
import { Operation } from '../gate/operation.decorator.js';
import { answerPage } from '../paging/paging.js';
import { AccountsService } from './accounts.service.js';
import { ApiKeysService } from './api-keys/api-keys.service.js';

/** Staff-only management of accounts, plans and keys (beta). */
@Controller()
export class AdminController {
  constructor(
    private readonly accounts: AccountsService,
    private readonly keys: ApiKeysService,
  ) {}

  @Operation('listAccounts')
  listAccounts(): Promise<Account[]> {
    return this.accounts.views();
  }

  @Operation('createAccount')
  createAccount(
    @OperationBody() body: NewAccount,
    @CurrentPrincipal() principal: Principal,
  ): Promise<Account> {
    return this.accounts.createView(body, actorOf(principal));
  }

  @Operation('changePlan')
  changePlan(
    @Param('accountId') accountId: string,
    @OperationBody() body: PlanChange,
    @CurrentPrincipal() principal: Principal,
  ): Promise<Account> {
    return this.accounts.changePlanView(accountId, body, actorOf(principal));
  }

  @Operation('listKeysOfAccount')
  async listKeys(
    @Param('accountId') accountId: string,
    @OperationQuery() query: ListKeysQuery,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiKey[]> {
    const account = await this.accounts.view(accountId);
    const page = await this.keys.page(account.id, query);
    const path = `/admin/accounts/${account.id}/keys`;
    return answerPage(request, reply, path, { limit: query.limit }, page);
  }

  @Operation('createKeyForAccount')
  createKey(
    @Param('accountId') accountId: string,
    @OperationBody() body: NewApiKey,
    @CurrentPrincipal() principal: Principal,
  ): Promise<CreatedApiKey> {
    return this.accounts
      .view(accountId)
      .then((account) => this.keys.createView(account.id, body.label, actorOf(principal)));
  }

  @Operation('revokeKey')
  revokeKey(
    @Param('keyId') keyId: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<ApiKey> {
    return this.keys.revokeView(keyId, actorOf(principal));
  }
}
