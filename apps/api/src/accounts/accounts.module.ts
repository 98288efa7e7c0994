/** Accounts and keys (AccountsCoreModule, which the CLI uses alone), their routes and the key check. */
import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { AuditModule } from '../audit/audit.module.js';
import { AccountController } from './account.controller.js';
import { AccountsCoreModule } from './accounts-core.module.js';
import { AdminController } from './admin.controller.js';
import { ApiKeyStrategy } from './api-keys/api-key.strategy.js';

@Module({
  imports: [PassportModule, AuditModule, AccountsCoreModule],
  controllers: [AccountController, AdminController],
  providers: [ApiKeyStrategy],
  exports: [AccountsCoreModule, ApiKeyStrategy],
})
export class AccountsModule {}
