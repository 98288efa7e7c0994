import { Controller, Param } from '@nestjs/common';
import { type Account, type ApiKey, type CreatedApiKey, NewApiKey } from '@pets/contract';
import { actorOf } from '../audit/audit.repository.js';
import { JsonBody } from '../common/json-body.decorator.js';
import { Operation } from '../common/operation.decorator.js';
import { ZodPipe } from '../common/zod.pipe.js';
import { AccountsService } from './accounts.service.js';
import { ApiKeysService } from './api-keys.service.js';
import { CurrentPrincipal } from '../common/principal.decorator.js';
import type { Principal } from '../common/principal.js';

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
  listKeys(@CurrentPrincipal() principal: Principal): Promise<ApiKey[]> {
    return this.keys.views(principal.accountId);
  }

  @Operation('createAccountKey')
  createKey(
    @CurrentPrincipal() principal: Principal,
    @JsonBody(new ZodPipe(NewApiKey, 'invalid_body')) body: NewApiKey,
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
