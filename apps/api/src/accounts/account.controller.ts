/** The caller's own account and keys under /v1/account: see it, list, create and revoke keys. */
import { Controller, Param, Req, Res } from '@nestjs/common';
import {
  type Account,
  type ApiKey,
  type CreatedApiKey,
  ListKeysQuery,
  NewApiKey,
} from '@pets/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { actorOf } from '../audit/audit.repository.js';
import { OperationBody, OperationQuery } from '../parsing/operation-input.js';
import { Operation } from '../gate/operation.decorator.js';
import { answerPage } from '../paging/paging.js';
import { AccountsService } from './accounts.service.js';
import { ApiKeysService } from './api-keys/api-keys.service.js';
import { CurrentPrincipal } from '../gate/principal.decorator.js';
import type { Principal } from '../gate/principal.js';

/** The signed-in account and its own keys (beta): any valid key. */
@Controller()
export class AccountController {
  constructor(
    private readonly accounts: AccountsService,
    private readonly keys: ApiKeysService,
  ) {}

  @Operation('getAccount')
  get(@CurrentPrincipal() principal: Principal): Promise<Account> {
    return this.accounts.view(principal.accountId);
  }

  @Operation('listAccountKeys')
  async listKeys(
    @OperationQuery() query: ListKeysQuery,
    @CurrentPrincipal() principal: Principal,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiKey[]> {
    const page = await this.keys.page(principal.accountId, query);
    return answerPage(request, reply, '/account/keys', { limit: query.limit }, page);
  }

  @Operation('createAccountKey')
  createKey(
    @CurrentPrincipal() principal: Principal,
    @OperationBody() body: NewApiKey,
  ): Promise<CreatedApiKey> {
    return this.keys.createView(principal.accountId, body.label, actorOf(principal));
  }

  @Operation('revokeAccountKey')
  revokeKey(
    @CurrentPrincipal() principal: Principal,
    @Param('keyId') keyId: string,
  ): Promise<ApiKey> {
    return this.keys.revokeView(keyId, actorOf(principal), principal.accountId);
  }
}
