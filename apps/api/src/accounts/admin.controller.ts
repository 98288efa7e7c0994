import { Controller, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post } from '@nestjs/common';
import {
  type Account,
  type ApiKey,
  type CreatedApiKey,
  NewAccount,
  NewApiKey,
  PlanChange,
} from '@pets/contract';
import { JsonBody } from '../common/json-body.decorator.js';
import { StaffOnly } from '../common/roles.decorator.js';
import { ZodPipe } from '../common/zod.pipe.js';
import { AccountsService } from './accounts.service.js';
import { ApiKeysService } from './api-keys.service.js';

/** Staff-only management of accounts, plans and keys (beta). */
@Controller('v1/admin')
@StaffOnly()
export class AdminController {
  constructor(
    private readonly accounts: AccountsService,
    private readonly keys: ApiKeysService,
  ) {}

  @Get('accounts')
  listAccounts(): Promise<Account[]> {
    return this.accounts.views();
  }

  @Post('accounts')
  @HttpCode(HttpStatus.CREATED)
  createAccount(
    @JsonBody(new ZodPipe(NewAccount, 'invalid_body')) body: NewAccount,
  ): Promise<Account> {
    return this.accounts.createView(body);
  }

  @Patch('accounts/:accountId')
  changePlan(
    @Param('accountId') accountId: string,
    @JsonBody(new ZodPipe(PlanChange, 'invalid_body')) body: PlanChange,
  ): Promise<Account> {
    return this.accounts.changePlanView(accountId, body);
  }

  @Get('accounts/:accountId/keys')
  listKeys(@Param('accountId') accountId: string): Promise<ApiKey[]> {
    return this.accounts.view(accountId).then((account) => this.keys.views(account.id));
  }

  @Post('accounts/:accountId/keys')
  @HttpCode(HttpStatus.CREATED)
  createKey(
    @Param('accountId') accountId: string,
    @JsonBody(new ZodPipe(NewApiKey, 'invalid_body')) body: NewApiKey,
  ): Promise<CreatedApiKey> {
    return this.accounts
      .view(accountId)
      .then((account) => this.keys.createView(account.id, body.label));
  }

  @Delete('keys/:keyId')
  revokeKey(@Param('keyId') keyId: string): Promise<ApiKey> {
    return this.keys.revokeView(keyId);
  }
}
