import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountController } from './account.controller.js';
import { AccountEntity } from './account.entity.js';
import { AccountsService } from './accounts.service.js';
import { ApiKeyEntity } from './api-key.entity.js';
import { ApiKeysService } from './api-keys.service.js';
import { AdminController } from './admin.controller.js';
import { ApiKeyStrategy } from './api-key.strategy.js';

/** Accounts and keys, and their operations. The CLI uses the services (no HTTP there). */
@Module({
  imports: [PassportModule, TypeOrmModule.forFeature([AccountEntity, ApiKeyEntity])],
  controllers: [AccountController, AdminController],
  providers: [AccountsService, ApiKeysService, ApiKeyStrategy],
  exports: [AccountsService, ApiKeysService, ApiKeyStrategy],
})
export class AccountsModule {}
