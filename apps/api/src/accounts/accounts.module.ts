import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountEntity } from './account.entity.js';
import { AccountsService } from './accounts.service.js';
import { ApiKeyEntity } from './api-key.entity.js';
import { ApiKeysService } from './api-keys.service.js';
import { ApiKeyStrategy } from './api-key.strategy.js';

/** Accounts and keys. The HTTP app adds the global guard and first-run; the CLI uses the services. */
@Module({
  imports: [PassportModule, TypeOrmModule.forFeature([AccountEntity, ApiKeyEntity])],
  providers: [AccountsService, ApiKeysService, ApiKeyStrategy],
  exports: [AccountsService, ApiKeysService, ApiKeyStrategy],
})
export class AccountsModule {}
