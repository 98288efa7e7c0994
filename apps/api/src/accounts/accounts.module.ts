/** The accounts feature as a NestJS module: accounts, API keys, their endpoints, authentication. */
import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { AuditModule } from '../audit/audit.module.js';
import { AccountController } from './account.controller.js';
import { AccountsRepository } from './accounts.repository.js';
import { AccountsService } from './accounts.service.js';
import { ApiKeysRepository } from './api-keys.repository.js';
import { ApiKeysService } from './api-keys.service.js';
import { AdminController } from './admin.controller.js';
import { ApiKeyStrategy } from './api-key.strategy.js';

/** Accounts and keys, and their operations. The CLI uses the services (no HTTP there). */
@Module({
  imports: [PassportModule, AuditModule],
  controllers: [AccountController, AdminController],
  providers: [
    AccountsRepository,
    ApiKeysRepository,
    AccountsService,
    ApiKeysService,
    ApiKeyStrategy,
  ],
  exports: [AccountsService, ApiKeysService, ApiKeyStrategy],
})
export class AccountsModule {}
