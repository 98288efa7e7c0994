/**
 * Accounts and API keys without their HTTP routes or authentication (AccountsModule): what the
 * command-line tool needs. A file of its own, so that the tool loads no controller and none of
 * what HTTP brings (Fastify and its schema compilers, passport).
 */
import { Module } from '@nestjs/common';
import { AuditTrailModule } from '../audit/audit-trail.module.js';
import { AccountsRepository } from './accounts.repository.js';
import { AccountsService } from './accounts.service.js';
import { ApiKeysRepository } from './api-keys/api-keys.repository.js';
import { ApiKeysService } from './api-keys/api-keys.service.js';

@Module({
  imports: [AuditTrailModule],
  providers: [AccountsRepository, ApiKeysRepository, AccountsService, ApiKeysService],
  exports: [AccountsService, ApiKeysService],
})
export class AccountsCoreModule {}
