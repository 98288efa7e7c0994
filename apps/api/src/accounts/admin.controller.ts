import { Controller, Param } from '@nestjs/common';
import {
  type Account,
  type ApiKey,
  type CreatedApiKey,
  NewAccount,
  NewApiKey,
  PlanChange,
} from '@pets/contract';
import { actorOf } from '../audit/audit.repository.js';
import { JsonBody } from '../common/json-body.decorator.js';
import { CurrentPrincipal } from '../common/principal.decorator.js';
import type { Principal } from '../common/principal.js';
import { Operation } from '../common/operation.decorator.js';
import { ZodPipe } from '../common/zod.pipe.js';
import { AccountsService } from './accounts.service.js';
import { ApiKeysService } from './api-keys.service.js';

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
    @JsonBody(new ZodPipe(NewAccount, 'invalid_body')) body: NewAccount,
    @CurrentPrincipal() principal: Principal,
  ): Promise<Account> {
    return this.accounts.createView(body, actorOf(principal));
  }

  @Operation('changePlan')
  changePlan(
    @Param('accountId') accountId: string,
    @JsonBody(new ZodPipe(PlanChange, 'invalid_body')) body: PlanChange,
    @CurrentPrincipal() principal: Principal,
  ): Promise<Account> {
    return this.accounts.changePlanView(accountId, body, actorOf(principal));
  }

  @Operation('listKeysOfAccount')
  listKeys(@Param('accountId') accountId: string): Promise<ApiKey[]> {
    return this.accounts.view(accountId).then((account) => this.keys.views(account.id));
  }

  @Operation('createKeyForAccount')
  createKey(
    @Param('accountId') accountId: string,
    @JsonBody(new ZodPipe(NewApiKey, 'invalid_body')) body: NewApiKey,
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
